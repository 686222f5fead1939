/** Site-wide information, shared by the header, footer and enquiry dialog (hand-written wrapper over the generated hook). */
import { useCallback } from 'react';
import type { core } from 'zod';
import { getCommonAllListQueryKey, getCommonAllListUrl, useCommonAllList } from '@/api/generated/endpoints/site/site';
import { FooterLink as FooterLinkSchema } from '@/api/generated/model/footerLink.zod';
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
 * recurse): each group is checked against the generated FooterLink schema here, and a group that
 * breaks the contract fails the answer like any other bad body.
 */
export function selectSiteInfo(envelope: SiteInfoEnvelope): SiteInfo {
  const { footerLinks, ...rest } = envelope.data;
  const url = `${API_BASE}${getCommonAllListUrl()}`;
  const groups = footerLinks.map((group, index): FooterLink => {
    const parsed = FooterLinkSchema.safeParse(group);
    if (!parsed.success) {
      const issues: core.$ZodIssue[] = parsed.error.issues.map((issue) => ({
        ...issue,
        path: ['data', 'footerLinks', index, ...issue.path],
      }));
      console.error('[api] response does not match the API contract', url, issues);
      throw new ResponseShapeError(url, issues);
    }
    const { children, ...link } = parsed.data;
    return { ...link, children: children.map(({ children: _deeper, ...child }) => ({ ...child, children: [] })) };
  });
  return { ...rest, footerLinks: groups };
}

/** Site-wide information of the page language: logo, hotline, mailboxes, address, legal links. */
export function useSiteInfo(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectSiteInfo, []);
  return useCommonAllList({
    query: { queryKey: [...getCommonAllListQueryKey(), ...key], select },
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
