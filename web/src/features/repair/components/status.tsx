import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '@/lib/language';
import { STATUSES, type WorkOrder, type WorkOrderStatus } from '../api/work-orders';
import { formatDateTime } from '@/lib/format-date';
import styles from './repair-pages.module.css';

/** A work order's status as a small coloured label (red while open, grey once completed). */
export function StatusBadge({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation('repair');
  return (
    <span className={styles.badge} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * Online Report → In Service → Service Completed: steps reached with their time, the current one
 * marked (aria-current="step"), the ones to come muted.
 */
export function WorkOrderSteps({ order, lang }: { order: WorkOrder; lang: SiteLanguage }) {
  const { t } = useTranslation('repair');
  const current = STATUSES.indexOf(order.status);
  return (
    <ol className={styles.steps} aria-label={t('detail.progress')}>
      {STATUSES.map((status, index) => {
        const step = order.steps.find((s) => s.status === status);
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        const time = formatDateTime(step?.time, lang);
        return (
          <li key={status} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.stepMarker} aria-hidden="true">
              {state === 'done' || (state === 'current' && status === 'serviceCompleted') ? (
                <svg viewBox="0 0 16 16" width="14" height="14">
                  <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              ) : (
                index + 1
              )}
            </span>
            <span className={styles.stepText}>
              <span className={styles.stepName}>{t(`status.${status}`)}</span>
              <span className={styles.stepTime}>
                {time || t('detail.notYet')}
                {state === 'current' ? <span className={styles.visuallyHidden}> ({t('detail.currentStep')})</span> : null}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
