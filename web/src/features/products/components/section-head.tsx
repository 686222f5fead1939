import type { ReactNode } from 'react';
import styles from './section-head.module.css';

/** The heading of a page section (h2), an optional intro and an optional action at the side. */
export function SectionHead({ id, title, intro, action }: { id: string; title: string; intro?: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.head}>
      <div className={styles.text}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
