import { describe, expect, it } from 'vitest';
import { type PageHeadInput, buildPageHead, canonicalSearch, cardImage, headHtml } from '../page-head';

const ORIGIN = 'https://www.jaka.com';

function input(overrides: Partial<PageHeadInput> = {}): PageHeadInput {
  return {
    lang: 'en',
    origin: ORIGIN,
    pathname: '/en/productDetails/103',
    search: '',
    title: 'JAKA Zu 7 | JAKA Robotics',
    description: 'Best seller.',
    siteName: 'JAKA Robotics',
    noindex: false,
    trail: [{ name: 'Products', path: '/productList' }],
    pageName: 'JAKA Zu 7',
    ...overrides,
  };
}

describe('the canonical query', () => {
  it('keeps what chooses the list a page shows, and drops what changes nothing', () => {
    expect(canonicalSearch('?utm_source=mail&type=campus&id=16')).toBe('?id=16&type=campus');
    expect(canonicalSearch('?keyword=robot&fbclid=x')).toBe('');
  });
});

describe('the social card', () => {
  it('is the page picture when social networks can show it', () => {
    const head = buildPageHead(input({ image: '/cms-assets/pictures/zu-7.jpg', type: 'product' }));
    expect(head.image).toBe('https://www.jaka.com/cms-assets/pictures/zu-7.jpg');
    expect(head.type).toBe('product');
    expect(headHtml(head)).toContain('<meta property="og:image" content="https://www.jaka.com/cms-assets/pictures/zu-7.jpg" data-page-head>');
    expect(headHtml(head)).toContain('<meta property="og:type" content="product" data-page-head>');
  });

  it('is the site card for pages without a picture, and for vector pictures no network shows', () => {
    expect(buildPageHead(input()).image).toBe('https://www.jaka.com/social-card.png');
    expect(buildPageHead(input({ image: '/cms-assets/pictures/zu-7.svg' })).image).toBe('https://www.jaka.com/social-card.png');
    expect(buildPageHead(input({ image: '/cms-assets/pictures/zu-7.SVG?v=2' })).image).toBe('https://www.jaka.com/social-card.png');
  });

  it('is chosen among a page picture and its gallery', () => {
    expect(cardImage(['/img/zu-7.svg', null, '/img/zu-7-cell.webp', '/img/zu-7.png'])).toBe('/img/zu-7-cell.webp');
    expect(cardImage(['/img/zu-7.svg', undefined])).toBeNull();
  });
});

describe('structured data', () => {
  const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'JAKA Zu 7' };

  it('follows the breadcrumb every page has', () => {
    const head = buildPageHead(input({ structuredData: [product] }));
    expect(head.structuredData.map((data) => data['@type'])).toEqual(['BreadcrumbList', 'Product']);
  });

  it('is left out of pages that are not indexed', () => {
    expect(buildPageHead(input({ noindex: true, structuredData: [product] })).structuredData).toEqual([]);
  });
});
