import { envelope, footerBanners, homeAggregate, keywords, languages, navTree, siteInfo } from './fixtures';
import { type MockReply, mockFetch } from './mock-fetch';

/**
 * Answers every call the shell (header, footer, overlays) and the home page make, with the
 * fixtures; `overrides` replace or add routes (matched first).
 */
export function stubShellApi(overrides: Array<[pattern: string | RegExp, reply: MockReply]> = []) {
  return mockFetch([
    ...overrides,
    ['/api/programa/buildProgramaTree/', { body: envelope(navTree) }],
    ['/api/language/list', { body: envelope(languages) }],
    ['/api/common/allList', { body: envelope(siteInfo) }],
    ['/api/banner/allList?type=19', { body: envelope(footerBanners) }],
    ['/api/keyWord', { body: envelope(keywords) }],
    ['/bff/home', { body: envelope(homeAggregate) }],
    // A stored session is checked on every route change; logout ends it on the server.
    ['/login/validateToken', { body: envelope({ valid: true, userId: 7 }) }],
    ['/login/logout', { body: envelope(null) }],
  ]);
}
