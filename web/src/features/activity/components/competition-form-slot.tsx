import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CUSTOM_FORMS, useCustomForm } from '@/api/custom-form';
import { CmsForm } from '@/components/ui/cms-form';
import { ErrorState } from '@/components/ui/error-state';
import { formStyles } from '@/components/ui/form-controls';
import { RichText } from '@/components/ui/rich-text';
import { Skeleton } from '@/components/ui/skeleton';
import { type FormsKey, sourcePageOf } from '@/lib/form-submit';
import { legalPath } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import styles from './competition-form-slot.module.css';

/** The six required-field messages of the competition (spec section 5), by field name. */
export const COMPETITION_MESSAGES: Record<string, FormsKey> = {
  competeType: 'competition.messages.competeType',
  careerType: 'competition.messages.careerType',
  researchFiled: 'competition.messages.researchFiled',
  productModel: 'competition.messages.productModel',
  codeLink: 'competition.messages.codeLink',
  hasAgreed: 'competition.messages.hasAgreed',
};

export interface CompetitionFormSlotProps {
  /** Called after the entry was accepted (the form has reset and thanked the visitor). */
  onSubmitted?: () => void;
}

/**
 * The developer challenge sign-up (customForm/4) on the activity page: competeType, careerType,
 * researchFiled, productModel, codeLink and hasAgreed, all required with the competition's own
 * messages; the intellectual property agreement opens as /imprint?key=ip-agreement in a new
 * tab. Sent as a customFormRecord (the visitor's account is attached when logged in). The
 * `forms` catalogue loads with it, so the activity page need not list it.
 */
export function CompetitionFormSlot({ onSubmitted }: CompetitionFormSlotProps) {
  const { t, ready } = useTranslation(['forms', 'messages']);
  const context = usePageContext();
  const form = useCustomForm(CUSTOM_FORMS.competition, context);
  const sourcePage = sourcePageOf(useLocation());
  const loaded = ready && form.isSuccess;

  return (
    <section
      className={styles.slot}
      aria-labelledby={loaded ? 'competition-form-title' : undefined}
      aria-busy={!loaded && !form.isError ? true : undefined}
      data-testid="competition-form-slot"
    >
      {!ready || form.isPending ? (
        <div className={styles.loading} role="status">
          <span className={formStyles.visuallyHidden}>{ready ? t('common.loading') : ''}</span>
          <Skeleton className={styles.skeletonTitle} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className={styles.skeletonField} />
          ))}
        </div>
      ) : form.isError ? (
        <ErrorState error={form.error} onRetry={() => void form.refetch()} message={t('common.loadFailed')} />
      ) : (
        <>
          <div className={styles.head}>
            <h2 id="competition-form-title" className={styles.title}>
              {form.data.title}
            </h2>
            {form.data.description ? <RichText className={styles.description} html={form.data.description} /> : null}
          </div>
          <CmsForm
            form={form.data}
            lang={context.lang}
            sourcePage={sourcePage}
            idPrefix="competition"
            requiredMessages={COMPETITION_MESSAGES}
            extras={{
              hasAgreed: (
                <a className={formStyles.inlineLink} href={legalPath('ip-agreement', context.lang)} target="_blank" rel="noopener noreferrer">
                  {t('competition.agreement')}
                </a>
              ),
            }}
            submitLabel={t('competition.submit')}
            successToast={{ title: t('competition.submitted'), detail: t('competition.submittedDetail') }}
            onSubmitted={onSubmitted}
          />
        </>
      )}
    </section>
  );
}
