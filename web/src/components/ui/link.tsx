/**
 * A link to a page of the site: React Router's `Link` without what the site never uses
 * (prefetching and route discovery of its framework mode, server components, view transitions).
 * React Router's own `Link` brings all of that along, and it cannot be left out of the
 * JavaScript every page downloads (about 2 kB gzip). Same markup (`<a href>`) and the same
 * behaviour: a plain left click navigates in the page; a click with a modifier key, on a link
 * with another target or a download is the browser's own; an absolute URL is a plain link.
 */
import type { AnchorHTMLAttributes, Ref } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A site path (with its language prefix), or a path object; an absolute URL is left alone. */
  to: To;
  /** Replace the current history entry instead of adding one (default: only for the same URL). */
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function Link({ to, replace, state, preventScrollReset, target, onClick, ...rest }: LinkProps) {
  const absolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const href = useHref(absolute ? '.' : to);
  const navigate = useLinkClickHandler(absolute ? '.' : to, { replace, state, target, preventScrollReset });
  if (absolute) return <a {...rest} href={to} target={target} onClick={onClick} />;
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
