import { useTranslation } from 'react-i18next';
import type { Office } from '../api/get-company';
import { telHref } from '@/components/ui/phone-and-mail';
import { balancedGrid } from '@/lib/balanced-grid';
import styles from './office-cards.module.css';


/** The offices as cards: name, address, phone and e-mail (no map). */
export function OfficeCards({ offices }: { offices: readonly Office[] }) {
  const { t } = useTranslation('about');
  if (offices.length === 0) return <p className={styles.empty}>{t('offices.empty')}</p>;
  return (
    <ul className={styles.offices} style={balancedGrid(offices.length, { wide: 4, mid: 3, narrow: 2, phone: 1 })}>
      {offices.map((office, index) => (
        <li key={office.id} className={styles.office} data-main={index === 0}>
          <h3 className={styles.name}>{office.name}</h3>
          <p className={styles.address}>{office.address}</p>
          <dl className={styles.contacts}>
            {office.phone ? (
              <div>
                <dt>{t('offices.phone')}</dt>
                <dd>
                  <a href={telHref(office.phone)}>{office.phone}</a>
                </dd>
              </div>
            ) : null}
            {office.email ? (
              <div>
                <dt>{t('offices.email')}</dt>
                <dd>
                  <a href={`mailto:${office.email}`}>{office.email}</a>
                </dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
