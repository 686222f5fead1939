/**
 * The company as structured data (lib/structured-data.ts), from the site information the header
 * and footer already load (no request of its own) and the site's name in the page language.
 */
import { useTranslation } from 'react-i18next';
import type { StructuredData } from '@/lib/page-head';
import { siteOrigin } from '@/lib/render-context';
import { homePath } from '@/lib/routing';
import { absoluteUrl, organizationData, organizationReference } from '@/lib/schema-org';
import { usePageContext } from '@/lib/use-page-language';
import { type SiteInfo, useSiteInfo } from './site-info';

export interface SiteOrganization {
  /** The company's name in the page language. */
  name: string;
  /** Organization with its contacts (the home page). */
  data: StructuredData;
  /** Organization as publisher, employer or maker of another item. */
  reference: StructuredData;
}

/** The company's profiles elsewhere: the channel logos that link to a web page. */
function profiles(site: SiteInfo | undefined): string[] {
  const links = (site?.basicInformationLogos ?? []).map((logo) => logo.url ?? '').filter((url) => /^https?:\/\//i.test(url));
  return [...new Set(links)];
}

/** Pure: the company from the site information (absent while it loads or if it failed). */
export function siteOrganization(name: string, origin: string, homeUrl: string, site: SiteInfo | undefined): SiteOrganization {
  const logo = absoluteUrl(origin, site?.logo);
  return {
    name,
    data: organizationData({
      name,
      origin,
      url: homeUrl,
      logo,
      telephone: site?.phone,
      email: site?.mailbox,
      serviceEmail: site?.serverMail,
      address: site?.address,
      sameAs: profiles(site),
    }),
    reference: organizationReference({ name, origin, url: homeUrl, logo }),
  };
}

/**
 * The company for the page's structured data, on the server only: structured data is for
 * crawlers, which read the server's HTML, so the browser skips it (null) and the code that builds
 * it stays out of the pages' scripts (the build drops the branch). The condition is fixed for a
 * build, so the hooks below run in the same order on every render.
 */
export function useOrganization(): SiteOrganization | null {
  if (!import.meta.env.SSR) return null;
  // eslint-disable-next-line react-hooks/rules-of-hooks -- import.meta.env.SSR is fixed for a build (see above)
  return useSiteOrganization();
}

function useSiteOrganization(): SiteOrganization {
  const context = usePageContext();
  const { t } = useTranslation();
  const site = useSiteInfo(context);
  const origin = siteOrigin();
  return siteOrganization(t('site.name'), origin, `${origin}${homePath(context.lang)}`, site.data);
}
