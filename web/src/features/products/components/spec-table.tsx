import { useTranslation } from 'react-i18next';
import type { SpecGroup } from '../api/get-product';
import styles from './spec-table.module.css';

/** The technical parameters, one table per group (its caption), name and value with unit. */
export function SpecTables({ groups }: { groups: SpecGroup[] }) {
  const { t } = useTranslation('products');
  const shown = groups.filter((group) => group.items.length > 0);
  if (shown.length === 0) return <p className={styles.empty}>{t('noSpecs')}</p>;
  return (
    <div className={styles.groups}>
      {shown.map((group) => (
        <table key={group.groupName} className={styles.table}>
          <caption>{group.groupName}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t('parameter')}</th>
              <th scope="col">{t('value')}</th>
            </tr>
          </thead>
          <tbody>
            {group.items.map((item, index) => (
              <tr key={`${item.name}-${index}`}>
                <th scope="row">{item.name}</th>
                <td>{withUnit(item.value, item.unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** A value with its unit (`7 kg`, `±0.02 mm`); no unit for free text. */
export function withUnit(value: string, unit: string | null | undefined): string {
  return unit ? `${value} ${unit}` : value;
}
