import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/ui/smart-link';
import { readBrowserInfo } from '@/lib/browser';
import { isMiniProgram } from '@/lib/language';
import { usePageLanguage } from '@/lib/use-page-language';
import type { ProductDownload } from '../api/get-product';
import { formatFileSize } from '../utils/format';
import { buttonClass } from '@/components/ui/button';
import styles from './download-list.module.css';

/** The download centre's page of one document: it checks the login and records the download. */
export function downloadPageHref(id: number): string {
  return `/download?id=${id}`;
}

/**
 * The product's documents: title, type, size, version. Free documents download directly (a new
 * tab); documents that need login show a lock and lead to the download centre, which asks for
 * the login and returns. Inside the mini-program browser every document goes to the download
 * centre, which copies the link there (files cannot be opened in that browser).
 */
export function DownloadList({ downloads, initial = 6 }: { downloads: ProductDownload[]; initial?: number }) {
  const { t } = useTranslation('products');
  const lang = usePageLanguage();
  const listId = useId();
  const [all, setAll] = useState(false);
  const inMiniProgram = isMiniProgram(readBrowserInfo());
  if (downloads.length === 0) return <p className={styles.empty}>{t('noDownloads')}</p>;
  // A long list shows its first documents and a button for the rest.
  const folded = !all && downloads.length > initial + 1;
  const shown = folded ? downloads.slice(0, initial) : downloads;
  return (
    <>
      <ul className={styles.list} id={listId}>
        {shown.map((item) => {
          const direct = !item.loginRequired && !inMiniProgram && item.url;
          const meta = [item.fileType.toUpperCase(), formatFileSize(item.fileSize, lang), item.version ? t('version', { version: item.version }) : null]
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={item.id} className={styles.item}>
              <FileIcon type={item.fileType} />
              <div className={styles.text}>
                <p className={styles.title}>{item.title}</p>
                <p className={styles.meta}>
                  {meta}
                  {item.loginRequired ? (
                    <span className={styles.locked}>
                      <LockIcon />
                      {t('loginRequired')}
                    </span>
                  ) : null}
                </p>
              </div>
              {direct ? (
                <a
                  href={item.url ?? ''}
                  className={buttonClass({ variant: 'secondary', size: 'sm' }, styles.action)}
                  target="_blank"
                  rel="noopener noreferrer"
                  download={item.fileName}
                  aria-label={t('downloadNewTab', { title: item.title })}
                >
                  <DownloadIcon />
                  {t('download')}
                </a>
              ) : (
                <SmartLink
                  href={downloadPageHref(item.id)}
                  className={buttonClass({ variant: 'secondary', size: 'sm' }, styles.action)}
                  aria-label={t(item.loginRequired ? 'loginToDownloadNamed' : 'downloadNamed', { title: item.title })}
                >
                  {item.loginRequired ? <LockIcon /> : <DownloadIcon />}
                  {item.loginRequired ? t('loginToDownload') : t('download')}
                </SmartLink>
              )}
            </li>
          );
        })}
      </ul>
      {downloads.length > initial + 1 ? (
        <button type="button" className={buttonClass({ variant: 'secondary' }, styles.toggle)} aria-expanded={!folded} aria-controls={listId} onClick={() => setAll(folded)}>
          {folded ? t('showAllDownloads', { total: downloads.length }) : t('showFewerDownloads')}
        </button>
      ) : null}
    </>
  );
}

function FileIcon({ type }: { type: string }) {
  return (
    <span className={styles.file} data-type={type.toLowerCase()} aria-hidden="true">
      {type.slice(0, 4).toUpperCase()}
    </span>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className={styles.icon}>
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
    </svg>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className={styles.icon}>
      <path d="M8 2v8M4.5 6.5 8 10l3.5-3.5M3 13.5h10" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
