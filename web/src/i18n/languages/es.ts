import common from '../locales/es/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/es/*.json', '!../locales/es/common.json']),
  () => import('../../../../messages/es.json'),
);
