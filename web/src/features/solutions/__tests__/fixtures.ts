/** Solution-centre bodies shaped like the contract (openapi/openapi.yaml), for the unit tests. */

const product = (id: number, productName: string, productType: 'C' | 'M' | null = null) => ({
  id,
  productName,
  productType,
  lineId: Math.floor(id / 100),
  image: `/img/p${id}.svg`,
  summary: null,
  payload: 7,
  reach: 819,
});

export const solutionMenu = {
  industries: [
    { id: 1, name: 'Automotive & Parts', image: '/img/i1.svg', summary: 'Assembly and welding.', isShow: 0 },
    { id: 2, name: 'Electronics', image: '/img/i2.svg', summary: null, isShow: 0 },
    { id: 7, name: 'Logistics', image: '/img/i7.svg', summary: 'Hidden.', isShow: 1 },
  ],
  applications: [
    { id: 1, name: 'Precision Assembly', image: '/img/a1.svg', summary: 'Insertion.', flag: 0 },
    { id: 2, name: 'Palletizing', image: '/img/a2.svg', summary: null, flag: 0 },
    { id: 8, name: 'Gluing & Dispensing', image: '/img/a8.svg', summary: 'Hidden.', flag: 1 },
  ],
  productLevels: [
    { id: 1, name: 'Light payload (≤ 5 kg)', image: '/img/l1.svg' },
    { id: 2, name: 'Medium payload (7–12 kg)', image: null },
  ],
};

export const solutionBanners = [
  { id: 1601, type: 16, image: '/img/b1.svg', mobileImage: null, title: 'Solutions by industry and application', subhead: 'Proven cells', color: '#ffffff', link: '/solutionList', sort: 1 },
  { id: 1602, type: 16, image: '/img/b2.svg', mobileImage: null, title: 'Customer cases: cobots at work', subhead: null, color: '#ffffff', link: '/case', sort: 2 },
];

export const caseRow = (id: number, industryId = 1, industryName = 'Automotive & Parts') => ({
  id,
  title: `Case ${id}`,
  customer: id % 2 ? `Customer ${id}` : null,
  industryId,
  industryName,
  image: `/img/c${id}.svg`,
  summary: `Summary of case ${id}.`,
  publishTime: '2025-11-12T10:00:00+08:00',
});

export const industryDetail = {
  ...solutionMenu.industries[0],
  banner: '/img/i1-banner.svg',
  content: '<p>Carmakers face shorter model cycles.</p><iframe src="https://evil.example"></iframe>',
  painPoints: [
    { title: 'Frequent model changes', content: '<p>A cobot is re-taught in hours.</p>', image: '/img/p1.svg' },
    { title: 'Night-shift staffing', content: '<p>Cobots run every shift.</p>', image: null },
  ],
  applications: solutionMenu.applications,
  cases: [caseRow(1), caseRow(2)],
  products: [product(103, 'JAKA Zu 7'), product(301, 'JAKA C5', 'C')],
  seoTitle: 'Cobots for Automotive & Parts | JAKA',
  seoDescription: null,
};

export const hiddenIndustry = { ...industryDetail, ...solutionMenu.industries[2], seoTitle: null, cases: [] };

export const applicationDetail = {
  ...solutionMenu.applications[2],
  banner: null,
  content: '<p>Bead quality depends on speed and flow.</p>',
  highlights: [{ title: 'Even beads', content: '<p>Constant TCP speed.</p>', image: null }],
  products: [product(103, 'JAKA Zu 7')],
  cases: [],
  seoTitle: null,
  seoDescription: null,
};

export const levelDetail = {
  ...solutionMenu.productLevels[0],
  summary: 'Small and light.',
  content: '<p>Cobots with up to 5 kg payload.</p>',
  products: [product(401, 'JAKA Lumi M1', 'M')],
  cases: [caseRow(7, 4, 'Semiconductors')],
  seoTitle: null,
  seoDescription: null,
};

export const caseDetail = {
  ...caseRow(12, 6, 'Food & Beverage'),
  customer: 'Naniwa Bakery Co., Ltd.',
  content: '<h3>The challenge</h3><p>Handling 40 hot trays an hour.</p><a href="javascript:alert(1)">x</a>',
  products: [product(202, 'JAKA Pro 12')],
  seoTitle: null,
  seoDescription: 'Tray handling at a bakery.',
};
