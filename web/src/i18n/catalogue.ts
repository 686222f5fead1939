/**
 * UI catalogues, one file per language and namespace: `locales/<lang>/<namespace>.json`.
 * `common` holds the shell (header, footer, dialogs, page titles) and is loaded before the first
 * render; a feature with many strings of its own gets a namespace that its routes load (the route
 * table lists them). English is the source: every other language must have exactly its keys
 * (checked by __tests__/catalogues.test.ts), and the key types are derived from it, so
 * `t('nav.mian')` is a type error. The texts the server has too (its failures shown on forms)
 * are not repeated here: they are read from the shared `messages` namespace.
 */
import type common from './locales/en/common.json';
import type account from './locales/en/account.json';
import type forms from './locales/en/forms.json';
import type home from './locales/en/home.json';
import type news from './locales/en/news.json';
import type downloads from './locales/en/downloads.json';
import type faq from './locales/en/faq.json';
import type search from './locales/en/search.json';
import type products from './locales/en/products.json';
import type solutions from './locales/en/solutions.json';
import type about from './locales/en/about.json';
import type service from './locales/en/service.json';
import type jakaplus from './locales/en/jakaplus.json';
import type recruit from './locales/en/recruit.json';
import type legal from './locales/en/legal.json';
import type virtual from './locales/en/virtual.json';
import type repair from './locales/en/repair.json';
import type cta from './locales/en/cta.json';
// The server's catalogue, shared with the BFF: error keys, success and field texts.
import type messages from '../../../messages/en.json';

export interface Catalogues {
  common: typeof common;
  home: typeof home;
  news: typeof news;
  downloads: typeof downloads;
  faq: typeof faq;
  search: typeof search;
  account: typeof account;
  forms: typeof forms;
  products: typeof products;
  solutions: typeof solutions;
  about: typeof about;
  service: typeof service;
  jakaplus: typeof jakaplus;
  recruit: typeof recruit;
  legal: typeof legal;
  virtual: typeof virtual;
  repair: typeof repair;
  cta: typeof cta;
  messages: typeof messages;
}

export type Namespace = keyof Catalogues;

/** Every namespace of the web's own catalogues; a new one is added here and as a file in every language. */
export const LOCALE_NAMESPACES = ['common', 'home', 'account', 'forms', 'products', 'solutions', 'news', 'downloads', 'faq', 'search', 'about', 'service', 'jakaplus', 'recruit', 'legal', 'virtual', 'repair', 'cta'] as const satisfies readonly Namespace[];

/**
 * The namespace of the server's catalogue (messages/<wire language>.json, which the BFF answers
 * with too): its keys are the envelope's errorKeys and the keys of the server's success and field
 * texts. A page that shows a server failure's text loads it and says `messages:<errorKey>`.
 */
export const SERVER_NAMESPACE = 'messages' satisfies Namespace;

/** Every namespace. */
export const NAMESPACES = [...LOCALE_NAMESPACES, SERVER_NAMESPACE] as const satisfies readonly Namespace[];

/** A key of the server's catalogue (an errorKey, or a success or field text). */
export type ServerMessageKey = keyof Catalogues['messages'];

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

/** Keys of page titles, for route handles. */
export type TitleKey = `titles.${Exclude<keyof Catalogues['common']['titles'], 'template' | 'preview'>}`;
