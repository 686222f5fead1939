import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttentionDialog } from '@/components/ui/attention-dialog';
import { attentionStore } from '@/lib/attention';
import * as toastModule from '@/lib/toast';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { absoluteUrl, loginPath } from '../api/use-document-action';
import { DownloadRoute } from '../routes/download';
import { formatSize } from '../utils/format';
import { cadModel, cadPage, doc, manual, manualsPage, tree } from './fixtures';

/** Generous waits: the first render loads every catalogue, slow on a busy machine. */
const SLOW = { timeout: 5000 };

type Route = Parameters<typeof mockFetch>[0][number];

function stubDownloads(overrides: Route[] = []) {
  return mockFetch([
    ...overrides,
    ['/api/download/treeList', { body: envelope(tree) }],
    ['/api/download/selectDownloadByParentId?parentId=7', { body: envelope(cadPage) }],
    ['/api/download/selectDownloadByParentId?parentId=6', { body: envelope(cadPage) }],
    ['/api/download/selectDownloadByParentId', { body: envelope(manualsPage) }],
    ['/api/download/selectDownloadByTitle', { body: envelope({ total: 1, rows: [manual] }) }],
    ['/api/download/getDetails/5014', { body: envelope(cadModel) }],
    ['/api/download/getDetails/5001', { body: envelope(manual) }],
    ['/api/download/userDownload', { body: envelope({ url: '/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf' }) }],
  ]);
}

function page(ui = <DownloadRoute />) {
  return (
    <>
      {ui}
      <AttentionDialog />
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  // A question left open would keep its modal dialog over the next test's page.
  attentionStore.get()?.resolve(false);
});

