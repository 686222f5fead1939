import { describe, expect, it } from 'vitest';
import { NAMESPACES, type Namespace } from '@/i18n/catalogue';
import { allCatalogues } from '@/testing/i18n';
import { loadCatalogue } from '../i18n';
import { SITE_LANGUAGES } from '../language';

describe('loading catalogues', () => {
  it('finds every namespace of every language through its language module', async () => {
    const catalogues = allCatalogues();
    for (const lang of SITE_LANGUAGES) {
      for (const ns of NAMESPACES) {
        expect(await loadCatalogue(lang, ns), `${lang}/${ns}`).toEqual(catalogues[lang][ns]);
      }
    }
  });

  it('rejects a namespace that does not exist', async () => {
    await expect(loadCatalogue('en', 'nope' as Namespace)).rejects.toThrow(/No catalogue nope/);
  });
});
