import { describe, expect, it } from 'vitest';
import { siteOrganization } from '@/api/organization';
import { selectSiteInfo } from '@/api/site-info';
import { allFaqs, productDetail } from '@/testing/content';
import { envelope, siteInfo } from '@/testing/fixtures';
import { buildPageHead, headHtml } from '../page-head';
import {
  absoluteUrl,
  absoluteUrls,
  excerpt,
  faqPageData,
  htmlToText,
  jobPostingData,
  newsArticleData,
  productData,
  summaryOf,
} from '../structured-data';

const ORIGIN = 'https://www.jaka.com';

/** Every JSON-LD block of a head as the server writes it, parsed as a crawler would. */
function ldJsonBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match): unknown => JSON.parse(match[1] ?? ''));
}

describe('text of CMS HTML', () => {
  it('drops tags, decodes entities and keeps one line per block', () => {
    expect(htmlToText('<p>Mount it on a <strong>wall</strong> &amp; ceiling.</p><ul><li>M8&nbsp;bolts</li><li>&lt;5&#176; tilt&#x21;</li></ul>')).toBe(
      'Mount it on a wall & ceiling.\nM8 bolts\n<5° tilt!',
    );
    expect(htmlToText('line one<br>line two<script>alert(1)</script><!-- note -->')).toBe('line one\nline two');
    expect(htmlToText(null)).toBe('');
  });

  it('cuts long text at a word where the language has spaces, and at the limit where it has none', () => {
    const english = 'JAKA cobots are built on integrated joints with hollow wiring, so the arm is light, compact and easy to mount wherever the work is done.';
    expect(excerpt(english, 60)).toBe('JAKA cobots are built on integrated joints with hollow…');
    expect([...excerpt(english, 60)].length).toBeLessThanOrEqual(60);
    const chinese = '节卡协作机器人采用一体化关节设计，中空走线，机身轻巧紧凑，安装灵活，适用于装配、搬运、检测等多种场景。';
    expect(excerpt(chinese, 20)).toBe('节卡协作机器人采用一体化关节设计，中空…');
    expect(excerpt('Short.', 60)).toBe('Short.');
  });

  it('summarises a page by the first text it has, else by the beginning of its body', () => {
    expect(summaryOf([null, '  Cobots  from 3 to 18 kg ', 'later'], '<p>Body</p>')).toBe('Cobots from 3 to 18 kg');
    expect(summaryOf([null, ''], '<p>JAKA cobots are built on <strong>integrated joints</strong>.</p>')).toBe('JAKA cobots are built on integrated joints.');
  });

  it('makes site paths absolute and keeps no other scheme than the web', () => {
    expect(absoluteUrl(ORIGIN, '/cms-assets/pictures/zu-7.png')).toBe('https://www.jaka.com/cms-assets/pictures/zu-7.png');
    expect(absoluteUrl(ORIGIN, 'https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(absoluteUrl(ORIGIN, 'javascript:alert(1)')).toBeNull();
    expect(absoluteUrl(ORIGIN, '')).toBeNull();
    expect(absoluteUrls(ORIGIN, ['/a.png', null, '/a.png', '/b.png'])).toEqual(['https://www.jaka.com/a.png', 'https://www.jaka.com/b.png']);
  });
});

describe('the company (Organization)', () => {
  const site = selectSiteInfo(envelope(siteInfo));

  it('is built from the site information: name, home, logo, contacts, address and profiles', () => {
    const organization = siteOrganization('JAKA Robotics', ORIGIN, `${ORIGIN}/en/index`, site);
    expect(organization.data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://www.jaka.com/#organization',
      name: 'JAKA Robotics',
      url: 'https://www.jaka.com/en/index',
      logo: 'https://www.jaka.com/img/logo.svg',
      email: 'info@example.com',
      telephone: '400-006-2665',
      address: 'Building 33, No. 610 Jianchuan Road, Shanghai',
      contactPoint: [{ '@type': 'ContactPoint', contactType: 'customer service', telephone: '400-006-2665', email: 'service@example.com' }],
      // WeChat only shows a QR code; LinkedIn is a profile page.
      sameAs: ['https://www.linkedin.com/company/x'],
    });
    expect(organization.reference).toEqual({
      '@type': 'Organization',
      '@id': 'https://www.jaka.com/#organization',
      name: 'JAKA Robotics',
      url: 'https://www.jaka.com/en/index',
      logo: 'https://www.jaka.com/img/logo.svg',
    });
  });

  it('is still named while the site information loads, with nothing made up', () => {
    const organization = siteOrganization('节卡机器人', ORIGIN, `${ORIGIN}/index`, undefined);
    expect(organization.data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://www.jaka.com/#organization',
      name: '节卡机器人',
      url: 'https://www.jaka.com/index',
    });
  });
});

