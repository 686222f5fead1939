import { describe, expect, it } from 'vitest';
import { type PageHeadInput, applyHead, buildPageHead, canonicalSearch, cardImage, headHtml, jsonForScript } from '../page-head';

const base = {
  lang: 'en' as const,
  origin: 'https://www.jaka.com',
  pathname: '/en/productDetails/103',
  search: '?utm_source=mail&id=3',
  title: 'JAKA Zu 7 | JAKA Robotics',
  description: 'Seven kilograms, <safely> & "quickly".',
  siteName: 'JAKA Robotics',
  noindex: false,
  trail: [{ name: 'Products', path: '/productList' }],
  pageName: 'JAKA Zu 7',
};

describe('the head of a page', () => {
  it('has a canonical URL with only the query that changes the page, and 13 alternates', () => {
    const head = buildPageHead(base);
    expect(head.canonical).toBe('https://www.jaka.com/en/productDetails/103?id=3');
    expect(head.alternates).toHaveLength(13);
    expect(head.alternates.find((l) => l.hrefLang === 'x-default')?.href).toBe('https://www.jaka.com/productDetails/103?id=3');
    expect(head.alternates.find((l) => l.hrefLang === 'en-DE')?.href).toBe('https://www.jaka.com/en_eu/productDetails/103?id=3');
    expect(head.alternates.find((l) => l.hrefLang === 'ja')?.href).toBe('https://www.jaka.com/jp/productDetails/103?id=3');
  });

  it('keeps page parameters in one order whatever order the address had', () => {
    expect(canonicalSearch('?page=2&type=1&junk=x')).toBe('?type=1&page=2');
    expect(canonicalSearch('?junk=x')).toBe('');
  });

  it('adds a breadcrumb from home over the pages above to the page', () => {
    const [breadcrumb] = buildPageHead(base).structuredData;
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });
    const items = (breadcrumb as { itemListElement: Array<{ position: number; name: string; item: string }> }).itemListElement;
    expect(items.map((i) => [i.position, i.name, i.item])).toEqual([
      [1, 'JAKA Robotics', 'https://www.jaka.com/en/index'],
      [2, 'Products', 'https://www.jaka.com/en/productList'],
      [3, 'JAKA Zu 7', 'https://www.jaka.com/en/productDetails/103?id=3'],
    ]);
  });

  it('gives drafts and personal pages noindex, no alternates and no structured data', () => {
    const head = buildPageHead({ ...base, noindex: true });
    expect(head.alternates).toEqual([]);
    expect(head.structuredData).toEqual([]);
    expect(headHtml(head)).toContain('<meta name="robots" content="noindex, nofollow" data-page-head>');
  });

  it('makes the social-card picture absolute, the site card by default', () => {
    expect(buildPageHead(base).image).toBe('https://www.jaka.com/social-card.png');
    expect(buildPageHead({ ...base, image: '/cms-assets/p/zu7.png' }).image).toBe('https://www.jaka.com/cms-assets/p/zu7.png');
  });

  it('escapes every value written into the HTML', () => {
    const html = headHtml(buildPageHead({ ...base, title: '</title><script>alert(1)</script>' }));
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('content="Seven kilograms, &lt;safely&gt; &amp; &quot;quickly&quot;."');
    expect(html).not.toContain('<script>alert');
  });

  it('writes JSON that cannot close its script block', () => {
    const text = jsonForScript({ a: '</script><script>x</script>', b: '\u2028' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ a: '</script><script>x</script>', b: '\u2028' });
    const html = headHtml(buildPageHead({ ...base, structuredData: [{ '@type': 'Thing', name: '</script>' }] }));
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('replaces the previous page head in a live document', () => {
    applyHead(buildPageHead(base), document);
    applyHead(buildPageHead({ ...base, lang: 'jp', pathname: '/jp/news', search: '', title: 'ニュース' }), document);
    expect(document.title).toBe('ニュース');
    expect(document.documentElement.lang).toBe('ja');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://www.jaka.com/jp/news');
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(13);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});

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
    expect(canonicalSearch('?utm_source=mail&type=campus&id=16')).toBe('?type=campus&id=16');
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
