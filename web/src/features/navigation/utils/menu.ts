/**
 * Turns the CMS navigation tree into what the header renders: hidden items (status 1) removed,
 * each item's target resolved. Levels below the second arrive as `unknown` in the generated
 * schema (it does not recurse), so each level is checked against the generated NavItem schema
 * when the answer arrives ({@link checkNavTree}), and a node that breaks the contract fails the
 * whole menu like any other bad body. Building the menu from a checked tree needs no schema: a
 * page rendered on the server shows its header from the data sent with it, without zod.
 */
import type { core } from 'zod';
import type { NavItem } from '@/api/generated/model/navItem.zod';
import { ResponseShapeError } from '@/lib/http';

/** Mega-menu layout of a top-level item. */
export type TemplateStyle = 'products' | 'solutions' | 'serviceSupport' | 'aboutJaka' | 'insights';

export interface MenuItem {
  id: number;
  name: string;
  /** Layout of a top-level item's mega-menu; null below the top level or when unset. */
  templateStyle: TemplateStyle | null;
  /** Site path without language prefix, or an absolute URL when `external`; null for a heading. */
  href: string | null;
  external: boolean;
  /** CMS flag 1: highlighted (e.g. a new product). */
  highlighted: boolean;
  /** Product type; C and M get a badge. */
  badge: 'C' | 'M' | null;
  image: string | null;
  children: MenuItem[];
}

/** How many levels the header shows: top bar, mega-menu columns, column links. */
export const MENU_DEPTH = 3;

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export const NAV_TREE_URL = '/prod-api/api/programa/buildProgramaTree';

/** A node of the navigation tree: its own fields as the contract says; its children checked or not. */
export type NavNode = Omit<NavItem, 'children'> & { children: readonly unknown[] };

type NavItemSchema = (typeof import('@/api/generated/model/navItem.zod'))['NavItem'];

function checkLevel(schema: NavItemSchema, nodes: readonly unknown[], url: string, path: (string | number)[], depth: number): void {
  nodes.forEach((node, index) => {
    const parsed = schema.safeParse(node);
    if (!parsed.success) {
      const issues: core.$ZodIssue[] = parsed.error.issues.map((issue) => ({
        ...issue,
        path: [...path, index, ...issue.path],
      }));
      console.error('[api] response does not match the API contract', url, issues);
      throw new ResponseShapeError(url, issues);
    }
    if (depth > 1) checkLevel(schema, parsed.data.children, url, [...path, index, 'children'], depth - 1);
  });
}

/**
 * Checks every level of the `data` of buildProgramaTree that the header shows against the
 * contract, loading the schema on first use; throws a {@link ResponseShapeError} otherwise.
 * Resolves to the same tree, for {@link buildMenu}.
 */
export async function checkNavTree(data: readonly unknown[], url = NAV_TREE_URL): Promise<readonly NavNode[]> {
  const { NavItem } = await import('@/api/generated/model/navItem.zod');
  checkLevel(NavItem, data, url, ['data'], MENU_DEPTH);
  return data as readonly NavNode[];
}

function toMenuItems(nodes: readonly NavNode[], depth: number): MenuItem[] {
  const items: MenuItem[] = [];
  nodes.forEach((item) => {
    if (item.status === 1) return;
    const external = nonEmpty(item.externalLink);
    const router = nonEmpty(item.router);
    items.push({
      id: item.id,
      name: item.name,
      templateStyle: item.templateStyle ?? null,
      href: external ?? router,
      external: external !== null,
      highlighted: item.flag === 1,
      badge: item.productType === 'C' || item.productType === 'M' ? item.productType : null,
      image: nonEmpty(item.image),
      // checkNavTree checked every level down to MENU_DEPTH.
      children: depth > 1 ? toMenuItems(item.children as readonly NavNode[], depth - 1) : [],
    });
  });
  return items;
}

/** The visible menu from the `data` of buildProgramaTree, once {@link checkNavTree} passed it. */
export function buildMenu(data: readonly NavNode[]): MenuItem[] {
  return toMenuItems(data, MENU_DEPTH);
}
