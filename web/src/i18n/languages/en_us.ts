import common from '../locales/en_us/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/en_us/*.json', '!../locales/en_us/common.json']),
  () => import('../../../../messages/en.json'),
);
