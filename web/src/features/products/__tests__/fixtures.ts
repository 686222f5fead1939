/** Product-centre bodies shaped like the contract (openapi/openapi.yaml), for the unit tests. */
import { zu3, zu7 } from '@/testing/content';

export { productColumn, productDetail, zu3, zu7 } from '@/testing/content';

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
