import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageViewOf } from '@/lib/vitals-report';
import { PAGES, createRoutes } from '../routes';

/** The page view a visit landing on `url` reports (its route template and language). */
function landing(url: string) {
  const view = pageViewOf(matchRoutes(createRoutes(), url) ?? [], 1280);
  return view && { route: view.route, lang: view.lang };
}

describe('the page a field measurement names', () => {
  it('is the route template of every page of the route table, in every language, never its address', () => {
    for (const page of PAGES) {
      const address = `/${page.path.replace(':id', '103')}`;
      if (page.preview !== 'only') {
        expect(landing(`${address}?from=ad&user=7`)).toEqual({ route: `/${page.path}`, lang: 'zh' });
        expect(landing(`/jp${address}`)).toEqual({ route: `/${page.path}`, lang: 'jp' });
        expect(landing(`/en_us${address}#top`)).toEqual({ route: `/${page.path}`, lang: 'en_us' });
      }
      // An editor's preview is no visit.
      if (page.preview) expect(landing(`/en/preview${address}`)).toBeNull();
    }
  });

  it('is nothing for an address that is no page', () => {
    for (const url of ['/', '/en', '/xx/index', '/zh/index', '/no/such/page', '/productDetails/1/2']) {
      expect(landing(url), url).toBeNull();
    }
  });
});
