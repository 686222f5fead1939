import 'i18next';
import type { Catalogue } from './catalogue';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: Catalogue };
  }
}
