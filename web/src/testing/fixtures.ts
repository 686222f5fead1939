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
