import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import type { PageContext } from '@/lib/use-page-language';
import { useRegionDealers } from '../api/dealers';
import { DealerFacts } from './dealer-lookup';
import { buttonClass } from '@/components/ui/button';
import styles from './lookup.module.css';
import { CHINA, DEFAULT_COUNTRY, PROVINCES, countryOptions, provinceName, regionQuery } from './regions';
import { useHydrated } from '@/lib/use-hydrated';

/** Channel partners serving a region: a country, and in China a province. */
export function RegionLookup({ context }: { context: PageContext }) {
  const hydrated = useHydrated();
  const { t } = useTranslation('service');
  const { lang } = context;
  const [country, setCountry] = useState(DEFAULT_COUNTRY[lang] ?? '');
  const [province, setProvince] = useState('');
  const [region, setRegion] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const dealers = useRegionDealers(region, context);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = regionQuery(country, province);
    setMissing(!query);
    if (!query) return;
    if (query === region) void dealers.refetch();
    else setRegion(query);
  };

  return (
    <div className={styles.panel}>
      <form className={styles.form} noValidate onSubmit={onSubmit} aria-label={t('provider.regionTitle')}>
        <div className={styles.selects}>
          <div className={styles.field}>
            <label htmlFor="region-country" className={styles.label}>
              {t('provider.country')}
            </label>
            <select
              id="region-country"
              className={styles.select}
              value={country}
              onChange={(event) => {
                setCountry(event.target.value);
                setProvince('');
                setMissing(false);
              }}
            >
              <option value="">{t('provider.chooseCountry')}</option>
              {countryOptions(lang).map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          {country === CHINA ? (
            <div className={styles.field}>
              <label htmlFor="region-province" className={styles.label}>
                {t('provider.province')}
              </label>
              <select
                id="region-province"
                className={styles.select}
                value={province}
                onChange={(event) => {
                  setProvince(event.target.value);
                  setMissing(false);
                }}
              >
                <option value="">{t('provider.chooseProvince')}</option>
                {PROVINCES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {provinceName(option, lang)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button type="submit" className={buttonClass({ variant: 'primary' }, styles.submit)} disabled={!hydrated} data-busy={dealers.isFetching || undefined}>
            {t('provider.findPartners')}
          </button>
        </div>
        <p className={styles.error} role={missing ? 'alert' : undefined} hidden={!missing}>
          {country === CHINA ? t('provider.chooseProvinceFirst') : t('provider.chooseCountryFirst')}
        </p>
      </form>

      <div className={styles.results} aria-live="polite">
        {region ? (
          dealers.isPending ? (
            <p role="status">{t('provider.searching')}</p>
          ) : dealers.isError ? (
            <ErrorState error={dealers.error} onRetry={() => void dealers.refetch()} />
          ) : dealers.data.length === 0 ? (
            <div className={styles.message} role="status">
              <div>
                <p className={styles.messageTitle}>{t('provider.regionEmpty')}</p>
                <p className={styles.messageText}>{t('provider.regionEmptyHint')}</p>
                <button type="button" className={buttonClass({ variant: 'secondary', size: 'sm' }, styles.cardAction)} aria-haspopup="dialog" onClick={() => openEnquiryDialog('contact')}>
                  {t('provider.contactUs')}
                </button>
              </div>
            </div>
          ) : (
            <>
              <p className="visually-hidden" role="status">
                {t('provider.regionFound', { count: dealers.data.length })}
              </p>
              <ul className={styles.cards} aria-label={t('provider.regionResults')}>
                {dealers.data.map((dealer) => (
                  <li key={dealer.certificateNo} className={styles.card}>
                    <h3 className={styles.cardTitle}>{dealer.companyName}</h3>
                    <DealerFacts dealer={dealer} lang={lang} />
                  </li>
                ))}
              </ul>
            </>
          )
        ) : null}
      </div>
    </div>
  );
}
