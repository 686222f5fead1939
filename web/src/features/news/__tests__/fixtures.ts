/** Contract-shaped news data for the news pages' tests. */
export const newsTypes = [
  { id: 1, typeName: 'Company News', key: 'company' },
  { id: 2, typeName: 'Industry Insights', key: 'insights' },
  { id: 3, typeName: 'JAKA Weekly', key: 'weekly' },
];

export function newsItem(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    typeId: 1,
    title: `News number ${id}`,
    summary: `Summary of news ${id}`,
    image: `/cms-assets/pictures/news-${id}.svg`,
    publishTime: '2026-10-27T10:00:00+08:00',
    hot: false,
    top: false,
    ...overrides,
  };
}

export const firstPage = {
  total: 20,
  rows: [
    newsItem(39, { title: 'The 50,000th JAKA cobot leaves the Changzhou line', hot: true, top: true }),
    newsItem(37, { typeId: 3, title: 'JAKA Weekly | ESG update' }),
    newsItem(36, { typeId: 4, title: 'Hannover Messe 2026', image: null, summary: null }),
  ],
};

export const hotNews = [
  newsItem(39, { title: 'The 50,000th JAKA cobot leaves the Changzhou line', hot: true, top: true }),
  newsItem(33, { title: 'JAKA App 3.0', hot: true }),
];

export function article(overrides: Record<string, unknown> = {}) {
  return {
    ...newsItem(35, { title: 'JAKA Pro series certified for cleanrooms' }),
    content: '<p>The Pro series is certified.</p><h2>Why it matters</h2><p>See <a href="/productList/2">the Pro series</a>.</p>',
    author: 'JAKA Newsroom',
    source: null,
    previous: { id: 33, typeId: 1, title: 'JAKA App 3.0' },
    next: { id: 39, typeId: 1, title: 'The 50,000th JAKA cobot' },
    seoTitle: null,
    seoDescription: null,
    ...overrides,
  };
}
