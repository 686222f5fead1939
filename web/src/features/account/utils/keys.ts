import type { ParseKeys } from 'i18next';

/** A key of the `account` catalogue (form messages are such keys, translated when shown). */
export type AccountKey = ParseKeys<'account'>;
