import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '@/api/site-info';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import type { SiteLanguage } from '@/lib/language';
import { FLOATING_BAR_THRESHOLD, useScrolledPast } from '@/lib/scroll';
import { usePageContext } from '@/lib/use-page-language';
import styles from './floating-bar.module.css';

export type FloatingAction = 'consult' | 'prototype' | 'email' | 'contact';

/** Back to the top, animated (the animation's code loads with the first use). */
function scrollToTop(): void {
  import('@/lib/smooth-scroll').then(
    (smooth) => smooth.scrollToTop(),
    () => window.scrollTo({ top: 0 }),
  );
}

/**
 * The floating bar's actions per language (spec section 2): online consultation and prototype
 * request in Chinese; e-mail and contact in Japanese, English, Thai and Korean; in every other
 * language only "back to top" (which every language has).
 */
export function floatingActions(lang: SiteLanguage): FloatingAction[] {
  switch (lang) {
    case 'zh':
      return ['consult', 'prototype'];
    case 'jp':
    case 'en':
    case 'th':
    case 'ko':
      return ['email', 'contact'];
    default:
      return [];
  }
}

/** Shown once the page is scrolled past 100 px: quick contact and back to top. */
export function FloatingBar() {
  const { t } = useTranslation();
  const context = usePageContext();
  const visible = useScrolledPast(FLOATING_BAR_THRESHOLD);
  const actions = floatingActions(context.lang);
  const site = useSiteInfo(context);
  const mailbox = site.data?.mailbox;

  return (
    <aside className={styles.bar} data-visible={visible} aria-label={t('floating.label')} inert={!visible}>
      <ul className={styles.list}>
        {actions.map((action) => {
          if (action === 'email') {
            return mailbox ? (
              <li key={action}>
                <a className={styles.action} href={`mailto:${mailbox}`}>
                  <Icon kind="email" />
                  <span className={styles.label}>{t('floating.email')}</span>
                </a>
              </li>
            ) : null;
          }
          const intent = action === 'contact' ? 'contact' : action;
          return (
            <li key={action}>
              <button type="button" className={styles.action} aria-haspopup="dialog" onClick={() => openEnquiryDialog(intent)}>
                <Icon kind={action} />
                <span className={styles.label}>{t(`floating.${action}`)}</span>
              </button>
            </li>
          );
        })}
        <li>
          <button type="button" className={`${styles.action} ${styles.top}`} onClick={scrollToTop}>
            <Icon kind="top" />
            <span className={styles.label}>{t('floating.backToTop')}</span>
          </button>
        </li>
      </ul>
    </aside>
  );
}

function Icon({ kind }: { kind: FloatingAction | 'top' }) {
  const paths: Record<FloatingAction | 'top', ReactNode> = {
    consult: <path d="M4 5h16v10H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />,
    prototype: (
      <path
        d="M12 3 4 7.5v9L12 21l8-4.5v-9zM4 7.5l8 4.5 8-4.5M12 12v9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    ),
    email: <path d="M3.5 6h17v12h-17zM3.5 6l8.5 7 8.5-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />,
    contact: (
      <path
        d="M6.6 3.5h3l1.4 4-2 1.4a11 11 0 0 0 6.1 6.1l1.4-2 4 1.4v3c0 1-.8 1.8-1.8 1.8A16.2 16.2 0 0 1 4.8 5.3c0-1 .8-1.8 1.8-1.8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    ),
    top: <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />,
  };
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      {paths[kind]}
    </svg>
  );
}
