import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import type { SiteLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageContext } from '@/lib/use-page-language';
import { type WorkOrder, isOrderNotFound, needsLogin, useWorkOrder } from '../api/work-orders';
import { LoginRequired } from '../components/login-required';
import { StatusBadge, WorkOrderSteps } from '../components/status';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { repairListPath, repairPath } from '../utils/paths';
import { buttonClass } from '@/components/ui/button';
import styles from '../components/repair-pages.module.css';

/** The `:id` of the address as a work order id, or null when it cannot be one. */
export function orderIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

/**
 * /repairDetail/{id}: one work order of the visitor: its progress (Online Report → In Service →
 * Service Completed, the current step marked, with times), the product (robot body and code) and
 * the order (fault time, description, attachments with previews, contact, customer address).
 * Another user's order is answered exactly like one that does not exist: the not-found state.
 */
export function RepairDetailRoute() {
  const { t } = useTranslation('repair');
  const context = usePageContext();
  const session = useSession();
  const id = orderIdOf(useParams().id);
  const order = useWorkOrder(id, session?.token ?? null, context);

  if (!session || needsLogin(order.error)) {
    return (
      <PageFrame>
        <LoginRequired expired={Boolean(session)} />
      </PageFrame>
    );
  }

  if (id === null || isOrderNotFound(order.error)) {
    return (
      <PageFrame>
        <section className={styles.panel} aria-labelledby="repair-missing-title">
          <h2 id="repair-missing-title" className={styles.panelTitle}>
            {t('detail.notFoundTitle')}
          </h2>
          <p className={styles.panelText}>{t('detail.notFoundText')}</p>
          <div className={styles.panelActions}>
            <Link to={repairListPath(context)} className={buttonClass({ variant: 'primary' })}>
              {t('detail.toList')}
            </Link>
            <Link to={repairPath(context)} className={buttonClass({ variant: 'secondary' })}>
              {t('list.newReport')}
            </Link>
          </div>
        </section>
      </PageFrame>
    );
  }

  if (order.isPending) {
    return (
      <PageFrame>
        <div role="status" className={styles.detailSkeleton}>
          <span className={styles.visuallyHidden}>{t('detail.loading')}</span>
          <Skeleton className={styles.skeletonSteps} />
          <Skeleton className={styles.skeletonBlock} />
          <Skeleton className={styles.skeletonBlock} />
        </div>
      </PageFrame>
    );
  }

  if (order.isError) {
    return (
      <PageFrame>
        <ErrorState error={order.error} onRetry={() => void order.refetch()} message={t('detail.loadFailed')} />
      </PageFrame>
    );
  }

  const data = order.data;
  return (
    <PageFrame title={t('detail.title', { number: data.serviceNumber })} lead={<StatusBadge status={data.status} />}>
      <div className={styles.detail}>
        <section className={styles.block} aria-labelledby="repair-progress-title">
          <h2 id="repair-progress-title" className={styles.blockTitle}>
            {t('detail.progress')}
          </h2>
          <WorkOrderSteps order={data} lang={context.lang} />
        </section>
        {data.variant === 'repair' ? (
          <section className={styles.block} aria-labelledby="repair-product-title">
            <h2 id="repair-product-title" className={styles.blockTitle}>
              {t('detail.product')}
            </h2>
            <dl className={styles.facts}>
              <Fact label={t('detail.robotBody')}>{data.robotBody}</Fact>
              <Fact label={t('fields.robotCode')}>{data.robotCode}</Fact>
              <Fact label={t('fields.cabinetCode')}>{data.cabinetCode}</Fact>
            </dl>
          </section>
        ) : null}
        <OrderInfo order={data} lang={context.lang} />
        <p>
          <Link to={repairListPath(context)} className={styles.backLink}>
            {t('detail.toList')}
          </Link>
        </p>
      </div>
    </PageFrame>
  );
}

function OrderInfo({ order, lang }: { order: WorkOrder; lang: SiteLanguage }) {
  const { t } = useTranslation('repair');
  const consultation = order.variant === 'consultation';
  return (
    <section className={styles.block} aria-labelledby="repair-order-title">
      <h2 id="repair-order-title" className={styles.blockTitle}>
        {t('detail.order')}
      </h2>
      <dl className={styles.facts}>
        <Fact label={t('list.serviceNumber')}>{order.serviceNumber}</Fact>
        <Fact label={t('detail.type')}>{t(`variant.${order.variant}`)}</Fact>
        <Fact label={t('list.reportTime')}>{formatDateTime(order.reportTime, lang)}</Fact>
        {consultation ? (
          <Fact label={t('fields.issueInformation')}>{order.issueInformation}</Fact>
        ) : (
          <Fact label={t('detail.faultTime')}>{formatDate(order.faultTime, lang, 'short')}</Fact>
        )}
        <Fact label={consultation ? t('fields.problemDescription') : t('fields.faultDescription')} wide>
          <span className={styles.prewrap}>{order.faultDescription}</span>
        </Fact>
        <Fact label={t('detail.attachments')} wide>
          {order.attachments.length > 0 ? (
            <ul className={styles.attachments}>
              {order.attachments.map((file) => (
                <li key={file.id} className={styles.attachment}>
                  {file.contentType.startsWith('video/') ? (
                    <video className={styles.attachmentMedia} src={file.url} controls preload="metadata" playsInline aria-label={file.name} />
                  ) : (
                    <a href={file.url} target="_blank" rel="noopener noreferrer" className={styles.attachmentLink}>
                      <img className={styles.attachmentMedia} src={file.url} alt={file.name} loading="lazy" />
                      <span className={styles.visuallyHidden}>{t('detail.opensNewTab')}</span>
                    </a>
                  )}
                  <span className={styles.attachmentName}>{file.name}</span>
                </li>
              ))}
            </ul>
          ) : (
            <span className={styles.muted}>{t('detail.noAttachments')}</span>
          )}
        </Fact>
        <Fact label={t('detail.contact')}>
          <span className={styles.contact}>
            <span>{order.contactName}</span>
            <span>{order.contactPhone}</span>
            <span>{order.contactEmail}</span>
          </span>
        </Fact>
        {consultation ? null : (
          <>
            <Fact label={t('fields.companyName')}>{order.companyName}</Fact>
            <Fact label={t('detail.customerAddress')}>{order.customerAddress}</Fact>
          </>
        )}
      </dl>
    </section>
  );
}

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation('repair');
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={wide ? `${styles.fact} ${styles.factWide}` : styles.fact}>
      <dt>{label}</dt>
      <dd>{empty ? <span className={styles.muted}>{t('detail.none')}</span> : children}</dd>
    </div>
  );
}
