import common from '../locales/zh_tw/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/zh_tw/*.json', '!../locales/zh_tw/common.json']),
  () => import('../../../../messages/zh_tw.json'),
);
