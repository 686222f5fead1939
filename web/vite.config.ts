/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

// The Go BFF serves /prod-api (and, in production, this app). BFF_URL points elsewhere.
const bff = process.env.BFF_URL ?? 'http://127.0.0.1:8080';
const proxy = {
  '/prod-api': { target: bff, changeOrigin: true },
  // CMS pictures referenced by content as site paths (served by the BFF in production).
  '/cms-assets': { target: bff, changeOrigin: true },
  // Signed links to the files of documents that need login (answered by userDownload).
  '/document-files': { target: bff, changeOrigin: true },
};

/**
 * The framework every page needs, in one long-cached chunk. zod is not in it: it checks API
 * answers and forms, and loads with the first of them (see orval.config.ts).
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/;
/** zod and its configuration, in one long-cached chunk of their own, loaded on demand. */
const ZOD = /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/;
/**
 * `zod` means zod configured for the site (no `new Function`, which the site's CSP forbids): the
 * configuration runs before any module that imports zod, so before any schema is built.
 */
const configuredZod = { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-config.ts', import.meta.url)) };
/** React 19 has the hook the shim stands in for (see src/lib/use-sync-external-store-shim.ts). */
const syncExternalStoreShim = {
  find: /^use-sync-external-store\/shim$/,
  replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
};
/**
 * Parts of those libraries only lazy pages use (forms' mutations, parallel queries, translated
 * markup): left out of the framework chunk so the first page does not download them.
 */
const LAZY_ONLY_FRAMEWORK_PARTS =
  /(mutationObserver|mutationCache|mutation|useMutation|useIsMutating|useMutationState|queriesObserver|useQueries|useSuspenseQueries|Trans|TransWithoutContext|html-parse-stringify)\.js$/;

/**
 * The shell's shared core: HTTP client, session, routing helpers and the calls of the page frame
 * (the contract's `site` operations: navigation and site information). The first page needs all
 * of it and so do most lazy pages; without this group the bundler cuts it into a dozen small
 * shared chunks, each a request and each compressed on its own. The Radix primitives under
 * menus and dialogs are not in it: only code loaded on interaction uses them (their own chunk).
 */
const SHELL_CORE = new RegExp(
  [
    String.raw`[\\/]src[\\/]lib[\\/](page-language|http|session|language|routing|use-page-language|focus-return|enquiry-dialog|store|toast|attention|error-message|use-deferred-menu|use-idle)\.tsx?$`,
    String.raw`[\\/]src[\\/]api[\\/]generated[\\/]endpoints[\\/]site[\\/]site\.ts$`,
    String.raw`[\\/]src[\\/]components[\\/]ui[\\/]error-state\.tsx$`,
    String.raw`[\\/]src[\\/]i18n[\\/]languages[\\/]catalogues\.ts$`,
  ].join('|'),
);

/**
 * React Router 7 exports only its development build (warnings and checks included) to every
 * bundler (remix-run/react-router#12532); a production build of the site takes its production
 * build instead. Exact-match aliases, so deep imports stay untouched.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/**
 * What a dynamic import preloads beside the chunk it imports. Vite lists, for every dynamic
 * import, all the chunks the imported one needs, so they load in parallel; those lists and the
 * names in them are part of the code that holds the import. The entry chunk holds the imports
 * of all pages, catalogues and deferred parts, and its lists were about 2 kB gzip of every
 * page's first load. Its imports preload their stylesheets only (always kept, so nothing shows
 * unstyled); the chunks a page needs arrive one step later, when the page's chunk asks for them
 * (main.tsx loads the first page's code beside its catalogues, so hydration does not wait
 * longer for it). Imports held by other chunks (response schemas and zod, a page's own deferred
 * parts) keep preloading their chunks.
 */
const ENTRY_CHUNK = /(^|\/)index-[\w-]+\.js$/;
const modulePreload = {
  resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) => (ENTRY_CHUNK.test(hostId) ? [] : deps),
};

/**
 * `vite build --ssr`: the page renderer, a Node program in web/dist-ssr (never under web/dist,
 * which the BFF serves): renderer.js, its HTTP server, and render-worker.js, the module its
 * worker threads load. Everything is bundled into them but jsdom (which loads its own files at
 * run time) and piscina (which starts its workers from its own files), so they run from the build
 * with the installed packages.
 */
