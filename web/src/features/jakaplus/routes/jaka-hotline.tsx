import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '@/api/site-info';
import { CardsSkeleton, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { SmartLink } from '@/components/ui/smart-link';
import { usePageTitle } from '@/lib/page-title';
import { telHref } from '@/components/ui/phone-and-mail';
import { usePageContext } from '@/lib/use-page-language';
import { usePartners } from '../api/jakaplus';
import { buttonClass } from '@/components/ui/button';
import styles from './jaka-hotline.module.css';

/**
 * /jakaHotline: how to reach the JAKA+ team (the site's hotline and mailboxes) and each
 * partner (its web site and products): the contacts the content holds.
 */
export function JakaHotlineRoute() {
  const { t } = useTranslation('jakaplus');
  usePageTitle({ description: t('hotline.lead') });
  const context = usePageContext();
  const site = useSiteInfo(context);
  const partners = usePartners(context);

  return (
    <PageFrame lead={t('hotline.lead')}>
      {site.isPending ? (
        <CardsSkeleton />
      ) : site.isError ? (
        <ErrorState error={site.error} onRetry={() => void site.refetch()} />
      ) : (
        <ul className={styles.channels}>
          <li className={styles.channel} data-main="true">
            <p className={styles.channelLabel}>{t('hotline.phone')}</p>
            <a className={styles.channelValue} href={telHref(site.data.phone)}>
              {site.data.phone}
            </a>
            <p className={styles.channelText}>{t('hotline.phoneText')}</p>
          </li>
          <li className={styles.channel}>
            <p className={styles.channelLabel}>{t('hotline.service')}</p>
            <a className={styles.channelValue} href={`mailto:${site.data.serverMail}`}>
              {site.data.serverMail}
            </a>
            <p className={styles.channelText}>{t('hotline.serviceText')}</p>
          </li>
          <li className={styles.channel}>
            <p className={styles.channelLabel}>{t('hotline.mailbox')}</p>
            <a className={styles.channelValue} href={`mailto:${site.data.mailbox}`}>
              {site.data.mailbox}
            </a>
            <p className={styles.channelText}>{t('hotline.mailboxText')}</p>
          </li>
        </ul>
      )}

      <ContentSection
        id="hotline-partners"
        title={t('hotline.partnersTitle')}
        intro={t('hotline.partnersIntro')}
        aside={
          <SmartLink href="/cooperationIntent" className={buttonClass({ variant: 'secondary', inverse: true })}>
            {t('hotline.becomePartner')}
          </SmartLink>
        }
      >
        {partners.isPending ? (
          <CardsSkeleton />
        ) : partners.isError ? (
          <ErrorState error={partners.error} onRetry={() => void partners.refetch()} />
        ) : partners.data.length === 0 ? (
          <p>{t('partners.empty')}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('hotline.partner')}</th>
                  <th scope="col">{t('partners.category')}</th>
                  <th scope="col">{t('hotline.contact')}</th>
                </tr>
              </thead>
              <tbody>
                {partners.data.map((partner) => (
                  <tr key={partner.id}>
                    <th scope="row">
                      <SmartLink href={`/jakaList/${partner.id}`}>{partner.name}</SmartLink>
                    </th>
                    <td>{partner.category}</td>
                    <td>
                      {partner.website ? (
                        <SmartLink href={partner.website}>{partner.website.replace(/^https?:\/\//, '')}</SmartLink>
                      ) : (
                        <span className={styles.via}>{t('hotline.viaJaka')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ContentSection>
    </PageFrame>
  );
}
