/**
 * Response bodies shaped like the contract (openapi/openapi.yaml). Unit tests use them through
 * mockFetch; they are plain data so end-to-end fixtures can reuse them.
 */
export function envelope<T>(data: T) {
  return { success: true, code: 200, msg: 'ok', data };
}

export const navTree = [
  {
    id: 101,
    name: '产品',
    router: '/productList',
    status: 0,
    templateStyle: 'products',
    uniqueness: 'products',
    children: [
      {
        id: 111,
        name: '协作机器人',
        router: '/productList/1',
        status: 0,
        children: [
          { id: 1111, name: 'JAKA Zu 7', router: '/productDetails/7', status: 0, productType: 'C', children: [] },
          { id: 1112, name: 'JAKA MiniCobo', router: '/productDetails/9', status: 0, flag: 1, children: [] },
          { id: 1113, name: '已下线型号', router: '/productDetails/3', status: 1, children: [] },
        ],
      },
      { id: 112, name: '隐藏分类', router: '/productList/2', status: 1, children: [] },
    ],
  },
  {
    id: 102,
    name: '服务支持',
    router: null,
    status: 0,
    templateStyle: 'serviceSupport',
    children: [
      { id: 121, name: '下载中心', router: '/download', status: 0, children: [] },
      { id: 122, name: '在线商城', router: null, externalLink: 'https://shop.example.com/', status: 0, children: [] },
    ],
  },
  { id: 103, name: '关于我们', router: '/about', status: 0, templateStyle: 'aboutJaka', children: [] },
  { id: 104, name: '内部页面', router: '/secret', status: 1, children: [] },
];

export const languages = {
  total: 4,
  rows: [
    { languageCode: 'zh', languageName: '简体中文', isShow: 0 },
    { languageCode: 'en', languageName: 'English', isShow: 0 },
    { languageCode: 'jp', languageName: '日本語', isShow: 0 },
    { languageCode: 'ru', languageName: 'Русский', isShow: 1 },
  ],
};

export const homeBanners = [
  {
    id: 1,
    type: 2,
    image: '/img/banner-1.jpg',
    mobileImage: '/img/banner-1-m.jpg',
    title: 'JAKA Zu series',
    subhead: 'Safe, flexible, easy to deploy',
    color: '#ffffff',
    link: '/productList/1',
    sort: 1,
  },
  { id: 2, type: 2, image: '/img/banner-2.jpg', title: 'MiniCobo', subhead: null, color: '#16191d', link: null, sort: 2 },
  { id: 3, type: 2, image: '/img/banner-3.jpg', title: 'Global service', link: 'https://www.example.com/service' },
];

export const homeAggregate = {
  banners: homeBanners,
  news: [
    {
      id: 39,
      typeId: 1,
      title: 'The 50,000th JAKA cobot leaves the line',
      summary: 'A milestone for the Changzhou factory.',
      image: '/img/news-39.jpg',
      publishTime: '2026-10-27T10:00:00+08:00',
      hot: true,
      top: true,
    },
    {
      id: 36,
      typeId: 4,
      title: 'Hannover Messe 2026',
      summary: null,
      image: null,
      publishTime: '2026-04-20T09:00:00+08:00',
      hot: false,
      top: false,
    },
  ],
  cards: [
    { id: 1, title: 'JAKA Zu Cobots', subhead: '3–18 kg', image: '/img/zu.jpg', link: '/productList/1' },
    { id: 2, title: 'JAKA Pro', subhead: null, image: '/img/pro.jpg', link: null },
  ],
  industries: [
    { id: 1, name: 'Automotive', image: '/img/auto.jpg', summary: 'Assembly and welding', isShow: 0 },
    { id: 5, name: 'Hidden industry', image: '/img/h.jpg', summary: null, isShow: 1 },
  ],
};

export const siteInfo = {
  logo: '/img/logo.svg',
  phone: '400-006-2665',
  serverMail: 'service@example.com',
  mailbox: 'info@example.com',
  address: 'Building 33, No. 610 Jianchuan Road, Shanghai',
  websiteTitle: 'JAKA Robotics',
  icp: '沪ICP备15056138号-1',
  police: '沪公网安备 31011202012773号',
  policeUrl: 'https://beian.mps.gov.cn/#/query/webSearch?code=31011202012773',
  law: [
    { dictValue: 'terms', dictLabel: 'Terms of use' },
    { dictValue: 'privacy', dictLabel: 'Privacy policy' },
  ],
  basicInformationLogos: [
    { id: 1, url: null, logo: '/img/logos/WeChat.svg', checkLogo: null, qrCode: '/img/qr-wechat.svg', mtLogo: null },
    { id: 5, url: 'https://www.linkedin.com/company/x', logo: '/img/logos/LinkedIn.svg', checkLogo: null, qrCode: null, mtLogo: null },
  ],
  footerLinks: [
    {
      name: 'Products',
      router: '/productList',
      externalLink: null,
      children: [
        { name: 'JAKA Zu', router: '/productList/1', externalLink: null, children: [] },
        { name: 'Shop', router: null, externalLink: 'https://shop.example.com/', children: [] },
      ],
    },
  ],
};

export const footerBanners = [
  {
    id: 1901,
    type: 19,
    image: '/img/footer.jpg',
    mobileImage: null,
    title: 'Talk to an application engineer',
    subhead: 'Reply within one business day',
    color: '#ffffff',
    link: '/contact',
    sort: 1,
  },
];

export const keywords = [
  { id: 1, keyword: 'JAKA Zu 7', link: '/productDetails/103' },
  { id: 2, keyword: 'IP68 cobot', link: null },
];

/** A refusal in the contract's envelope (errors: the fields it names). */
export function failure(code: number, errorKey: string, msg: string, errors: Array<{ field: string; message: string }> = []) {
  return { success: false, code, msg, data: null, errorKey, ...(errors.length ? { errors } : {}) };
}

/** What saving a CMS form's record answers (queued: kept to send later). */
export const recordReceipt = (queued = false) => ({ recordId: queued ? null : 70001, duplicate: false, queued });
