import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '@/lib/language';
import { toast } from '@/lib/toast';
import { usePageLanguage } from '@/lib/use-page-language';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, acceptOf, formatBytes } from '../schemas/files';
import { type UploadItem, type UploadProblem, type Uploads, isRetryable } from './use-uploads';
import { buttonClass } from '@/components/ui/button';
import styles from './file-uploader.module.css';

/** The text of a refused or failed file. */
export function useProblemText() {
  const { t } = useTranslation('repair');
  const locale = htmlLang(usePageLanguage());
  return (problem: UploadProblem): string => {
    switch (problem.code) {
      case 'type':
        return problem.kinds.includes('video') ? t('upload.errors.type') : t('upload.errors.typePhoto');
      case 'size':
        return t(problem.kind === 'video' ? 'upload.errors.sizeVideo' : 'upload.errors.sizePhoto', { limit: formatBytes(problem.limit, locale) });
      case 'network':
        return t('upload.errors.network');
      case 'server':
        switch (problem.errorKey) {
          case 'upload.empty':
            return t('upload.errors.empty');
          case 'upload.unsupported_type':
            return t('upload.errors.unsupported');
          case 'upload.too_large':
            // The server names its own limit (a setting), in the page's language.
            return problem.detail ? `${t('upload.errors.tooLarge')} ${problem.detail}` : t('upload.errors.tooLarge');
          case 'upload.interrupted':
            return t('upload.errors.interrupted');
          case 'repair.attachment_not_yours':
          case 'upload.not_found':
            return t('upload.errors.gone');
          default:
            if (problem.status === 401) return t('upload.errors.login');
            if (problem.status === 429) return t('upload.errors.busy');
            return t('upload.errors.failed');
        }
    }
  };
}

interface Props {
  /** Id of the file input (its label is the section's field label). */
  id: string;
  label: string;
  hint?: string;
  uploads: Uploads;
  /** Ask the phone's camera first (photos of a screen); the file picker elsewhere. */
  capture?: boolean;
}

/**
 * Photos and videos of a report: pick or drop files; each is uploaded at once with a progress
 * bar, then previewed from its signed link (img or video); a file can be removed before the
 * report is sent (it is deleted on the server too). Refusals (before upload or by the server)
 * stay listed with their reason.
 */
export function FileUploader({ id, label, hint, uploads, capture }: Props) {
  const { t } = useTranslation('repair');
  const locale = htmlLang(usePageLanguage());
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const photosOnly = !uploads.kinds.includes('video');
  const limits = photosOnly
    ? t('upload.limitsPhotos', { photo: formatBytes(MAX_IMAGE_BYTES, locale), max: uploads.max })
    : t('upload.limits', { photo: formatBytes(MAX_IMAGE_BYTES, locale), video: formatBytes(MAX_VIDEO_BYTES, locale), max: uploads.max });

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) uploads.add(Array.from(event.dataTransfer.files));
  };

  const onRemove = async (item: UploadItem) => {
    const removed = await uploads.remove(item.key);
    if (!removed) toast.error(t('upload.removeFailed', { name: item.name }));
  };

  return (
    <div className={styles.uploader}>
      <div
        className={styles.dropzone}
        data-dragging={dragging || undefined}
        data-full={uploads.full || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <svg className={styles.dropIcon} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 15V4m0 0-4 4m4-4 4 4M5 14v4a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-4"
          />
        </svg>
        <p className={styles.dropText}>{photosOnly ? t('upload.dropPhotos') : t('upload.drop')}</p>
        <input
          id={id}
          className={styles.fileInput}
          type="file"
          multiple
          accept={acceptOf(uploads.kinds)}
          capture={capture ? 'environment' : undefined}
          aria-label={label}
          aria-describedby={hintId}
          disabled={uploads.full}
          onChange={(event) => {
            const picked = event.target.files ? Array.from(event.target.files) : [];
            // The same file can be picked again after it was removed.
            event.target.value = '';
            if (picked.length > 0) uploads.add(picked);
          }}
        />
        <label htmlFor={id} className={buttonClass({ variant: 'secondary', size: 'sm' })} aria-hidden="true">
          {t('upload.choose')}
        </label>
        <p id={hintId} className={styles.hint}>
          {hint ? `${hint} ` : ''}
          {limits}
        </p>
      </div>
      <p className={styles.notice} role="status">
        {uploads.notice ? t('upload.tooMany', { max: uploads.notice.max, skipped: uploads.notice.skipped }) : ''}
      </p>
      {uploads.items.length > 0 ? (
        <ul className={styles.files} aria-label={t('upload.listLabel', { label })}>
          {uploads.items.map((item) => (
            <FileCard key={item.key} item={item} locale={locale} onRemove={() => void onRemove(item)} onRetry={() => uploads.retry(item.key)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FileCard({ item, locale, onRemove, onRetry }: { item: UploadItem; locale: string; onRemove: () => void; onRetry: () => void }) {
  const { t } = useTranslation('repair');
  const problemText = useProblemText();
  const percent = Math.round(item.progress * 100);
  const state =
    item.status === 'uploading'
      ? t('upload.uploading', { percent })
      : item.status === 'removing'
        ? t('upload.removing')
        : item.status === 'done'
          ? t('upload.uploaded')
          : t('upload.failed');
  return (
    <li className={styles.file} data-status={item.status}>
      <div className={styles.preview}>
        {item.status === 'done' || item.status === 'removing' ? (
          item.attachment?.contentType.startsWith('video/') ? (
            <video className={styles.media} src={item.attachment.url} controls preload="metadata" playsInline muted aria-label={item.name} />
          ) : (
            <img className={styles.media} src={item.attachment?.url} alt={item.name} loading="lazy" />
          )
        ) : (
          <span className={styles.placeholder} aria-hidden="true">
            {item.kind === 'video' ? <VideoIcon /> : <PhotoIcon />}
          </span>
        )}
      </div>
      <div className={styles.meta}>
        <p className={styles.name} title={item.name}>
          {item.name}
        </p>
        <p className={styles.size}>
          {formatBytes(item.size, locale)} · <span className={styles.state}>{state}</span>
        </p>
        {item.status === 'uploading' ? (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t('upload.progressOf', { name: item.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        ) : null}
        {item.problem ? (
          <p className={styles.problem} role="alert">
            {problemText(item.problem)}
          </p>
        ) : null}
        <div className={styles.actions}>
          {item.status === 'failed' && isRetryable(item.problem) ? (
            <button type="button" className={styles.action} onClick={onRetry}>
              {t('upload.retry')}
            </button>
          ) : null}
          <button
            type="button"
            className={styles.action}
            onClick={onRemove}
            disabled={item.status === 'removing'}
            aria-label={t(item.status === 'failed' ? 'upload.dismissNamed' : item.status === 'uploading' ? 'upload.cancelNamed' : 'upload.removeNamed', { name: item.name })}
          >
            {item.status === 'failed' ? t('upload.dismiss') : item.status === 'uploading' ? t('upload.cancel') : t('upload.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}

function PhotoIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28">
      <path fill="none" stroke="currentColor" strokeWidth="1.5" d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4" />
      <circle cx="15.5" cy="8.5" r="1.5" fill="currentColor" />
    </svg>
  );
}

function VideoIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28">
      <path fill="none" stroke="currentColor" strokeWidth="1.5" d="M3 6h13v12H3zM16 10l5-3v10l-5-3" />
    </svg>
  );
}
