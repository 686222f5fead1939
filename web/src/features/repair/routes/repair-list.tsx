import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { usePageContext } from '@/lib/use-page-language';
import { LIST_TABS, type ListTab, ORDERS_PER_PAGE, listTabOf, needsLogin, pageOf, useWorkOrders } from '../api/work-orders';
import { LoginRequired } from '../components/login-required';
import { StatusBadge } from '../components/status';
import { formatDateTime } from '@/lib/format-date';
import { repairDetailPath, repairPath } from '../utils/paths';
import { buttonClass } from '@/components/ui/button';
import styles from '../components/repair-pages.module.css';

/**
 * /repairList: the visitor's work orders, newest first, under the tabs All, Pending (online
 * report and in service) and Completed, ten to a page. Tab and page live in the address
 * (`?status=pending&page=2`), so reloading and the back button keep them. An empty tab says
 * 'No data' with the advice of spec section 8.
 */
export function RepairListRoute() {
  const { t } = useTranslation('repair');
  const context = usePageContext();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab = listTabOf(params.get('status'));
  const page = pageOf(params.get('page'));
  const orders = useWorkOrders({ tab, page }, session?.token ?? null, context);

  const go = (next: { tab?: ListTab; page?: number }) => {
    const search = new URLSearchParams(params);
    const nextTab = next.tab ?? tab;
    const nextPage = next.page ?? (next.tab ? 1 : page);
    if (nextTab === 'all') search.delete('status');
    else search.set('status', nextTab);
    if (nextPage === 1) search.delete('page');
    else search.set('page', String(nextPage));
    setParams(search, { preventScrollReset: true });
  };

  if (!session || needsLogin(orders.error)) {
    return (
      <PageFrame>
        <LoginRequired expired={Boolean(session)} />
      </PageFrame>
    );
  }

  const data = orders.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / ORDERS_PER_PAGE)) : 1;

  return (
    <PageFrame lead={t('list.lead')}>
      <div className={styles.listHead}>
        <Link to={repairPath(context)} className={buttonClass({ variant: 'primary' })}>
          {t('list.newReport')}
        </Link>
      </div>
      <Tabs
        label={t('list.tabsLabel')}
        variant="pill"
        items={LIST_TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
        value={tab}
        onValueChange={(value) => go({ tab: value })}
        className={styles.tabs}
      >
        {orders.isPending ? (
          <div role="status" className={styles.tableSkeleton}>
            <span className={styles.visuallyHidden}>{t('list.loading')}</span>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className={styles.skeletonRow} />
            ))}
          </div>
        ) : orders.isError && !data ? (
          <ErrorState error={orders.error} onRetry={() => void orders.refetch()} message={t('list.loadFailed')} />
        ) : data && data.rows.length === 0 ? (
          <div className={styles.empty} role="status">
            <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" className={styles.emptyIcon}>
              <path fill="none" stroke="currentColor" strokeWidth="2" d="M10 6h20l8 8v28H10zM30 6v8h8M17 24h14M17 31h10" />
            </svg>
            <p className={styles.emptyTitle}>{t('list.emptyTitle')}</p>
            <p className={styles.panelText}>{t('list.emptyAdvice')}</p>
            <div className={styles.panelActions}>
              {tab !== 'all' ? (
                <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => go({ tab: 'all' })}>
                  {t('list.showAll')}
                </button>
              ) : null}
              <Link to={repairPath(context)} className={buttonClass({ variant: 'primary' })}>
                {t('list.newReport')}
              </Link>
            </div>
          </div>
        ) : data ? (
          <div aria-busy={orders.isFetching || undefined} className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.visuallyHidden}>{t('list.caption', { tab: t(`tabs.${tab}`), total: data.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('list.serviceNumber')}</th>
                  <th scope="col">{t('list.reportTime')}</th>
                  <th scope="col">{t('list.status')}</th>
                  <th scope="col">
                    <span className={styles.visuallyHidden}>{t('list.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" data-label={t('list.serviceNumber')}>
                      <Link to={repairDetailPath(row.id, context.lang)} className={styles.serviceLink}>
                        {row.serviceNumber}
                      </Link>
                      {row.robotCode ? <span className={styles.rowSub}>{row.robotCode}</span> : null}
                    </th>
                    <td data-label={t('list.reportTime')}>{formatDateTime(row.reportTime, context.lang)}</td>
                    <td data-label={t('list.status')}>
                      <StatusBadge status={row.status} />
                    </td>
                    <td className={styles.rowAction}>
                      <Link
                        to={repairDetailPath(row.id, context.lang)}
                        className={styles.detailLink}
                        aria-label={t('list.viewNamed', { number: row.serviceNumber })}
                      >
                        {t('list.view')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={Math.min(page, pageCount)}
              pageCount={pageCount}
              onPageChange={(next) => go({ page: next })}
              labels={{
                nav: t('list.pagerLabel'),
                previous: t('list.previous'),
                next: t('list.next'),
                page: (n) => t('list.pageN', { page: n }),
              }}
            />
          </div>
        ) : null}
      </Tabs>
    </PageFrame>
  );
}
