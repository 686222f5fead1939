import common from '../locales/ko/common.json';
import { type CatalogueModule, languageCatalogues } from './catalogues';

export default languageCatalogues(
  common,
  import.meta.glob<CatalogueModule>(['../locales/ko/*.json', '!../locales/ko/common.json']),
  () => import('../../../../messages/ko.json'),
);
