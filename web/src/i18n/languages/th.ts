import common from '../locales/th/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/th/*.json', '!../locales/th/common.json']),
  () => import('../../../../messages/th.json'),
);
