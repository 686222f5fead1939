import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CUSTOM_FORMS, useCustomForm } from '@/api/custom-form';
import { CmsForm } from '@/components/ui/cms-form';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { RichText } from '@/components/ui/rich-text';
import { Skeleton } from '@/components/ui/skeleton';
import { sourcePageOf } from '@/lib/form-submit';
import { localizePath } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import styles from './cooperation-intent.module.css';

/**
 * /cooperationIntent: the cooperation intent form of the campaigns (spec section 3): unit name,
 * contact person and phone, city, position type, planned scenario, quantity band and where the
 * visitor heard of us. The CMS defines the form (customForm/1); it is sent as a
 * customFormRecord and ends on /thx.
 */
export function CooperationIntentRoute() {
  const { t } = useTranslation('forms');
  const context = usePageContext();
  const form = useCustomForm(CUSTOM_FORMS.cooperationIntent, context);
  const navigate = useNavigate();
  const sourcePage = sourcePageOf(useLocation());

  return (
    <PageFrame>
      <div className={styles.layout}>
        <section className={styles.card} aria-labelledby={form.data ? 'cooperation-form-title' : undefined} aria-busy={form.isPending || undefined}>
          {form.isPending ? (
            <div role="status" className={styles.loading}>
              <span className={styles.visuallyHidden}>{t('common.loading')}</span>
              <Skeleton className={styles.skeletonTitle} />
              <Skeleton className={styles.skeletonLine} />
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} className={styles.skeletonField} />
              ))}
            </div>
          ) : form.isError ? (
            <ErrorState error={form.error} onRetry={() => void form.refetch()} message={t('common.loadFailed')} />
          ) : (
            <>
              <h2 id="cooperation-form-title" className={styles.formTitle}>
                {form.data.title}
              </h2>
              {form.data.description ? <RichText className={styles.description} html={form.data.description} /> : null}
              <CmsForm
                form={form.data}
                lang={context.lang}
                sourcePage={sourcePage}
                idPrefix="cooperation"
                consent
                submitLabel={t('cooperation.submit')}
                onSubmitted={() => void navigate(localizePath('/thx', context.lang))}
              />
            </>
          )}
        </section>
        <aside className={styles.aside} aria-labelledby="cooperation-next">
          <h2 id="cooperation-next" className={styles.asideTitle}>
            {t('cooperation.nextTitle')}
          </h2>
          <ol className={styles.steps}>
            <li>{t('cooperation.steps.review')}</li>
            <li>{t('cooperation.steps.contact')}</li>
            <li>{t('cooperation.steps.offer')}</li>
          </ol>
          <p className={styles.privacy}>{t('cooperation.privacy')}</p>
        </aside>
      </div>
    </PageFrame>
  );
}
