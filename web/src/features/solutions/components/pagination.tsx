import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/ui/smart-link';
import { pageItems } from '../utils/paging';
import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  count: number;
  /** The site path of a page number. */
  hrefOf: (page: number) => string;
}

/** Links to the pages of a list: previous, numbers with gaps, next. Nothing for one page. */
export function Pagination({ page, count, hrefOf }: PaginationProps) {
  const { t } = useTranslation('solutions');
  if (count <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={t('pagination')}>
      <ul>
        <li>
          {page > 1 ? (
            <SmartLink href={hrefOf(page - 1)} className={styles.step}>
              {t('previousPage')}
            </SmartLink>
          ) : (
            <span className={styles.step} aria-disabled="true">
              {t('previousPage')}
            </span>
          )}
        </li>
        {pageItems(page, count).map((item, index) =>
          item === null ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <SmartLink
                href={hrefOf(item)}
                className={styles.number}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pageNumber', { page: item })}
              >
                {item}
              </SmartLink>
            </li>
          ),
        )}
        <li>
          {page < count ? (
            <SmartLink href={hrefOf(page + 1)} className={styles.step}>
              {t('nextPage')}
            </SmartLink>
          ) : (
            <span className={styles.step} aria-disabled="true">
              {t('nextPage')}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
