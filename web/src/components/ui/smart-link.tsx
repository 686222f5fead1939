import type { AnchorHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { isExternalUrl, localizePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> {
  /** A site path without language prefix (`/productList/3`) or an absolute URL. */
  href: string;
  ref?: Ref<HTMLAnchorElement>;
  /** Marks the element a menu trigger (for focus return); rendered as data-trigger. */
  'data-trigger'?: boolean;
}

/**
 * A link to a site path (gets the page's language prefix, client-side navigation) or to an
 * external URL (new tab, rel=noopener noreferrer, announced as such to screen readers).
 */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  const lang = usePageLanguage();
  const { t } = useTranslation();
  if (isExternalUrl(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <span className="visually-hidden"> {t('nav.newTab')}</span>
      </a>
    );
  }
  return (
    <Link to={localizePath(href, lang)} {...rest}>
      {children}
    </Link>
  );
}
