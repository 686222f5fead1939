/**
 * UI catalogues, one file per language and namespace: `locales/<lang>/<namespace>.json`.
 * `common` holds the shell (header, footer, dialogs, page titles) and is loaded before the first
 * render; a feature with many strings of its own gets a namespace that its routes load (the route
 * table lists them). English is the source: every other language must have exactly its keys
 * (checked by __tests__/catalogues.test.ts), and the key types are derived from it, so
 * `t('nav.mian')` is a type error.
 */
import type common from './locales/en/common.json';
import type home from './locales/en/home.json';

export interface Catalogues {
  common: typeof common;
  home: typeof home;
}

export type Namespace = keyof Catalogues;

/** Every namespace; a new one is added here and as a file in every language. */
export const NAMESPACES = ['common', 'home'] as const satisfies readonly Namespace[];

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

/** Keys of page titles, for route handles. */
export type TitleKey = `titles.${Exclude<keyof Catalogues['common']['titles'], 'template' | 'preview'>}`;
