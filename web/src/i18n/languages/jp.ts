import common from '../locales/jp/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/jp/*.json', '!../locales/jp/common.json']),
  () => import('../../../../messages/ja.json'),
);
