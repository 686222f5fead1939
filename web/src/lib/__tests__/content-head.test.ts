import { describe, expect, it } from 'vitest';
import { article, productColumn } from '@/testing/content';
import { articleHead, columnHead } from '../content-head';

describe('the head of a CMS page', () => {
  it('takes the editor’s SEO title and description as they are', () => {
    expect(articleHead(article(301, { seoTitle: 'About JAKA Robotics', seoDescription: 'Cobots since 2014.', image: '/cms-assets/pictures/about.jpg' }))).toEqual({
      document: 'About JAKA Robotics',
      description: 'Cobots since 2014.',
      image: '/cms-assets/pictures/about.jpg',
    });
  });

  it('else describes the page by the beginning of its text, which says more than its short subhead', () => {
    const about = article(301, {
      subhead: 'Focused on collaborative robots since 2014',
      content:
        '<p>JAKA Robotics (Shanghai JAKA Robotics Technology Co., Ltd.) designs, builds and sells collaborative robots: the Zu, Pro and C series cobots and the Lumi mobile manipulators.</p><p>By the end of 2025…</p>',
    });
    expect(articleHead(about).description).toBe(
      'JAKA Robotics (Shanghai JAKA Robotics Technology Co., Ltd.) designs, builds and sells collaborative robots: the Zu, Pro and C series cobots and the Lumi…',
    );
    // An SVG header picture is no social card: the site's card stands in.
    expect(articleHead(about).image).toBeNull();
    expect(articleHead(article(302, { content: '<p> </p>' })).description).toBe('Subhead 302');
    expect(articleHead(undefined)).toEqual({});
  });

  it('takes a column page’s banner as its picture', () => {
    expect(columnHead({ ...productColumn, seoDescription: null, banner: '/cms-assets/pictures/products.png' })).toEqual({
      document: 'Collaborative robot products | JAKA Robotics',
      description: 'JAKA cobots are built on integrated joints.',
      image: '/cms-assets/pictures/products.png',
    });
  });
});
