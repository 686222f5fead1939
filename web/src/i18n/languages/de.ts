import common from '../locales/de/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/de/*.json', '!../locales/de/common.json']),
  () => import('../../../../messages/de.json'),
);
