import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './repair-form.module.css';

/** A titled part of the form (robot info, fault info, …): an h2 with an optional action beside it. */
export function FormSection({ id, title, intro, action, children }: { id: string; title: string; intro?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHead}>
        <div>
          <h2 id={`${id}-title`} className={styles.sectionTitle}>
            {title}
          </h2>
          {intro ? <p className={styles.sectionIntro}>{intro}</p> : null}
        </div>
        {action ? <div className={styles.sectionAction}>{action}</div> : null}
      </div>
      <div className={styles.grid}>{children}</div>
    </section>
  );
}

export type NoticeTone = 'success' | 'info' | 'error';

export interface Notice {
  tone: NoticeTone;
  text: string;
  /** A button under the text (e.g. attach the scanned photo). */
  action?: { label: string; run: () => void } | undefined;
}

/** What the OCR read (or why it could not), under the scan button; announced politely. */
export function NoticeLine({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const { t } = useTranslation('repair');
  return (
    <div className={styles.noticeSlot} role="status">
      {notice ? (
        <div className={styles.notice} data-tone={notice.tone}>
          <p>{notice.text}</p>
          <div className={styles.noticeActions}>
            {notice.action ? (
              <button type="button" className={styles.noticeButton} onClick={notice.action.run}>
                {notice.action.label}
              </button>
            ) : null}
            <button type="button" className={styles.noticeButton} onClick={onClose}>
              {t('ocr.close')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
