/**
 * The source catalogue is English (locales/en/common.json): every other language must have
 * exactly its keys (checked by __tests__/catalogues.test.ts), and the key type is derived from
 * it, so `t('nav.mian')` is a type error.
 */
import type source from './locales/en/common.json';

export type Catalogue = typeof source;

export const NAMESPACE = 'common';

/** Keys of page titles, for route handles. */
export type TitleKey = `titles.${Exclude<keyof Catalogue['titles'], 'template'>}`;
