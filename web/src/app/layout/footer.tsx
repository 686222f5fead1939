import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useFooterBanner } from '@/api/footer-banner';
import { type ChannelLogo, type FooterLink, channelName, useSiteInfo } from '@/api/site-info';
import { SmartLink } from '@/components/ui/smart-link';
import { legalPath } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import { Link } from '@/components/ui/link';
import { BrandMark, brandIcon } from '@/components/ui/brand-mark';
import { Button, ButtonLink } from '@/components/ui/button';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { usePageHandle } from '@/lib/route-handle';
import styles from './footer.module.css';
import { type PageCta, pageCta } from './page-cta';
import { Wordmark } from './wordmark';
import { PhoneAndMail } from '@/components/ui/phone-and-mail';

/** First year of the copyright (spec section 9). */
export const FOOTER_YEAR = 2023;

/** "2023" in 2023, "2023–2026" later: the first year stays, the current year keeps it honest. */
export function copyrightYears(now: Date = new Date(), first = FOOTER_YEAR): string {
  // The year in UTC: the server and the browser agree on it, also on the night of 31 December.
  const year = now.getUTCFullYear();
  return year > first ? `${first}–${year}` : String(first);
}

/** The ICP licence number links to the national registry, as Chinese sites must. */
export const ICP_REGISTRY_URL = 'https://beian.miit.gov.cn/';

/**
 * The footer: the type-19 banner (if any), the link tree, hotline, mailbox and address, the
 * channels (links or QR codes), legal links (`/imprint?key=…`), licence lines and the copyright.
 */
