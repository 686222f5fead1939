import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { useComparison } from '../api/get-comparison';
import { productsOf, useProductLines } from '../api/get-product-lines';
import { ComparisonPicker } from '../components/comparison-picker';
import { ComparisonTable } from '../components/comparison-table';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { IDS_PARAM, MIN_COMPARED, type RowFilters, formatIds, parseIds, toggleId, visibleGroups } from '../utils/comparison';
import styles from './product-comparison.module.css';

/**
 * /productComparison: 2 to 4 products side by side. The choice lives in the query string
 * (`?ids=101,201`), so a comparison can be shared and survives a reload. With fewer than two
 * products chosen the page says so and asks nothing of the server; each product ticked loads its
 * own data, once (api/get-comparison.ts). Two toggles hide identical rows and rows with
 * unavailable values; together they hide a row when either applies.
 */
export function ProductComparisonRoute() {
  const { t } = useTranslation('products');
  usePageTitle({ description: t('compareLead') });
  const context = usePageContext();
  const [params, setParams] = useSearchParams();
  const lines = useProductLines(context);

  const requested = useMemo(() => parseIds(params.get(IDS_PARAM)), [params]);
  // Only products the site lists can be compared; unknown ids in a shared link are dropped.
  const known = useMemo(() => new Set(productsOf(lines.data ?? []).map((product) => product.id)), [lines.data]);
  const chosen = useMemo(() => (lines.data ? requested.filter((id) => known.has(id)) : requested), [lines.data, requested, known]);
  const comparison = useComparison(context, chosen, Boolean(lines.data));

  const choose = (ids: number[]) => {
    const next = new URLSearchParams(params);
    if (ids.length > 0) next.set(IDS_PARAM, formatIds(ids));
    else next.delete(IDS_PARAM);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const toggle = (id: number) => choose(toggleId(chosen, id));

  return (
    <PageFrame lead={t('compareLead')}>
      {lines.isPending ? (
        <PageSkeleton intro={false} cards={4} />
      ) : lines.isError ? (
        <ErrorState error={lines.error} onRetry={() => void lines.refetch()} />
      ) : (
        <div className={styles.layout}>
          <ComparisonPicker lines={lines.data} chosen={chosen} onToggle={toggle} />
          {chosen.length < MIN_COMPARED ? (
            <div className={styles.refusal} role="status">
              <p className={styles.refusalTitle}>{t('needTwo', { min: MIN_COMPARED })}</p>
              <p className={styles.refusalText}>{t('needTwoHint')}</p>
            </div>
          ) : comparison.isError ? (
            // A product that could not be loaded would be missing from the table without a word.
            <ErrorState error={comparison.error} onRetry={comparison.refetch} />
          ) : comparison.data ? (
            <ComparisonResult
              products={comparison.data.products}
              rows={comparison.data.parameters}
              busy={comparison.isFetching}
              onRemove={toggle}
            />
          ) : (
            <div aria-busy="true">
              <p role="status" className="visually-hidden">
                {t('loadingComparison')}
              </p>
              <Skeleton className={styles.tableSkeleton} />
            </div>
          )}
        </div>
      )}
    </PageFrame>
  );
}

type Comparison = NonNullable<ReturnType<typeof useComparison>['data']>;

function ComparisonResult({
  products,
  rows,
  busy,
  onRemove,
}: {
  products: Comparison['products'];
  rows: Comparison['parameters'];
  busy: boolean;
  onRemove: (id: number) => void;
}) {
  const { t } = useTranslation('products');
  const toolbarId = useId();
  const [filters, setFilters] = useState<RowFilters>({ hideIdentical: false, hideUnavailable: false });
  const groups = useMemo(() => visibleGroups(rows, filters), [rows, filters]);
  const shown = groups.reduce((sum, group) => sum + group.rows.length, 0);

  return (
    <section className={styles.result} aria-labelledby={`${toolbarId}-title`}>
      <div className={styles.toolbar}>
        <h2 id={`${toolbarId}-title`} className={styles.resultTitle}>
          {t('parametersTitle')}
        </h2>
        <div className={styles.toggles} role="group" aria-label={t('filtersLabel')}>
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={filters.hideIdentical}
              onChange={(event) => setFilters({ ...filters, hideIdentical: event.target.checked })}
            />
            <span>{t('hideIdentical')}</span>
          </label>
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={filters.hideUnavailable}
              onChange={(event) => setFilters({ ...filters, hideUnavailable: event.target.checked })}
            />
            <span>{t('hideUnavailable')}</span>
          </label>
        </div>
        <p className={styles.shown} aria-live="polite">
          {t('rowsShown', { shown, total: rows.length })}
        </p>
      </div>
      {shown === 0 ? (
        <p className={styles.allHidden}>{rows.length === 0 ? t('noParameters') : t('allHidden')}</p>
      ) : (
        <ComparisonTable products={products} groups={groups} onRemove={onRemove} busy={busy} />
      )}
    </section>
  );
}
