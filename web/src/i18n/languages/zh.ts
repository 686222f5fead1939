import common from '../locales/zh/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/zh/*.json', '!../locales/zh/common.json']),
  () => import('../../../../messages/zh.json'),
);
