import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProgramaTree } from '@/api/generated/endpoints/site/site';
import { envelope, navTree } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { setPreviewPage } from '../page-language';
import { PREVIEW_TOKEN_KEY, getPreviewToken, storePreviewToken, takePreviewToken } from '../preview-token';
import { contentQuery } from '../use-page-language';

afterEach(() => setPreviewPage(false));

describe('the preview token of an editor', () => {
  it('is taken from a preview link, kept for the tab, and leaves the address', () => {
    const rest = takePreviewToken(new URL('http://site.test/en/preview/newsDetail/40?previewToken=v1.abc.def&tab=2#top'));
    expect(rest).toBe('/en/preview/newsDetail/40?tab=2#top');
    expect(sessionStorage.getItem(PREVIEW_TOKEN_KEY)).toBe('v1.abc.def');
    expect(localStorage.length).toBe(0); // not kept beyond the tab
    expect(getPreviewToken()).toBe('v1.abc.def');
  });

  it('leaves addresses without a token alone, keeping the token held', () => {
    storePreviewToken('v1.held.sig');
    expect(takePreviewToken(new URL('http://site.test/preview/news?page=2'))).toBeNull();
    expect(getPreviewToken()).toBe('v1.held.sig');
  });

  it('is replaced by the newest link, and forgotten by a link with an empty one', () => {
    storePreviewToken('v1.old.sig');
    takePreviewToken(new URL('http://site.test/preview/news?previewToken=v1.new.sig'));
    expect(getPreviewToken()).toBe('v1.new.sig');
    expect(takePreviewToken(new URL('http://site.test/preview/news?previewToken='))).toBe('/preview/news');
    expect(getPreviewToken()).toBeNull();
  });

  it('is none when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(getPreviewToken()).toBeNull();
  });
});

describe('content query keys', () => {
  it('keep a preview page\'s answers with and without a token apart, and apart from the live site', () => {
    const live = contentQuery({ lang: 'en', preview: false }).key;
    const anonymous = contentQuery({ lang: 'en', preview: true }).key;
    storePreviewToken('v1.editor.sig');
    const editor = contentQuery({ lang: 'en', preview: true }).key;
    expect(new Set([live.join(), anonymous.join(), editor.join()]).size).toBe(3);
    expect(contentQuery({ lang: 'en', preview: false }).key).toEqual(live);
  });
});

describe('the preview header', () => {
  it('carries the token on preview pages only, and is absent without a token', async () => {
    const { requests } = mockFetch([['/api/programa', { body: envelope(navTree) }]]);
    setPreviewPage(true);
    await buildProgramaTree(8); // a preview page without a token: the published site
    storePreviewToken('v1.editor.sig');
    await buildProgramaTree(8); // with the editor's token
    await buildProgramaTree(8, { preview: false }); // a call that never reads drafts
    setPreviewPage(false);
    await buildProgramaTree(8); // a live page of the same tab
    expect(requests.map((r) => r.headers.get('preview'))).toEqual([null, 'v1.editor.sig', null, null]);
  });
});
