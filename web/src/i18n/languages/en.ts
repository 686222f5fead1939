import common from '../locales/en/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/en/*.json', '!../locales/en/common.json']),
  () => import('../../../../messages/en.json'),
);
