import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageLanguage } from '@/lib/use-page-language';
import type { DownloadItem } from '../api/downloads';
import { type DocumentAction, canPreview, isLinkDocument } from '../api/use-document-action';
import { formatDate } from '@/lib/format-date';
import { formatSize } from '../utils/format';
import { buttonClass } from '@/components/ui/button';
import styles from './document-list.module.css';

export interface DocumentRowProps {
  item: DownloadItem;
  highlighted?: boolean;
  /** The action in progress on this document, if any. */
  pending: DocumentAction | null;
  onAction: (item: DownloadItem, action: DocumentAction) => void;
}

function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

interface ActionButtonProps {
  label: string;
  /** The document's title: part of the accessible name ("Download JAKA Zu user manual"). */
  title: string;
  primary?: boolean;
  disabled: boolean;
  onClick: () => void;
}

function ActionButton({ label, title, primary = false, disabled, onClick }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={buttonClass({ variant: primary ? 'dark' : 'secondary' }, styles.action)}
      aria-label={`${label} ${title}`}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/** One document: its kind, title, version, size, date, whether it needs login, and its actions. */
export const DocumentRow = forwardRef<HTMLElement, DocumentRowProps>(function DocumentRow(
  { item, highlighted = false, pending, onAction },
  ref,
) {
  const { t } = useTranslation('downloads');
  const lang = usePageLanguage();
  const link = isLinkDocument(item);
  const titleId = `document-${item.id}-title`;
  const size = formatSize(item.fileSize, lang);
  const busy = pending !== null;
  return (
    <article
      ref={ref}
      className={styles.row}
      data-highlighted={highlighted || undefined}
      aria-labelledby={titleId}
      tabIndex={highlighted ? -1 : undefined}
    >
      <span className={styles.kind} data-kind={item.fileType} aria-hidden="true">
        {link ? '↗' : item.fileType.slice(0, 4).toUpperCase()}
      </span>
      <div className={styles.body}>
        <h3 id={titleId} className={styles.title}>
          {item.title}
        </h3>
        <p className={styles.meta}>
          <span className="visually-hidden">{t('kind')}: </span>
          <span className={styles.fileType}>{link ? t('linkKind') : item.fileType.toUpperCase()}</span>
          {item.version ? <span>{t('version', { version: item.version })}</span> : null}
          {size ? <span>{size}</span> : null}
          <time dateTime={item.publishTime}>{formatDate(item.publishTime, lang, 'short')}</time>
          {item.loginRequired ? (
            <span className={styles.lock}>
              <LockIcon />
              {t('loginBadge')}
            </span>
          ) : null}
        </p>
      </div>
      <div className={styles.actions}>
        {link ? (
          <ActionButton label={pending ? t('working') : t('open')} title={item.title} primary disabled={busy} onClick={() => onAction(item, 'download')} />
        ) : (
          <>
            {canPreview(item) ? (
              <ActionButton
                label={pending === 'preview' ? t('working') : t('preview')}
                title={item.title}
                disabled={busy}
                onClick={() => onAction(item, 'preview')}
              />
            ) : null}
            <ActionButton
              label={pending === 'download' ? t('working') : t('download')}
              title={item.title}
              primary
              disabled={busy}
              onClick={() => onAction(item, 'download')}
            />
          </>
        )}
      </div>
    </article>
  );
});

/** Placeholder of the document list while it loads. */
export function DocumentListSkeleton({ count = 5 }: { count?: number }) {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.row}>
          <Skeleton className={styles.kind} />
          <div className={styles.body}>
            <Skeleton className={styles.skeletonTitle} />
            <Skeleton className={styles.skeletonMeta} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export { styles as documentListStyles };
