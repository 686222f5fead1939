/**
 * Content bodies shaped like the contract that shared code's tests (page heads, structured data)
 * use as well as the features' own tests.
 */

export const article = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  title: `Article ${id}`,
  subhead: `Subhead ${id}`,
  image: `/cms-assets/pictures/article-${id}.svg`,
  content: `<p>Body of ${id}</p>`,
  publishTime: '2026-03-02T10:00:00+08:00',
  seoTitle: null,
  seoDescription: null,
  sections: [],
  ...overrides,
});

export function faq(id: number, typeId: number, question: string) {
  return { id, typeId, question, answer: `<p>Answer to question ${id}.</p>` };
}

export const allFaqs = [
  faq(1, 11, 'Can the robot be mounted on a wall or ceiling?'),
  faq(5, 12, 'How do I set the tool centre point (TCP)?'),
  faq(17, 3, 'How does collision detection work?'),
  faq(18, 3, 'How do I adjust collision sensitivity?'),
];

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
