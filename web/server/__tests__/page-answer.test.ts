import { describe, expect, it } from 'vitest';
import { ALL_SOURCES, sourcesHeader } from '../page-answer';

describe("a page's list of sources (X-Render-Sources)", () => {
  it('names each data call once, separated by a comma and a space', () => {
    const header = sourcesHeader(['GET /prod-api/bff/home?lang=en', 'POST /prod-api/api/language/list?lang=en', 'GET /prod-api/bff/home?lang=en']);
    expect(header).toBe('GET /prod-api/bff/home?lang=en, POST /prod-api/api/language/list?lang=en');
  });

  it('percent-encodes commas, control characters and anything but ASCII inside an entry', () => {
    const header = sourcesHeader(['GET /prod-api/api/productCenter/productContrast/101,102?lang=en', 'GET /prod-api/x?q=a\r\nb\u0000\u007f&t=\u65e5\u{1f916}']);
    expect(header).toBe('GET /prod-api/api/productCenter/productContrast/101%2C102?lang=en, GET /prod-api/x?q=a%0D%0Ab%00%7F&t=%E6%97%A5%F0%9F%A4%96');
    expect(header.split(', ')).toHaveLength(2);
    expect(header).toMatch(/^[\x20-\x7e]*$/);
  });

  it('is empty for a page built from no data call', () => {
    expect(sourcesHeader([])).toBe('');
  });

  it('says "*" (depends on anything) when the list would be longer than the cap', () => {
    const many = Array.from({ length: 40 }, (_, i) => `GET /prod-api/api/news/getNewsDetail/1/${i}?lang=en`);
    const full = sourcesHeader(many, 100_000);
    expect(sourcesHeader(many, full.length)).toBe(full);
    expect(sourcesHeader(many, full.length - 1)).toBe(ALL_SOURCES);
    expect(sourcesHeader(Array.from({ length: 1000 }, (_, i) => `GET /prod-api/api/news/getNewsDetail/1/${i}?lang=en`))).toBe(ALL_SOURCES);
  });
});
