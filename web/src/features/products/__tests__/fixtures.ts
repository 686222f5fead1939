/** Product-centre bodies shaped like the contract (openapi/openapi.yaml), for the unit tests. */

export const zu3 = {
  id: 101,
  productName: 'JAKA Zu 3',
  productType: null,
  lineId: 1,
  image: '/img/zu-3.svg',
  summary: 'The lightest Zu.',
  payload: 3,
  reach: 626,
};
export const zu7 = { ...zu3, id: 103, productName: 'JAKA Zu 7', image: '/img/zu-7.svg', summary: 'Best seller.', payload: 7, reach: 819 };
export const pro5 = { ...zu3, id: 201, productName: 'JAKA Pro 5', lineId: 2, image: '/img/pro-5.svg', summary: 'IP68.', payload: 5, reach: 954 };
export const c5 = { ...zu3, id: 301, productName: 'JAKA C5', productType: 'C', lineId: 3, image: '/img/c-5.svg', summary: null, payload: 5, reach: 954 };
export const lumi = { ...zu3, id: 401, productName: 'JAKA Lumi M1', productType: 'M', lineId: 4, image: '/img/lumi.svg', payload: 5, reach: null };
export const gripper = { ...zu3, id: 501, productName: 'Gripper kit', lineId: 5, image: '/img/grip.svg', payload: null, reach: null };

export const productLines = [
  { id: 1, lineName: 'JAKA Zu Cobots', programId: 1, image: '/img/line-zu.svg', summary: 'Six-axis cobots.', children: [zu3, zu7] },
  { id: 2, lineName: 'JAKA Pro Cobots', programId: 1, image: '/img/line-pro.svg', summary: null, children: [pro5] },
  { id: 3, lineName: 'JAKA C Series', programId: 1, image: '/img/line-c.svg', summary: 'Compact.', children: [c5] },
  { id: 4, lineName: 'JAKA Mobile Manipulators', programId: 1, image: '/img/line-m.svg', children: [lumi] },
  { id: 5, lineName: 'Accessories', programId: 1, image: '/img/line-a.svg', children: [gripper] },
];

export const productColumn = {
  id: 1,
  geneId: 101,
  title: 'Products',
  subhead: 'Cobots from 3 to 18 kg',
  banner: '/img/column-products.svg',
  content: '<p>JAKA cobots are built on <strong>integrated joints</strong>.</p><script>window.hacked = true</script>',
  seoTitle: 'Collaborative robot products | JAKA Robotics',
  seoDescription: 'JAKA Zu, Pro and C series cobots.',
};

export const productBanners = [
  { id: 1101, type: 10, image: '/img/b1.svg', mobileImage: null, title: 'Cobots for every task', subhead: null, color: '#ffffff', link: '/productList', sort: 1 },
  { id: 1102, type: 10, image: '/img/b2.svg', mobileImage: '/img/b2-m.svg', title: 'Compare models side by side', subhead: 'At a glance', color: '#0b1f3a', link: '/productComparison', sort: 2 },
];

export const lineDetail = {
  ...productLines[0],
  banner: '/img/line-zu-banner.svg',
  description: '<p>The JAKA Zu series is the core line.</p>',
  features: [
    { title: 'Hand-guided teaching', content: '<p>Move the arm by hand.</p>', image: '/img/f1.svg' },
    { title: 'Built to work beside people', content: '<p>Collision detection.</p>', image: null },
  ],
  seoTitle: null,
  seoDescription: null,
};

function download(id: number, title: string, loginRequired: boolean, extra: Record<string, unknown> = {}) {
  return {
    id,
    parentId: 2,
    title,
    fileName: `${title.replace(/ /g, '_')}.pdf`,
    fileType: 'pdf',
    fileSize: 19_305_472,
    url: loginRequired ? null : `/files/${id}.pdf`,
    previewUrl: null,
    version: 'V2.4',
    publishTime: '2026-03-10T10:00:00+08:00',
    loginRequired,
    ...extra,
  };
}

export const productDetail = {
  ...zu7,
  programId: 1,
  lineName: 'JAKA Zu Cobots',
  images: ['/img/zu-7.svg', '/img/zu-7-cell.svg', '/img/zu-7-detail.svg'],
  content: '<p>JAKA Zu 7 is the most widely used model.</p><img src="x" onerror="window.hacked = true">',
  highlights: [{ title: 'Payload for tool and part', content: '<p>7 kg covers a gripper.</p>', image: '/img/h1.svg' }],
  specGroups: [
    {
      groupName: 'Performance',
      items: [
        { name: 'Payload', value: '7', unit: 'kg' },
        { name: 'Reach', value: '819', unit: 'mm' },
        { name: 'Repeatability', value: '±0.02', unit: 'mm' },
        { name: 'Degrees of freedom', value: '6', unit: null },
      ],
    },
    { groupName: 'Physical', items: [{ name: 'Mounting', value: 'Floor, wall, ceiling', unit: null }] },
    { groupName: 'Empty group', items: [] },
  ],
  downloads: [
    download(5001, 'JAKA Zu user manual', false),
    download(5014, 'JAKA Zu 7 CAD model', true, { fileType: 'zip', fileSize: 30_408_704, version: null }),
  ],
  applications: [
    { id: 1, name: 'Precision Assembly', image: '/img/a1.svg', summary: 'Insertion.', flag: 0 },
    { id: 8, name: 'Hidden dispensing', image: '/img/a8.svg', summary: null, flag: 1 },
  ],
  seoTitle: 'JAKA Zu 7 Cobot | 7 kg Payload',
  seoDescription: 'JAKA Zu 7: 7 kg payload.',
};

export const comparison = {
  products: [zu3, pro5, c5],
  parameters: [
    { groupName: 'Performance', name: 'Payload', unit: 'kg', values: ['3', '5', '5'] },
    { groupName: 'Performance', name: 'Degrees of freedom', unit: null, values: ['6', '6', '6'] },
    { groupName: 'Environment', name: 'IP rating', unit: null, values: ['IP54', 'IP68', 'IP54'] },
    { groupName: 'Environment', name: 'Special protection', unit: null, values: [null, 'Dust-tight', null] },
    { groupName: 'Controller', name: 'Cabinet', unit: null, values: ['Cab 2.1', 'Cab 2.1', 'Cab 2.1'] },
  ],
};
