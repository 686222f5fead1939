import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Milestone } from '../api/get-company';
import { buttonClass } from '@/components/ui/button';
import styles from './milestone-timeline.module.css';

/** How many milestones show before "show earlier milestones". */
export const FIRST_MILESTONES = 6;

/** The company's history as a vertical timeline, most recent first. */
export function MilestoneTimeline({ milestones }: { milestones: readonly Milestone[] }) {
  const { t } = useTranslation('about');
  const [all, setAll] = useState(false);
  const shown = all ? milestones : milestones.slice(0, FIRST_MILESTONES);
  const hidden = milestones.length - shown.length;
  return (
    <>
      <ol className={styles.timeline}>
        {shown.map((milestone) => (
          <li key={milestone.id} className={styles.item}>
            <p className={styles.year}>{milestone.year}</p>
            <div className={styles.body}>
              <h3 className={styles.title}>{milestone.title}</h3>
              {milestone.description ? <p className={styles.text}>{milestone.description}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      {hidden > 0 ? (
        <button type="button" className={buttonClass({ variant: 'secondary' }, styles.more)} onClick={() => setAll(true)}>
          {t('about.earlierMilestones', { count: hidden })}
        </button>
      ) : null}
    </>
  );
}
