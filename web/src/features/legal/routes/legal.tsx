import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useSiteInfo } from '@/api/site-info';
import { PageFrame } from '@/components/ui/page-frame';
import { SmartLink } from '@/components/ui/smart-link';
import { Tabs } from '@/components/ui/tabs';
import { splitLanguage } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import { DEFAULT_KEY, FLSM_KEYS } from '../api/legal';
import { LegalDocument } from '../components/legal-document';
import styles from './legal.module.css';

type FlsmKey = (typeof FLSM_KEYS)[number];

function isFlsmKey(value: string): value is FlsmKey {
  return (FLSM_KEYS as readonly string[]).includes(value);
}

/**
 * /flsm and /imprint?key=…: the legal texts. flsm shows the terms and the privacy policy as tabs;
 * imprint shows the text named by `key` (terms, privacy, imprint, cookies, ip-agreement, …),
 * beside the list of the site's legal texts. Forms open them in a new tab.
 */
export function LegalRoute() {
  const { t } = useTranslation('legal');
  const context = usePageContext();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const site = useSiteInfo(context);
  const key = params.get('key')?.trim() || DEFAULT_KEY;
  const isFlsm = splitLanguage(pathname).rest.endsWith('/flsm');

  if (isFlsm) {
    const tab: FlsmKey = isFlsmKey(key) ? key : DEFAULT_KEY;
    return (
      <PageFrame>
        <Tabs
          label={t('documents')}
          items={FLSM_KEYS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
          value={tab}
          onValueChange={(value) => setParams({ key: value }, { replace: true, preventScrollReset: true })}
        >
          <LegalDocument textKey={tab} context={context} />
        </Tabs>
      </PageFrame>
    );
  }

  const documents = site.data?.law ?? [];
  return (
    <PageFrame>
      <div className={styles.layout}>
        {documents.length > 0 ? (
          <nav aria-label={t('documents')} className={styles.nav}>
            <ul>
              {documents.map((document) => (
                <li key={document.dictValue}>
                  <SmartLink
                    href={`/imprint?${new URLSearchParams({ key: document.dictValue }).toString()}`}
                    aria-current={document.dictValue === key ? 'page' : undefined}
                    className={styles.navLink}
                  >
                    {document.dictLabel}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <LegalDocument textKey={key} context={context} />
      </div>
    </PageFrame>
  );
}