export function Footer() {
  const { t } = useTranslation();
  const context = usePageContext();
  const site = useSiteInfo(context);
  const cta = pageCta(usePageHandle()?.titleKey);
  const info = site.data;

  return (
    <>
      {cta ? <CtaBand kind={cta} /> : null}
      <footer className={styles.footer}>
        <div className={`container ${styles.main}`}>
          <div className={styles.brand}>
            <Wordmark inverse />
            <p className={styles.tagline}>{t('site.tagline')}</p>
            {info && info.basicInformationLogos.length > 0 ? (
              <div className={styles.channels}>
                <p className={styles.heading}>{t('footer.follow')}</p>
                <ul className={styles.channelList}>
                  {info.basicInformationLogos.map((logo) => (
                    <li key={logo.id}>
                      <Channel logo={logo} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>

          {info && info.footerLinks.length > 0 ? (
            <nav aria-label={t('footer.links')} className={styles.tree}>
              {info.footerLinks.map((group) => (
                <div key={group.name} className={styles.group}>
                  <p className={styles.heading}>
                    <LinkOrText link={group} />
                  </p>
                  <ul className={styles.groupLinks}>
                    {group.children.map((child) => (
                      <li key={`${child.name}-${child.router ?? child.externalLink ?? ''}`}>
                        <LinkOrText link={child} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </nav>
          ) : null}

          {info ? (
            <section className={styles.contact} aria-labelledby="footer-contact">
              <h2 id="footer-contact" className={styles.heading}>
                {t('footer.contact')}
              </h2>
              <dl className={styles.contactList}>
                <PhoneAndMail
                  phone={info.phone}
                  mailbox={info.mailbox}
                  phoneLabel={t('footer.hotline')}
                  mailLabel={t('footer.email')}
                  phoneClassName={styles.phone}
                />
                <div>
                  <dt>{t('footer.address')}</dt>
                  <dd>
                    <address>{info.address}</address>
                  </dd>
                </div>
              </dl>
            </section>
          ) : null}
        </div>

        <div className={styles.bottom}>
          <div className={`container ${styles.bottomInner}`}>
            <p className={styles.copyright}>{t('footer.copyright', { years: copyrightYears() })}</p>
            {info && info.law.length > 0 ? (
              <nav aria-label={t('footer.legal')}>
                <ul className={styles.legal}>
                  {info.law.map((entry) => (
                    <li key={entry.dictValue}>
                      <Link to={legalPath(entry.dictValue, context.lang)}>{entry.dictLabel}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            {info?.icp || info?.police ? (
              <ul className={styles.licences} aria-label={t('footer.licences')}>
                {info.icp ? (
                  <li>
                    <a href={ICP_REGISTRY_URL} target="_blank" rel="noopener noreferrer">
                      {info.icp}
                      <span className="visually-hidden"> {t('nav.newTab')}</span>
                    </a>
                  </li>
                ) : null}
                {info.police ? (
                  <li>
                    {info.policeUrl ? (
                      <a href={info.policeUrl} target="_blank" rel="noopener noreferrer">
                        <PoliceBadge />
                        {info.police}
                        <span className="visually-hidden"> {t('nav.newTab')}</span>
                      </a>
                    ) : (
                      <span>
                        <PoliceBadge />
                        {info.police}
                      </span>
                    )}
                  </li>
                ) : null}
              </ul>
            ) : null}
          </div>
        </div>
      </footer>
    </>
  );
}

function LinkOrText({ link }: { link: Pick<FooterLink, 'name' | 'router' | 'externalLink'> }) {
  const href = link.externalLink?.trim() || link.router?.trim();
  return href ? <SmartLink href={href}>{link.name}</SmartLink> : <span>{link.name}</span>;
}

/**
 * A channel: a link (new tab) when it has a URL; otherwise its QR code shown on hover and focus.
 * Drawn with the network's own mark (brand-mark.tsx); the CMS's logo picture where the site has none.
 */
function Channel({ logo }: { logo: ChannelLogo }) {
  const { t } = useTranslation();
  const name = channelName(logo);
  const icon = brandIcon(name);
  const picture = icon ? <BrandMark icon={icon} className={styles.channelMark} /> : <img src={logo.logo} alt="" className={styles.channelLogo} loading="lazy" />;
  if (logo.url) {
    return (
      <SmartLink href={logo.url} className={styles.channel} data-mark={icon ? '' : undefined} title={name}>
        {picture}
        <span className="visually-hidden">{t('footer.channel', { name })}</span>
      </SmartLink>
    );
  }
  if (logo.qrCode) {
    return (
      <button type="button" className={styles.channel} data-mark={icon ? '' : undefined} aria-label={t('footer.scanQr', { name })}>
        {picture}
        <span className={styles.qr} role="presentation">
          <img src={logo.qrCode} alt="" loading="lazy" />
        </span>
      </button>
    );
  }
  return (
    <span className={styles.channel} data-mark={icon ? '' : undefined} title={name}>
      {picture}
    </span>
  );
}

/**
 * The call to action that ends the page (page-cta.ts): on a solid dark panel, so its text
 * reads on any screen; the CMS's footer banner (type 19) lends its picture beside it on wide
 * screens (above it on phones) and, on company pages, its message and target.
 */
function CtaBand({ kind }: { kind: PageCta }) {
  // Its catalogue loads with the band (the server rendered it with the page).
  const { t, ready } = useTranslation('cta');
  const { t: tc } = useTranslation();
  const context = usePageContext();
  const banner = useFooterBanner(context).data ?? null;
  let content: { title: string; text?: string; actions: ReactNode } | null;
  if (kind === 'advice') {
    content = {
      title: t('advice.title'),
      text: t('advice.text'),
      actions: (
        <Button inverse aria-haspopup="dialog" onClick={() => openEnquiryDialog('contact')}>
          {t('advice.action')}
        </Button>
      ),
    };
  } else if (kind === 'service') {
    content = {
      title: t('service.title'),
      text: t('service.text'),
      actions: (
        <>
          <ButtonLink href="/repair" inverse>
            {t('service.action')}
          </ButtonLink>
          <ButtonLink href="/provider" variant="secondary" inverse>
            {t('service.secondary')}
          </ButtonLink>
        </>
      ),
    };
  } else {
    content = banner
      ? {
          title: banner.title,
          text: banner.subhead ?? undefined,
          actions: banner.link ? (
            <ButtonLink href={banner.link} inverse>
              {tc('footer.bannerCta')}
            </ButtonLink>
          ) : null,
        }
      : null;
  }
  if (!content || !ready) return null;
  return (
    <section className={styles.banner} aria-labelledby="footer-banner-title" data-cta={kind}>
      <div className={`container ${styles.bannerInner}`}>
        {banner ? (
          <div className={styles.bannerPicture}>
            <img src={banner.image} alt="" loading="lazy" decoding="async" />
          </div>
        ) : null}
        <div className={styles.bannerBody}>
          <h2 id="footer-banner-title" className={styles.bannerTitle}>
            {content.title}
          </h2>
          {content.text ? <p className={styles.bannerText}>{content.text}</p> : null}
          {content.actions ? <div className={styles.bannerActions}>{content.actions}</div> : null}
        </div>
      </div>
    </section>
  );
}

function PoliceBadge() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className={styles.police}>
      <path d="M8 1.5 2.5 3.5v4c0 3.3 2.3 5.9 5.5 7 3.2-1.1 5.5-3.7 5.5-7v-4z" fill="currentColor" opacity="0.85" />
    </svg>
  );
}
