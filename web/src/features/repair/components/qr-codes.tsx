import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from '@/lib/use-page-language';
import { absoluteSiteUrl, repairListPath, repairPath } from '../utils/paths';
import styles from './repair-pages.module.css';

/**
 * Two QR codes (spec section 2): one opens the report form on a phone (to take photos of the
 * fault and the nameplate there), one opens the list of work orders to follow them. Both are
 * absolute URLs of this site in the page's language.
 */
export function QrCodes() {
  const { t } = useTranslation('repair');
  const context = usePageContext();
  const codes = [
    { key: 'report', url: absoluteSiteUrl(repairPath(context)), title: t('qr.report'), text: t('qr.reportText') },
    { key: 'track', url: absoluteSiteUrl(repairListPath(context)), title: t('qr.track'), text: t('qr.trackText') },
  ] as const;
  return (
    <section className={styles.qrCard} aria-labelledby="repair-qr-title">
      <h2 id="repair-qr-title" className={styles.asideTitle}>
        {t('qr.title')}
      </h2>
      <p className={styles.asideText}>{t('qr.intro')}</p>
      <div className={styles.qrList}>
        {codes.map((code) => (
          <figure key={code.key} className={styles.qr} data-qr={code.key}>
            <QRCodeSVG value={code.url} size={128} level="M" marginSize={2} title={`${code.title}: ${code.url}`} role="img" aria-label={`${code.title}: ${code.url}`} />
            <figcaption className={styles.qrCaption}>
              <strong>{code.title}</strong>
              <span>{code.text}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
