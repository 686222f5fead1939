/**
 * The catalogues of one language, one module per language (`./<lang>.ts`): `common` comes with
 * the module (every page of the language needs it first), the other namespaces load on demand.
 * The page's code knows only the twelve language modules, not the two hundred catalogue files:
 * their names stay out of the JavaScript every page downloads. The `messages` namespace is the
 * server's catalogue (the top-level messages/ directory, which the BFF answers with too): each
 * module names the file of its wire language (jp reads ja.json, en_eu and en_us read en.json).
 */
import type { ResourceKey } from 'i18next';

export type CatalogueModule = { default: ResourceKey };

/** Loads one namespace of the language, by name (`home`), or rejects when it has none. */
export type LanguageCatalogues = (namespace: string) => Promise<ResourceKey>;

export function languageCatalogues(
  common: ResourceKey,
  loaders: Record<string, () => Promise<CatalogueModule>>,
  messages: () => Promise<CatalogueModule>,
): LanguageCatalogues {
  const byNamespace = new Map(
    Object.entries(loaders).map(([path, load]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), load] as const),
  );
  return async (namespace) => {
    if (namespace === 'common') return common;
    if (namespace === 'messages') return (await messages()).default;
    const load = byNamespace.get(namespace);
    if (!load) throw new Error(`No catalogue ${namespace}`);
    return (await load()).default;
  };
}
