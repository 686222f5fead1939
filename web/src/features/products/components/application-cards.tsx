import { SmartLink } from '@/components/ui/smart-link';
import type { ProductApplication } from '../api/get-product';
import { balancedGrid } from '@/lib/balanced-grid';
import styles from './application-cards.module.css';

/** The application (process) pages a product is used in, as picture tiles. */
export function ApplicationCards({ applications }: { applications: ProductApplication[] }) {
  return (
    <ul className={styles.list} style={balancedGrid(applications.length, { wide: 4, mid: 3, narrow: 2, phone: 1 })}>
      {applications.map((application) => (
        <li key={application.id}>
          <SmartLink href={`/application/${application.id}`} className={styles.card}>
            <span className={styles.media}>
              <img src={application.image} alt="" loading="lazy" decoding="async" width="1200" height="800" />
            </span>
            <span className={styles.body}>
              <span className={styles.name}>{application.name}</span>
              {application.summary ? <span className={styles.summary}>{application.summary}</span> : null}
            </span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