describe('the download page', () => {
  it('shows the categories and the documents of the first one, with what each document is', async () => {
    const { requests } = stubDownloads();
    await renderAt(page(), '/en/download');
    const categories = await screen.findByRole('navigation', { name: 'Document categories' }, SLOW);
    expect(within(categories).getByRole('button', { name: 'Product manuals' }).getAttribute('aria-current')).toBe('true');
    expect(within(categories).getByRole('button', { name: 'Show the categories of CAD models' }).getAttribute('aria-expanded')).toBe('false');
    expect(await screen.findByRole('heading', { level: 2, name: 'Product manuals' }, SLOW)).toBeTruthy();
    // The documents are a second query: they may arrive after the category's heading.
    const row = await screen.findByRole('article', { name: 'JAKA Zu user manual' }, SLOW);
    expect(within(row).getByText('Version V2.4')).toBeTruthy();
    expect(within(row).getByText('18.4 MB')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Preview JAKA Zu user manual' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Download JAKA Zu user manual' })).toBeTruthy();
    expect(requests.find((r) => r.url.includes('ByParentId'))?.url).toBe(
      '/prod-api/api/download/selectDownloadByParentId?parentId=1&pageNum=1&pageSize=10',
    );
    expect(screen.getByRole('navigation', { name: 'Pages of documents' })).toBeTruthy();
  });

  it('opens a category from the accordion', async () => {
    stubDownloads();
    const user = userEvent.setup();
    const { router } = await renderAt(page(), '/en/download');
    const categories = await screen.findByRole('navigation', { name: 'Document categories' }, SLOW);
    await user.click(within(categories).getByRole('button', { name: 'Show the categories of CAD models' }));
    await user.click(within(categories).getAllByRole('button', { name: 'JAKA Zu series' })[1] as HTMLElement);
    expect(router.state.location.search).toBe('?category=7');
    expect(await screen.findByRole('heading', { level: 2, name: 'CAD models / JAKA Zu series' }, SLOW)).toBeTruthy();
    const row = await screen.findByRole('article', { name: 'JAKA Zu 7 CAD model (STEP)' }, SLOW);
    expect(within(row).getByText('Login required')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Preview/ })).toBeNull();
  });

  it('downloads a public document through userDownload, which records it', async () => {
    const { requests } = stubDownloads();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderAt(page(), '/en/download');
    await user.click(await screen.findByRole('button', { name: 'Download JAKA Zu user manual' }, SLOW));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const call = requests.find((r) => r.url.endsWith('/userDownload'));
    expect(call?.method).toBe('POST');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ downloadId: 5001, action: 'download' });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.href).toBe(`${window.location.origin}/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf`);
    expect(anchor.download).toBe('JAKA_Zu_User_Manual_V2.4.pdf');
  });

  it('previews a PDF in a new tab', async () => {
    const { requests } = stubDownloads();
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const user = userEvent.setup();
    await renderAt(page(), '/en/download');
    await user.click(await screen.findByRole('button', { name: 'Preview JAKA Zu user manual' }, SLOW));
    await waitFor(() => expect(open).toHaveBeenCalledWith(`${window.location.origin}/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf`, '_blank'));
    expect(JSON.parse(requests.find((r) => r.url.endsWith('/userDownload'))?.body ?? '{}')).toEqual({ downloadId: 5001, action: 'preview' });
  });

  it('asks a visitor who is not logged in to log in for a document that needs it, remembering the page', async () => {
    const { requests } = stubDownloads();
    const user = userEvent.setup();
    const { router } = await renderAt(page(), '/en/download?category=7');
    await user.click(await screen.findByRole('button', { name: 'Download JAKA Zu 7 CAD model (STEP)' }, SLOW));
    const dialog = await screen.findByRole('alertdialog', { name: 'Login required' }, SLOW);
    expect(within(dialog).getByText('This document requires login to preview / download')).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('/userDownload'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const from = '/en/download?category=7&id=5014';
    expect(router.state.location.pathname).toBe('/en/login');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(from);
    expect(localStorage.getItem('jakaWhereFrom')).toBe(from);
  });

  it('stays on the page when the visitor does not want to log in now', async () => {
    stubDownloads();
    const user = userEvent.setup();
    const { router } = await renderAt(page(), '/download?category=7');
    await user.click(await screen.findByRole('button', { name: '下载 JAKA Zu 7 CAD model (STEP)' }, SLOW));
    const dialog = await screen.findByRole('alertdialog', { name: '需要登录' }, SLOW);
    expect(within(dialog).getByText('该文档需要登录后才能预览/下载')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '暂不登录' }));
    expect(router.state.location.pathname).toBe('/download');
    expect(localStorage.getItem('jakaWhereFrom')).toBeNull();
  });

  it('downloads a document that needs login for a logged-in visitor, with the token, by the signed link the server answers', async () => {
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-1' }));
    const signed = '/document-files/download/Xq3r7Vb2Kc9Lm1Np4Tz8Wd6F?t=signed-for-the-user';
    const { requests } = stubDownloads([['/api/download/userDownload', { body: envelope({ url: signed }) }]]);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderAt(page(), '/en/download?category=7');
    await user.click(await screen.findByRole('button', { name: 'Download JAKA Zu 7 CAD model (STEP)' }, SLOW));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requests.find((r) => r.url.endsWith('/userDownload'))?.headers.get('token')).toBe('tok-1');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.href).toBe(`${window.location.origin}${signed}`);
    expect(anchor.download).toBe('JAKA_Zu_7_STEP.zip');
  });

  it('previews a PDF that needs login in a new tab, by the signed link the server answers', async () => {
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-1' }));
    const notes = doc(5050, { parentId: 7, title: 'Safety notes', fileName: 'Safety_notes.pdf', url: null, previewUrl: null, loginRequired: true });
    const signed = '/document-files/preview/Pq3r7Vb2Kc9Lm1Np4Tz8Wd6F?t=signed-for-the-user';
    const { requests } = stubDownloads([
      ['/api/download/selectDownloadByParentId?parentId=7', { body: envelope({ total: 1, rows: [notes] }) }],
      ['/api/download/userDownload', { body: envelope({ url: signed }) }],
    ]);
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const user = userEvent.setup();
    await renderAt(page(), '/en/download?category=7');
    await user.click(await screen.findByRole('button', { name: 'Preview Safety notes' }, SLOW));
    await waitFor(() => expect(open).toHaveBeenCalledWith(`${window.location.origin}${signed}`, '_blank'));
    const call = requests.find((r) => r.url.endsWith('/userDownload'));
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ downloadId: 5050, action: 'preview' });
    expect(call?.headers.get('token')).toBe('tok-1');
  });

  it('asks to log in again when the session has ended (401 from the server)', async () => {
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'old' }));
    stubDownloads([
      [
        '/api/download/userDownload',
        { status: 401, body: { success: false, code: 401, msg: 'expired', data: null, errorKey: 'account.token_expired' } },
      ],
    ]);
    const user = userEvent.setup();
    await renderAt(page(), '/en/download?category=7');
    await user.click(await screen.findByRole('button', { name: 'Download JAKA Zu 7 CAD model (STEP)' }, SLOW));
    expect(await screen.findByRole('alertdialog', { name: 'Login required' }, SLOW)).toBeTruthy();
  });

  it('says that a link needs login to redirect', async () => {
    const link = doc(5100, { title: 'Developer portal', fileType: 'link', fileName: '', fileSize: 0, url: null, previewUrl: null, loginRequired: true });
    stubDownloads([['/api/download/selectDownloadByParentId', { body: envelope({ total: 1, rows: [link] }) }]]);
    const user = userEvent.setup();
    await renderAt(page(), '/en/download');
    const row = await screen.findByRole('article', { name: 'Developer portal' }, SLOW);
    expect(within(row).getByText('Link')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Open link Developer portal' }));
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(within(dialog).getByText('This link requires login to redirect')).toBeTruthy();
  });

  it('copies the link in the mini-program browser instead of downloading', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 MicroMessenger/8.0 miniProgram');
    stubDownloads();
    const info = vi.spyOn(toastModule.toast, 'info');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await renderAt(page(), '/download');
    await user.click(await screen.findByRole('button', { name: '下载 JAKA Zu user manual' }, SLOW));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf`));
    expect(info).toHaveBeenCalledWith('下载链接已复制', '小程序内无法保存文件，请将链接粘贴到手机浏览器中下载。');
    expect(click).not.toHaveBeenCalled();
  });

  it('opens the category of a document asked for with ?id=, and marks it', async () => {
    const { requests } = stubDownloads();
    await renderAt(page(), '/en/download?id=5014');
    const row = await screen.findByRole('article', { name: 'JAKA Zu 7 CAD model (STEP)' }, SLOW);
    expect(row.hasAttribute('data-highlighted')).toBe(true);
    expect(requests.some((r) => r.url.includes('selectDownloadByParentId?parentId=7'))).toBe(true);
    expect(requests.some((r) => r.url.includes('selectDownloadByParentId?parentId=1'))).toBe(false);
    const categories = screen.getByRole('navigation', { name: 'Document categories' });
    expect(within(categories).getByRole('button', { name: 'Hide the categories of CAD models' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('searches the titles and clears back to the categories', async () => {
    const { requests } = stubDownloads();
    const user = userEvent.setup();
    const { router } = await renderAt(page(), '/en/download');
    await screen.findByRole('article', { name: 'JAKA Zu user manual' }, SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Search documents by title' }), 'manual{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Results for “manual”: 1' }, SLOW)).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('selectDownloadByTitle?title=manual&pageNum=1&pageSize=10'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { level: 2, name: 'Product manuals' }, SLOW)).toBeTruthy();
  });

  it('shows an error with retry when the categories cannot be loaded', async () => {
    stubDownloads([
      ['/api/download/treeList', { status: 503, body: { success: false, code: 503, msg: 'x', data: null, errorKey: 'upstream.unavailable' } }],
    ]);
    await renderAt(page(), '/en/download');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('download helpers', () => {
  it('builds the login path with the return page, and keeps URLs on http(s)', () => {
    expect(loginPath('/en/download?id=5', 'en')).toBe('/en/login?from=%2Fen%2Fdownload%3Fid%3D5');
    expect(loginPath('/download', 'zh')).toBe('/login?from=%2Fdownload');
    expect(absoluteUrl('/cms-assets/files/a.pdf', 'https://www.jaka.example')).toBe('https://www.jaka.example/cms-assets/files/a.pdf');
    expect(absoluteUrl('javascript:alert(1)', 'https://www.jaka.example')).toBeNull();
  });

  it('formats file sizes in the page language', () => {
    expect(formatSize(19305472, 'en')).toBe('18.4 MB');
    expect(formatSize(512, 'en')).toBe('512 byte');
    expect(formatSize(840_000, 'en')).toBe('820 kB');
    expect(formatSize(0, 'en')).toBe('');
    expect(formatSize(2_500_000_000, 'de')).toMatch(/^2,3\sGB$/);
  });
});
