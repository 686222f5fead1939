import common from '../locales/ru/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/ru/*.json', '!../locales/ru/common.json']),
  () => import('../../../../messages/ru.json'),
);
