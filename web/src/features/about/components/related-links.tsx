import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/ui/smart-link';
import { balancedGrid } from '@/lib/balanced-grid';
import styles from './related-links.module.css';

export interface RelatedLink {
  href: string;
  label: string;
  text?: string;
}

/** A row of link tiles to neighbouring pages. */
export function RelatedLinks({ links }: { links: readonly RelatedLink[] }) {
  const { t } = useTranslation('about');
  return (
    <nav aria-label={t('related')} className={styles.nav}>
      <ul className={styles.links} style={balancedGrid(links.length, { wide: 5, mid: 3, narrow: 2, phone: 1 })}>
        {links.map((link) => (
          <li key={link.href}>
            <SmartLink href={link.href} className={styles.link}>
              <span className={styles.label}>{link.label}</span>
              {link.text ? <span className={styles.text}>{link.text}</span> : null}
              <svg className={styles.arrow} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                <path d="M3 8h10M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
              </svg>
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
