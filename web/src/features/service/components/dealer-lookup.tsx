import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { formatDate, visitorToday } from '@/lib/format-date';
import type { SiteLanguage } from '@/lib/language';
import type { PageContext } from '@/lib/use-page-language';
import { type Dealer, isDealerNotFound, useDealerByName } from '../api/dealers';
import { type DealerQuery, type DealerQueryInput, dealerQuerySchema } from '../schemas/dealer-query';
import styles from './lookup.module.css';
import { SearchField } from './search-field';

/** A partner's facts: level, region, certificate and validity. */
export function DealerFacts({ dealer, lang }: { dealer: Dealer; lang: SiteLanguage }) {
  const { t } = useTranslation('service');
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('provider.level')}</dt>
        <dd>{dealer.level}</dd>
      </div>
      <div>
        <dt>{t('provider.region')}</dt>
        <dd>{dealer.region}</dd>
      </div>
      <div>
        <dt>{t('provider.certificate')}</dt>
        <dd>{dealer.certificateNo}</dd>
      </div>
      <div>
        <dt>{t('provider.validity')}</dt>
        <dd>{t('provider.validRange', { from: formatDate(dealer.validFrom, lang), until: formatDate(dealer.validUntil, lang) })}</dd>
      </div>
    </dl>
  );
}

/** Is this partner's authorisation valid today? */
export function isCurrent(dealer: Dealer, today = visitorToday()): boolean {
  return dealer.validFrom <= today && today <= dealer.validUntil;
}

/**
 * Verify a channel partner by its FULL registered company name (spec sections 1 and 5): the
 * directory compares names exactly, so a part of a name finds nothing.
 */
export function DealerLookup({ context }: { context: PageContext }) {
  const { t } = useTranslation('service');
  const [name, setName] = useState<string | null>(null);
  const dealer = useDealerByName(name, context);
  const form = useForm<DealerQueryInput, unknown, DealerQuery>({
    resolver: zodResolver(dealerQuerySchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { companyName: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (values.companyName === name) void dealer.refetch();
    else setName(values.companyName);
  });
  const fieldError = form.formState.errors.companyName?.message;

  return (
    <div className={styles.panel}>
      <form className={styles.form} noValidate onSubmit={onSubmit} role="search" aria-label={t('provider.verifyTitle')}>
        <SearchField
          id="dealer-name"
          label={t('provider.nameLabel')}
          placeholder={t('provider.namePlaceholder')}
          hint={t('provider.nameHint')}
          error={fieldError ? t(fieldError as 'provider.errors.required') : null}
          button={t('provider.verify')}
          busy={dealer.isFetching}
          autoComplete="organization"
          maxLength={120}
          {...form.register('companyName')}
        />
      </form>
      <div className={styles.results} aria-live="polite">
        {name ? (
          dealer.isPending ? (
            <p role="status">{t('provider.searching')}</p>
          ) : dealer.isError ? (
            isDealerNotFound(dealer.error) ? (
              <div className={styles.message} data-tone="warning" role="alert">
                <div>
                  <p className={styles.messageTitle}>{t('provider.notFound')}</p>
                  <p className={styles.messageText}>{t('provider.notFoundHint')}</p>
                </div>
              </div>
            ) : (
              <ErrorState error={dealer.error} onRetry={() => void dealer.refetch()} />
            )
          ) : (
            <article className={styles.card} aria-labelledby="dealer-result">
              <div className={styles.cardHead}>
                <span className={styles.badge} data-tone={isCurrent(dealer.data) ? 'ok' : undefined}>
                  {isCurrent(dealer.data) ? t('provider.authorised') : t('provider.notCurrent')}
                </span>
              </div>
              <h3 id="dealer-result" className={styles.cardTitle}>
                {dealer.data.companyName}
              </h3>
              <DealerFacts dealer={dealer.data} lang={context.lang} />
            </article>
          )
        ) : null}
      </div>
    </div>
  );
}
