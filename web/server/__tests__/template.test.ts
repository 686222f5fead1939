import { describe, expect, it } from 'vitest';
import { fillTemplate, parseTemplate } from '../template';

const built = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="JAKA collaborative robots" />
    <title>JAKA</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('the page template', () => {
  it('puts the language, head, page and data into the build\'s index.html, keeping its assets', () => {
    const html = fillTemplate(parseTemplate(built), {
      lang: 'en',
      head: '<title>Products | JAKA</title>',
      body: '<main>Products</main>',
      state: '<script type="application/json" id="ssr-state">{}</script>',
    });
    expect(html).toContain('<html lang="en">');
    expect(html).not.toContain('<title>JAKA</title>');
    expect(html).not.toContain('JAKA collaborative robots');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('src="/assets/index-abc.js"');
    expect(html).toContain('href="/assets/index-abc.css"');
    expect(html).toMatch(/<div id="root"><main>Products<\/main><\/div>\s*<script type="application\/json" id="ssr-state">\{\}<\/script>\s*<\/body>/);
    expect(html.indexOf('<title>Products')).toBeLessThan(html.indexOf('</head>'));
  });

  it('refuses a file that is not the build\'s template', () => {
    expect(() => parseTemplate('<html><body></body></html>')).toThrow(/root/);
  });
});