describe('page items', () => {
  const publisher = siteOrganization('JAKA Robotics', ORIGIN, `${ORIGIN}/en/index`, selectSiteInfo(envelope(siteInfo))).reference;

  it('describes a product by what its page says, without offers or ratings', () => {
    const data = productData({
      name: productDetail.productName,
      description: productDetail.summary,
      images: absoluteUrls(ORIGIN, [...productDetail.images, productDetail.image]),
      brand: 'JAKA Robotics',
      manufacturer: publisher,
      category: productDetail.lineName,
      url: `${ORIGIN}/en/productDetails/103`,
    });
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'JAKA Zu 7',
      description: 'Best seller.',
      image: ['https://www.jaka.com/img/zu-7.svg', 'https://www.jaka.com/img/zu-7-cell.svg', 'https://www.jaka.com/img/zu-7-detail.svg'],
      brand: { '@type': 'Brand', name: 'JAKA Robotics' },
      manufacturer: publisher,
      category: 'JAKA Zu Cobots',
      url: 'https://www.jaka.com/en/productDetails/103',
    });
    expect(data).not.toHaveProperty('offers');
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('describes a news article with its dates, picture, author and publisher', () => {
    const article = {
      title: 'JAKA at Automatica 2025',
      summary: 'Meet the new cobots in Munich.',
      image: '/cms-assets/pictures/news-35.jpg',
      publishTime: '2026-03-17T10:00:00+08:00',
      author: 'JAKA Newsroom',
    };
    const data = newsArticleData({
      headline: article.title,
      description: article.summary,
      images: absoluteUrls(ORIGIN, [article.image]),
      datePublished: article.publishTime,
      author: article.author,
      publisher,
      url: `${ORIGIN}/en/newsDetail/35?typeId=1`,
      inLanguage: 'en',
    });
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'JAKA at Automatica 2025',
      description: 'Meet the new cobots in Munich.',
      image: ['https://www.jaka.com/cms-assets/pictures/news-35.jpg'],
      datePublished: '2026-03-17T10:00:00+08:00',
      author: [{ '@type': 'Organization', name: 'JAKA Newsroom' }],
      publisher,
      mainEntityOfPage: 'https://www.jaka.com/en/newsDetail/35?typeId=1',
      url: 'https://www.jaka.com/en/newsDetail/35?typeId=1',
      inLanguage: 'en',
    });
    // Without a named author the company wrote it; without a change date none is claimed.
    const unsigned = newsArticleData({ ...{ headline: 'x', images: [], datePublished: '2026-01-01T00:00:00Z', publisher, url: 'u', inLanguage: 'en' }, author: null });
    expect(unsigned.author).toEqual([publisher]);
    expect(unsigned).not.toHaveProperty('dateModified');
    expect(unsigned).not.toHaveProperty('image');
  });

  it('describes a position with the fields Google requires, leaving out the country the CMS does not give', () => {
    const data = jobPostingData({
      title: 'Motion Control Algorithm Engineer',
      description: '<ul><li>Develop trajectory planning</li></ul>',
      datePosted: '2026-11-18T10:00:00+08:00',
      hiringOrganization: publisher,
      locality: 'Shanghai',
      identifier: '1',
      openings: 3,
      url: `${ORIGIN}/en/position?id=1`,
    });
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Motion Control Algorithm Engineer',
      description: '<ul><li>Develop trajectory planning</li></ul>',
      datePosted: '2026-11-18T10:00:00+08:00',
      hiringOrganization: publisher,
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Shanghai' } },
      identifier: { '@type': 'PropertyValue', name: 'JAKA Robotics', value: '1' },
      totalJobOpenings: 3,
      url: 'https://www.jaka.com/en/position?id=1',
    });
    expect(jobPostingData({ ...{ title: 't', description: 'd', datePosted: 'p', hiringOrganization: publisher, identifier: '1', url: 'u' }, locality: 'Munich', country: 'DE' }).jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Munich', addressCountry: 'DE' },
    });
  });

  it('lists the questions a page shows with their answers as text', () => {
    const data = faqPageData([...allFaqs.slice(0, 2), { question: 'Empty?', answerHtml: '<p> </p>' }].map((faq) => ('answer' in faq ? { question: faq.question, answerHtml: faq.answer } : faq)));
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Can the robot be mounted on a wall or ceiling?', acceptedAnswer: { '@type': 'Answer', text: 'Answer to question 1.' } },
        { '@type': 'Question', name: 'How do I set the tool centre point (TCP)?', acceptedAnswer: { '@type': 'Answer', text: 'Answer to question 5.' } },
      ],
    });
    expect(faqPageData([])).toBeNull();
  });
});

describe('structured data in the served head', () => {
  it('is valid JSON in every block, whatever the content says', () => {
    const head = buildPageHead({
      lang: 'en',
      origin: ORIGIN,
      pathname: '/en/commonQuestion',
      search: '',
      title: 'FAQ | JAKA Robotics',
      description: 'Answers.',
      siteName: 'JAKA Robotics',
      noindex: false,
      trail: [{ name: 'Service & support', path: '/service' }],
      pageName: 'FAQ',
      structuredData: [
        faqPageData([{ question: 'Does </script><script>alert(1)</script> close the block?', answerHtml: '<p>No: "quotes" & <b>tags</b> \u2028 stay inside.</p>' }]) ?? {},
      ],
    });
    const blocks = ldJsonBlocks(headHtml(head));
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(blocks[1]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Does </script><script>alert(1)</script> close the block?',
          acceptedAnswer: { '@type': 'Answer', text: 'No: "quotes" & tags stay inside.' },
        },
      ],
    });
  });
});
