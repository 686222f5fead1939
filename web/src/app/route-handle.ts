import type { TitleKey } from '@/i18n/catalogue';

/** What a page route declares in its `handle`. */
export interface RouteHandle {
  titleKey: TitleKey;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'titleKey' in handle &&
    typeof handle.titleKey === 'string' &&
    handle.titleKey.startsWith('titles.')
  );
}
