import { describe, expect, it, vi } from 'vitest';
import { ResponseShapeError } from '@/lib/http';
import { envelope, siteInfo } from '@/testing/fixtures';
import { checkFooterLinks, selectSiteInfo } from '../site-info';

describe('site information', () => {
  it('gives the shell two levels of footer links once the answer passed the check', async () => {
    const checked = await checkFooterLinks(envelope(structuredClone(siteInfo)));
    const info = selectSiteInfo(checked);
    expect(info.footerLinks).toEqual([
      {
        name: 'Products',
        router: '/productList',
        externalLink: null,
        children: [
          { name: 'JAKA Zu', router: '/productList/1', externalLink: null, children: [] },
          { name: 'Shop', router: null, externalLink: 'https://shop.example.com/', children: [] },
        ],
      },
    ]);
    expect(info.phone).toBe('400-006-2665');
  });

  it('rejects a second-level footer link that breaks the contract instead of rendering it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = structuredClone(siteInfo);
    delete (broken.footerLinks[0]?.children[1] as Record<string, unknown>).name;
    const error: unknown = await checkFooterLinks(envelope(broken)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues[0]?.path).toEqual(['data', 'footerLinks', 0, 'children', 1, 'name']);
    expect(consoleError).toHaveBeenCalled();
  });
});
