import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SiteLanguage } from '@/lib/language';

/** A fresh copy of the phrase modules (their caches are module state), as a page load gets. */
async function freshModules() {
  vi.resetModules();
  const core = await import('@/lib/phrase-core');
  const { Phrase } = await import('../phrase');
  const zhHans = await import('@/lib/phrase-segmenters/zh-hans');
  const ja = await import('@/lib/phrase-segmenters/ja');
  const { newServerRender, runServerRender } = await import('@/lib/server-render');
  /** Runs `work` as the renderer's render of a page (what it records is that render's). */
  /** Runs work as a server render does: in a render, in a build for the server. */
  const asServer = <T,>(work: () => T): T => {
    vi.stubEnv('SSR', true);
    try {
      return runServerRender(newServerRender({ origin: 'https://www.jaka.com', apiOrigin: '', previewToken: null, traceparent: null }, 'zh', false), work);
    } finally {
      vi.unstubAllEnvs();
    }
  };
  /** The markup of a title on a page in `lang`. */
  const html = (lang: SiteLanguage, text: string) =>
    renderToString(
      <MemoryRouter initialEntries={[lang === 'zh' ? '/news' : `/${lang}/news`]}>
        <Phrase>{text}</Phrase>
      </MemoryRouter>,
    );
  return { core, html, zhHans, ja, asServer };
}

/** The pieces a title may break into: the text between break opportunities. */
function piecesOf(markup: string): string[] {
  const inner = /^<span class="phrases">(.*)<\/span>$/.exec(markup)?.[1];
  if (inner === undefined) return [markup];
  return inner.split('<wbr/>').map((part) => part.replace(/<!-- -->/g, ''));
}

describe('Phrase', () => {
  it('breaks a Chinese title between phrases only: 协作机器人 stays whole, no lone character', async () => {
    const { core, html, zhHans } = await freshModules();
    core.addSegmenter('zh-hans', zhHans.segmenter);
    for (const title of ['JAKA 新一代协作机器人全面上市', '节卡协作机器人助力汽车零部件工厂', '工业机器人的未来']) {
      const pieces = piecesOf(html('zh', title));
      expect(pieces.join('')).toBe(title);
      expect(pieces.length).toBeGreaterThan(1);
      for (const word of ['协作机器人', '机器人', '零部件', '新一代']) {
        if (title.includes(word)) expect(pieces.some((piece) => piece.includes(word)), `${word} in ${pieces.join('|')}`).toBe(true);
      }
      for (const piece of pieces) expect(piece, `${pieces.join('|')}`).not.toMatch(/^[\u4e00-\u9fff]$/);
    }
  });

  it('never breaks inside a Latin name or a number', async () => {
    const { core, html, zhHans } = await freshModules();
    core.addSegmenter('zh-hans', zhHans.segmenter);
    const pieces = piecesOf(html('zh', 'JAKA Zu 协作机器人：第 50,000 台下线'));
    expect(pieces.join('')).toBe('JAKA Zu 协作机器人：第 50,000 台下线');
    expect(pieces.some((piece) => piece.includes('Zu'))).toBe(true);
    expect(pieces.some((piece) => piece.includes('50,000'))).toBe(true);
  });

  it('keeps a Japanese word whole (ロボット)', async () => {
    const { core, html, ja } = await freshModules();
    core.addSegmenter('ja', ja.segmenter);
    const pieces = piecesOf(html('jp', '協働ロボットの新しい使い方'));
    expect(pieces.join('')).toBe('協働ロボットの新しい使い方');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.some((piece) => piece.includes('協働ロボット'))).toBe(true);
  });

  it('leaves other languages and text without CJK as they are', async () => {
    const { core, html, zhHans } = await freshModules();
    core.addSegmenter('zh-hans', zhHans.segmenter);
    expect(html('en', '协作机器人')).toBe('协作机器人');
    expect(html('zh', 'JAKA Zu 7')).toBe('JAKA Zu 7');
  });

  it('renders in the browser, before the model has loaded, what the server rendered with it (the boundaries travel with the page)', async () => {
    const server = await freshModules();
    server.core.addSegmenter('zh-hans', server.zhHans.segmenter);
    const title = '节卡协作机器人助力汽车零部件工厂';
    const { serverHtml, recorded } = server.asServer(() => {
      const stop = server.core.recordPhrases();
      return { serverHtml: server.html('zh', title), recorded: stop() };
    });
    expect(Object.keys(recorded)).toEqual([title]);
    expect(serverHtml).toContain('<wbr/>');

    const browser = await freshModules(); // no model: it loads only once the page is up
    browser.core.seedPhrases('zh-hans', JSON.parse(JSON.stringify(recorded)) as Record<string, number[]>);
    expect(browser.html('zh', title)).toBe(serverHtml);
  });
});