const rendererBuild = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  sourcemap: true,
  manifest: false,
  rolldownOptions: {
    input: { renderer: 'server/renderer.ts', 'render-worker': 'server/render-worker.ts' },
    output: { entryFileNames: '[name].js' },
  },
};

/**
 * React Router's production build declares its components and contexts with unannotated
 * `React.forwardRef(…)` / `React.createContext(…)` calls followed by `X.displayName = "X"`, so a
 * bundler must keep every one of them (NavLink, Form, HistoryRouter, …), used or not. This marks
 * those calls pure and drops the display names (React DevTools falls back to the function
 * names): what the site does not use is left out (about 2 kB gzip on every page). Lines are only
 * blanked or lengthened, never added or removed, so the source map stays line-accurate.
 */
const pureReactRouter: Plugin = {
  name: 'pure-react-router',
  apply: 'build',
  transform(code, id) {
    if (!/react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/.test(id)) return null;
    let changes = 0;
    const out = code
      .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm, () => {
        changes++;
        return '';
      })
      .replace(/^(var [A-Za-z0-9_$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, (_match, declaration: string, call: string) => {
        changes++;
        return `${declaration}/* @__PURE__ */ ${call}`;
      });
    // A new React Router may be written differently: say so rather than silently grow the bundle.
    if (changes === 0 && /React\d*\.forwardRef\(/.test(code)) this.warn(`${id}: nothing to mark pure any more; check this plugin`);
    return { code: out, map: null };
  },
};

/**
 * Class names of CSS modules in a build: `_` and six characters of a hash of the stylesheet's path
 * and the class, instead of Vite's `_name_hash_line`. A page's code holds every class name it uses,
 * so on the first page they were about 1 kB gzip. The client and the page renderer are separate
 * builds and must agree on every name, so a name depends on nothing but its path and class. Two
 * classes that would share a name stop the build. Development and tests keep readable names.
 */
const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));
const shortClassNames = new Map<string, string>();
function shortScopedName(local: string, file: string): string {
  const path = relative(WEB_ROOT, file.replace(/\?.*$/, '')).replaceAll('\\', '/');
  const name = `${local}_${createHash('sha256').update(path).digest('base64url').slice(0, 5)}`;
  const source = `${path}#${local}`;
  const taken = shortClassNames.get(name);
  if (taken !== undefined && taken !== source) throw new Error(`CSS class names ${taken} and ${source} would both be ${name}`);
  shortClassNames.set(name, source);
  return name;
}

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  plugins: [react(), pureReactRouter],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      configuredZod,
      syncExternalStoreShim,
      ...(command === 'build' && mode === 'production' ? reactRouterProduction : []),
    ],
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: {
    proxy,
  },
  ssr: { noExternal: true, external: ['jsdom', 'piscina'] },
  css: { modules: command === 'build' ? { generateScopedName: shortScopedName } : {} },
  build: isSsrBuild ? rendererBuild : {
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for the whole site (about 32 kB compressed), linked from index.html: a page
    // rendered on the server is styled at its first paint, whichever page's code it needs later.
    // Split per page, a page's styles would arrive with its script and move everything on it.
    cssCodeSplit: false,
    modulePreload,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph scripts/check-bundle-size.mjs measures.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Generated schema modules only define values: let the bundler drop the ones a chunk
        // does not use (zod calls would otherwise count as side effects and keep all of them).
        moduleSideEffects: [{ test: /[\\/]src[\\/]api[\\/]generated[\\/]/, sideEffects: false }],
        // Building a schema has no effect but the schema (generated files call zod as `zod`):
        // a schema nobody uses is dropped even from a module whose constants are used.
        manualPureFunctions: ['zod'],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The framework every page needs, in one long-cached chunk. Libraries used by a
              // single lazy page are not listed, so they stay in that page's chunk.
              name: 'framework',
              test: (id: string) => FRAMEWORK.test(id) && !LAZY_ONLY_FRAMEWORK_PARTS.test(id),
            },
            { name: 'zod', test: ZOD },
            { name: 'shell', test: SHELL_CORE },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Above Testing Library's 5 s for one wait (testing/setup.ts), so that a wait that fails
    // says what it waited for instead of the test's time running out.
    testTimeout: 15_000,
  },
}));
