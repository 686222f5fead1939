import 'i18next';
import type { Catalogues } from './catalogue';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalogues;
  }
}
