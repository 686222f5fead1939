import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUserDownload } from '@/api/generated/endpoints/download/download';
import { isSitePageLink } from '@/components/ui/article';
import { requestAttention } from '@/lib/attention';
import { readBrowserInfo } from '@/lib/browser';
import { copyText } from '@/lib/clipboard';
import { errorMessageKey } from '@/lib/error-message';
import { ApiError } from '@/lib/http';
import { isMiniProgram } from '@/lib/language';
import { isExternalUrl, localizePath } from '@/lib/routing';
import { rememberReturnPage, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageLanguage } from '@/lib/use-page-language';
import type { DownloadItem } from './downloads';

export type DocumentAction = 'preview' | 'download';

/** A document that is a link to a page (rather than a file): it is opened, not downloaded. */
export function isLinkDocument(item: Pick<DownloadItem, 'fileType'>): boolean {
  return item.fileType === 'link';
}

/** Whether the document has an online preview (PDFs only). */
export function canPreview(item: Pick<DownloadItem, 'fileType'>): boolean {
  return item.fileType === 'pdf';
}

/** The login page, told where to come back to. */
export function loginPath(returnPath: string, lang: Parameters<typeof localizePath>[1]): string {
  return localizePath(`/login?${new URLSearchParams({ from: returnPath }).toString()}`, lang);
}

/** A URL the CMS answered, made absolute on this site; null for anything that is not http(s). */
export function absoluteUrl(url: string, origin: string = window.location.origin): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function saveFile(href: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

function openInNewTab(href: string): void {
  const opened = window.open(href, '_blank');
  if (opened) opened.opener = null;
  else window.location.assign(href);
}

/**
 * Preview and download of documents. Every preview and download goes through userDownload, which
 * records it and answers the file's URL. A document that needs login, asked for by a visitor who
 * is not logged in (or whose session ended), asks them to log in: the page (with the document
 * in `?id=`) is remembered as the return page and the login page opens with `?from=`. In the
 * mini-program browser, which cannot save files, a download copies the link and says so.
 */
export function useDocumentAction() {
  const { t } = useTranslation(['downloads', 'messages']);
  const { t: tc } = useTranslation();
  const lang = usePageLanguage();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const mutation = useUserDownload();
  const [pending, setPending] = useState<{ id: number; action: DocumentAction } | null>(null);

  const askToLogIn = async (item: DownloadItem) => {
    const link = isLinkDocument(item);
    const confirmed = await requestAttention({
      title: t('loginTitle'),
      message: link ? t('linkLoginRequired') : t('messages:download.login_required'),
      confirmLabel: t('logIn'),
      cancelLabel: t('notNow'),
    });
    if (!confirmed) return;
    const params = new URLSearchParams(location.search);
    params.set('id', String(item.id));
    const returnPath = `${location.pathname}?${params.toString()}`;
    rememberReturnPage(returnPath);
    void navigate(loginPath(returnPath, lang));
  };

  const deliver = async (item: DownloadItem, action: DocumentAction, url: string) => {
    if (isLinkDocument(item) && !isExternalUrl(url) && isSitePageLink(url)) {
      void navigate(localizePath(url, lang));
      return;
    }
    const href = absoluteUrl(url);
    if (!href) {
      toast.error(t('unavailable'));
      return;
    }
    if (isMiniProgram(readBrowserInfo()) && (action === 'download' || isLinkDocument(item))) {
      if (await copyText(href)) toast.info(t('miniProgramCopied'), t('miniProgramHint'));
      else toast.error(t('copyFailed'));
      return;
    }
    if (action === 'preview' || isLinkDocument(item)) openInNewTab(href);
    else saveFile(href, item.fileName);
  };

  const run = async (item: DownloadItem, action: DocumentAction) => {
    if (item.loginRequired && !session) {
      await askToLogIn(item);
      return;
    }
    setPending({ id: item.id, action });
    try {
      const envelope = await mutation.mutateAsync({ data: { downloadId: item.id, action } });
      await deliver(item, action, envelope.data.url);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await askToLogIn(item);
      else if (error instanceof ApiError && error.status === 404) toast.error(t('unavailable'));
      else toast.error(tc(errorMessageKey(error)));
    } finally {
      setPending(null);
    }
  };

  return { run, pending };
}
