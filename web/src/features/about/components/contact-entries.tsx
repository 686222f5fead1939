import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/ui/smart-link';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { buttonClass } from '@/components/ui/button';
import styles from './contact-entries.module.css';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <g fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </svg>
  );
}

/**
 * The three ways to reach the company from the contact page: feedback and a prototype request
 * open the enquiry dialog over the page; a partnership enquiry has its own page.
 */
export function ContactEntries() {
  const { t } = useTranslation('about');
  return (
    <ul className={styles.entries}>
      <li className={styles.entry}>
        <Icon>
          <path d="M4 5h16v11H9l-5 4z" />
          <path d="M8 9h8M8 12h5" />
        </Icon>
        <h3 className={styles.title}>{t('contact.feedbackTitle')}</h3>
        <p className={styles.text}>{t('contact.feedbackText')}</p>
        <button type="button" className={buttonClass({ variant: 'primary' }, styles.action)} aria-haspopup="dialog" onClick={() => openEnquiryDialog('feedback')}>
          {t('contact.feedbackAction')}
        </button>
      </li>
      <li className={styles.entry}>
        <Icon>
          <path d="M3 12l4-4 4 2 3-3 7 5" />
          <path d="M7 8v9h10v-5" />
          <path d="M11 17v-4h2v4" />
        </Icon>
        <h3 className={styles.title}>{t('contact.cooperationTitle')}</h3>
        <p className={styles.text}>{t('contact.cooperationText')}</p>
        <SmartLink href="/cooperationIntent" className={buttonClass({ variant: 'primary' }, styles.action)}>
          {t('contact.cooperationAction')}
        </SmartLink>
      </li>
      <li className={styles.entry}>
        <Icon>
          <path d="M6 20h12M9 20v-4l-3-3 3-4h4l2 3h3" />
          <circle cx="15" cy="6" r="2" />
        </Icon>
        <h3 className={styles.title}>{t('contact.prototypeTitle')}</h3>
        <p className={styles.text}>{t('contact.prototypeText')}</p>
        <button type="button" className={buttonClass({ variant: 'primary' }, styles.action)} aria-haspopup="dialog" onClick={() => openEnquiryDialog('prototype')}>
          {t('contact.prototypeAction')}
        </button>
      </li>
    </ul>
  );
}
