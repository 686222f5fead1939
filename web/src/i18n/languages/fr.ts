import common from '../locales/fr/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/fr/*.json', '!../locales/fr/common.json']),
  () => import('../../../../messages/fr.json'),
);
