import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseShapeError } from '@/lib/http';
import { navTree } from '@/testing/fixtures';
import { type MenuItem, buildMenu, checkNavTree } from '../utils/menu';

describe('building the header menu', () => {
  let menu: MenuItem[];
  beforeAll(async () => {
    menu = buildMenu(await checkNavTree(navTree));
  });

  it('drops hidden items (status 1) at every level, with their children', () => {
    expect(menu.map((i) => i.name)).toEqual(['产品', '服务支持', '关于我们']);
    expect(menu[0]?.children.map((i) => i.name)).toEqual(['协作机器人']);
    expect(menu[0]?.children[0]?.children.map((i) => i.name)).toEqual(['JAKA Zu 7', 'JAKA MiniCobo']);
  });

  it('prefers the external link over the router path', () => {
    const shop = menu[1]?.children[1];
    expect(shop).toMatchObject({ href: 'https://shop.example.com/', external: true });
    expect(menu[2]).toMatchObject({ href: '/about', external: false });
    expect(menu[1]).toMatchObject({ href: null });
  });

  it('marks product types C and M and highlighted items', () => {
    const [zu, mini] = menu[0]?.children[0]?.children ?? [];
    expect(zu).toMatchObject({ badge: 'C', highlighted: false });
    expect(mini).toMatchObject({ badge: null, highlighted: true });
  });

  it('rejects a third-level node that breaks the contract instead of rendering it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = structuredClone(navTree);
    const product = broken[0]?.children[0]?.children[0] as Record<string, unknown>;
    delete product.name;
    const error: unknown = await checkNavTree(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues[0]?.path).toEqual(['data', 0, 'children', 0, 'children', 0, 'name']);
    expect(consoleError).toHaveBeenCalled();
  });
});
