import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/ui/smart-link';
import tile from '@/components/ui/link-tile.module.css';
import styles from './service-links.module.css';

type ServiceKey = 'repair' | 'download' | 'faq' | 'academy' | 'provider' | 'virtual';

const ICONS: Record<ServiceKey, ReactNode> = {
  repair: <path d="M14.5 5.5a4 4 0 0 0-5 5L4 16l4 4 5.5-5.5a4 4 0 0 0 5-5l-2.5 2.5-2.5-.5-.5-2.5z" />,
  download: <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19h14" />,
  faq: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9.7 9.6a2.4 2.4 0 1 1 3.2 2.3c-.6.3-.9.8-.9 1.4v.5M12 16.6v.2" />
    </>
  ),
  academy: <path d="m3 9 9-4 9 4-9 4zM7 11v4.5c1.5 1.3 3.2 2 5 2s3.5-.7 5-2V11M21 9v5" />,
  provider: (
    <>
      <circle cx="9" cy="9" r="3" />
      <path d="M3.5 19c.6-3 2.8-4.5 5.5-4.5s4.9 1.5 5.5 4.5M15 6.5a3 3 0 0 1 0 5.5M17.5 14.8c1.6.6 2.7 2 3 4.2" />
    </>
  ),
  virtual: (
    <>
      <rect x="3.5" y="4.5" width="17" height="12" rx="1.5" />
      <path d="M9 20h6M12 16.5V20M9.5 12.5l2-4 2 3 1.5-2" />
    </>
  ),
};

const LINKS: ReadonlyArray<{ key: ServiceKey; href: string }> = [
  { key: 'repair', href: '/repair' },
  { key: 'download', href: '/download' },
  { key: 'faq', href: '/commonQuestion' },
  { key: 'academy', href: '/jakaAcademy' },
  { key: 'provider', href: '/provider' },
  { key: 'virtual', href: '/virtual' },
];

/** The service pages as tiles: repair, downloads, FAQ, academy, partners, virtual robot. */
export function ServiceLinks() {
  const { t } = useTranslation('service');
  return (
    <ul className={styles.links}>
      {LINKS.map(({ key, href }) => (
        <li key={key}>
          <SmartLink href={href} className={`${tile.link} ${tile.compact}`}>
            <svg className={tile.icon} viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
              <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
                {ICONS[key]}
              </g>
            </svg>
            <span className={tile.title}>{t(`service.links.${key}`)}</span>
            <span className={tile.text}>{t(`service.links.${key}Text`)}</span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
