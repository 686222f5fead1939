import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { usePageHandle } from '@/lib/route-handle';
import { homePath, localizePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import styles from './page-frame.module.css';
import { Phrase } from '@/components/ui/phrase';

export interface PageFrameProps {
  /** The page's heading; the page title of the route table when omitted. */
  title?: string;
  /** A line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of an inner page: breadcrumb (home, the pages above, this page), the page title as
 * the one h1, then the page's content.
 */
export function PageFrame({ title, lead, children }: PageFrameProps) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const handle = usePageHandle();
  const heading = title ?? (handle ? t(handle.titleKey) : '');

  return (
    <>
      <div className={styles.hero}>
        <div className="container">
          <nav aria-label={t('page.breadcrumb')} className={styles.breadcrumb}>
            <ol>
              <li>
                <Link to={homePath(lang)}>{t('page.home')}</Link>
              </li>
              {handle?.trail.map((crumb) => (
                <li key={crumb.path}>
                  <Link to={localizePath(crumb.path, lang)}>{t(crumb.titleKey)}</Link>
                </li>
              ))}
              <li aria-current="page">{heading}</li>
            </ol>
          </nav>
          <h1 className={styles.title}>{typeof heading === 'string' ? <Phrase>{heading}</Phrase> : heading}</h1>
          {lead ? <p className={styles.lead}>{typeof lead === 'string' ? <Phrase>{lead}</Phrase> : lead}</p> : null}
        </div>
      </div>
      <div className={`container ${styles.body}`}>{children}</div>
    </>
  );
}
