/** Site-wide information, shared by the header, footer and enquiry dialog (hand-written wrapper over the generated hook). */
import type { core } from 'zod';
import { commonAllList, getCommonAllListQueryKey, getCommonAllListUrl, useCommonAllList } from '@/api/generated/endpoints/site/site';
import type { FooterLink as CheckedFooterLink } from '@/api/generated/model/footerLink.zod';
import type { SiteInfoEnvelope } from '@/api/generated/model/siteInfoEnvelope.zod';
import { API_BASE, ResponseShapeError } from '@/lib/http';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

type RawSiteInfo = SiteInfoEnvelope['data'];
export type ChannelLogo = RawSiteInfo['basicInformationLogos'][number];

/** A footer link and (one level of) its children. */
export interface FooterLink {
  name: string;
  router?: string | null | undefined;
  externalLink?: string | null | undefined;
  children: FooterLink[];
}

export type SiteInfo = Omit<RawSiteInfo, 'footerLinks'> & { footerLinks: FooterLink[] };

/**
 * The footer tree's second level arrives as `unknown` in the generated schema (it does not
 * recurse): each group is checked against the generated FooterLink schema when the answer
 * arrives (the schema loads with it), and a group that breaks the contract fails the answer like
 * any other bad body.
 */
export async function checkFooterLinks(envelope: SiteInfoEnvelope): Promise<SiteInfoEnvelope> {
  const { FooterLink: FooterLinkSchema } = await import('@/api/generated/model/footerLink.zod');
  const url = `${API_BASE}${getCommonAllListUrl()}`;
  envelope.data.footerLinks.forEach((group, index) => {
    const parsed = FooterLinkSchema.safeParse(group);
    if (parsed.success) return;
    const issues: core.$ZodIssue[] = parsed.error.issues.map((issue) => ({
      ...issue,
      path: ['data', 'footerLinks', index, ...issue.path],
    }));
    console.error('[api] response does not match the API contract', url, issues);
    throw new ResponseShapeError(url, issues);
  });
  return envelope;
}

const linkOf = ({ name, router, externalLink }: Omit<FooterLink, 'children'>) => ({ name, router, externalLink });

/** What the shell shows, from an answer {@link checkFooterLinks} passed: two levels of footer links. */
export function selectSiteInfo(envelope: SiteInfoEnvelope): SiteInfo {
  const { footerLinks, ...rest } = envelope.data;
  const groups = footerLinks.map(
    (group): FooterLink => ({
      ...linkOf(group),
      // checkFooterLinks checked each group with its children.
      children: (group.children as CheckedFooterLink['children']).map((child) => ({ ...linkOf(child), children: [] })),
    }),
  );
  return { ...rest, footerLinks: groups };
}

/** Site-wide information of the page language: logo, hotline, mailboxes, address, legal links. */
export function useSiteInfo(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useCommonAllList({
    query: {
      queryKey: [...getCommonAllListQueryKey(), ...key],
      queryFn: ({ signal }) => commonAllList({ signal, ...request }).then(checkFooterLinks),
      // Module-level, so React Query runs it once per response rather than on every render.
      select: selectSiteInfo,
    },
    request,
  });
}

/**
 * The name of a channel (WeChat, LinkedIn, …) from its logo file, as the site information gives
 * no name: `/cms-assets/logos/WeChat.svg` → `WeChat`.
 */
export function channelName(logo: ChannelLogo): string {
  const file = logo.logo.split(/[?#]/)[0]?.split('/').pop() ?? '';
  let name = file.replace(/\.[a-z0-9]+$/i, '');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Keep the raw file name.
  }
  return name.replace(/[-_]+/g, ' ').trim();
}
