/**
 * Turns the CMS navigation tree into what the header renders: hidden items (status 1) removed,
 * each item's target resolved. Levels below the second arrive as `unknown` in the generated
 * schema (it does not recurse), so each level is checked against the generated NavItem schema
 * here, and a node that breaks the contract fails the whole menu like any other bad body.
 */
import type { core } from 'zod';
import { NavItem } from '@/api/generated/model/navItem.zod';
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

function toMenuItems(nodes: readonly unknown[], url: string, path: (string | number)[], depth: number): MenuItem[] {
  const items: MenuItem[] = [];
  nodes.forEach((node, index) => {
    const parsed = NavItem.safeParse(node);
    if (!parsed.success) {
      const issues: core.$ZodIssue[] = parsed.error.issues.map((issue) => ({
        ...issue,
        path: [...path, index, ...issue.path],
      }));
      console.error('[api] response does not match the API contract', url, issues);
      throw new ResponseShapeError(url, issues);
    }
    const item = parsed.data;
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
      children: depth > 1 ? toMenuItems(item.children, url, [...path, index, 'children'], depth - 1) : [],
    });
  });
  return items;
}

/** The visible menu from the `data` of buildProgramaTree. */
export function buildMenu(data: readonly unknown[], url = '/prod-api/api/programa/buildProgramaTree'): MenuItem[] {
  return toMenuItems(data, url, ['data'], MENU_DEPTH);
}
