import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { useSiteInfo } from '@/api/site-info';
import { PageFrame } from '@/components/ui/page-frame';
import { homePath, localizePath } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import tile from '@/components/ui/link-tile.module.css';
import { buttonClass } from '@/components/ui/button';
import styles from './thx.module.css';
import { PhoneAndMail } from '@/components/ui/phone-and-mail';

type Step = 'received' | 'contact' | 'reply';
const STEPS: readonly Step[] = ['received', 'contact', 'reply'];

type NextKey = 'products' | 'cases' | 'downloads';

const NEXT_ICONS: Record<NextKey, ReactNode> = {
  products: (
    <>
      <path d="M5 20h10M7.5 20v-2.5h5V20M10 17.5 8.4 11.4M9.3 9.2l5.4-3.3M17.2 6.2l2 2.3M17 3.8l2.6-.5" />
      <circle cx="8" cy="10" r="1.5" />
      <circle cx="16" cy="5" r="1.4" />
    </>
  ),
  cases: <path d="M4 8.5h16v10.5H4zM9 8.5V6a1.5 1.5 0 0 1 1.5-1.5h3A1.5 1.5 0 0 1 15 6v2.5M4 13h16M11 13v1.5h2V13" />,
  downloads: <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19h14" />,
};

/** Where a visitor may go next, with the site path (without language prefix) and page title. */
const NEXT_STEPS: ReadonlyArray<{ key: NextKey; path: string; titleKey: 'titles.productList' | 'titles.case' | 'titles.download' }> = [
  { key: 'products', path: '/productList', titleKey: 'titles.productList' },
  { key: 'cases', path: '/case', titleKey: 'titles.case' },
  { key: 'downloads', path: '/download', titleKey: 'titles.download' },
];

/**
 * /thx: where every enquiry, prototype request and partnership enquiry lands. It confirms the
 * request, says what happens next (an account manager within one business day, spec section 8,
 * and where the reply will come), offers the hotline and mailbox of the page language for an
 * urgent question, and the next steps a visitor would want: products, cases, downloads.
 *
 * The text comes from the catalogues, not from the CMS, so the confirmation shows even when the
 * content system does not answer. Nothing here depends on the browser (no storage, no clock): the
 * server and the browser render the same page.
 */
export function ThxRoute() {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const context = usePageContext();
  const site = useSiteInfo(context);
  const info = site.data;

  return (
    <PageFrame title={t('thx.title')} lead={t('thx.lead')}>
      <div className={styles.layout}>
        <section className={styles.next} aria-labelledby="thx-next">
          <h2 id="thx-next" className={styles.heading}>
            {t('thx.nextTitle')}
          </h2>
          <ol className={styles.steps}>
            {STEPS.map((step, index) => (
              <li key={step} className={styles.step} data-done={index === 0 ? '' : undefined}>
                <span className={styles.marker} aria-hidden="true">
                  {index === 0 ? (
                    <svg viewBox="0 0 24 24" width="20" height="20">
                      <path d="m6 12.5 4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  ) : (
                    index + 1
                  )}
                </span>
                <div className={styles.stepText}>
                  <h3 className={styles.stepTitle}>{t(`thx.${step}Title`)}</h3>
                  <p>{t(`thx.${step}Text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        {info ? (
          <aside className={styles.sooner} aria-labelledby="thx-sooner">
            <h2 id="thx-sooner" className={styles.soonerTitle}>
              {t('thx.soonerTitle')}
            </h2>
            <p className={styles.soonerText}>{t('thx.soonerText')}</p>
            <dl className={styles.contacts}>
              <PhoneAndMail
                phone={info.phone}
                mailbox={info.mailbox}
                phoneLabel={tc('footer.hotline')}
                mailLabel={tc('footer.email')}
                phoneClassName={styles.phone}
              />
            </dl>
          </aside>
        ) : null}
      </div>

      <section className={styles.explore} aria-labelledby="thx-explore">
        <h2 id="thx-explore" className={styles.heading}>
          {t('thx.exploreTitle')}
        </h2>
        <ul className={styles.links}>
          {NEXT_STEPS.map(({ key, path, titleKey }) => (
            <li key={key}>
              <Link to={localizePath(path, context.lang)} className={`${tile.link} ${tile.row}`}>
                <svg className={tile.icon} viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
                  <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
                    {NEXT_ICONS[key]}
                  </g>
                </svg>
                <span className={tile.title}>{tc(titleKey)}</span>
                <span className={tile.text}>{t(`thx.${key}Text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <Link to={homePath(context.lang)} className={buttonClass({ variant: 'secondary' }, styles.home)}>
          {t('thx.home')}
        </Link>
      </section>
    </PageFrame>
  );
}
