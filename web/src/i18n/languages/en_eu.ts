import common from '../locales/en_eu/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/en_eu/*.json', '!../locales/en_eu/common.json']),
  () => import('../../../../messages/en.json'),
);
