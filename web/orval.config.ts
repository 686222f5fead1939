import { readFileSync, writeFileSync } from 'node:fs';
import { defineConfig } from 'orval';
import type { InputTransformerFn } from 'orval';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Adapts the contract to two limits of orval 8.38, in memory only (the YAML is never changed):
 *
 * 1. It does not emit zod schemas for `components/responses`, yet the generated hooks import
 *    their type names (e.g. `ErrorResponse` for the shared `default` error response). Those
 *    references are inlined, so the error type becomes the referenced schema (`ErrorEnvelope`).
 * 2. For `type: string, format: binary` it emits `zod.instanceof(Blob)` and then calls `.max()`
 *    on it when the schema has maxLength, which throws at import. The size limit of an upload
 *    is the server's to enforce (it answers 413), so the length bounds are dropped here.
 */
const adaptContract: InputTransformerFn = (spec) => {
  inlineSharedResponses(spec);
  dropBinaryLengthBounds(spec);
  return spec;
};

/** Removes minLength/maxLength from every `type: string, format: binary` schema. */
function dropBinaryLengthBounds(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(dropBinaryLengthBounds);
    return;
  }
  if (!isObject(node)) return;
  if (node.type === 'string' && node.format === 'binary') {
    delete node.maxLength;
    delete node.minLength;
  }
  Object.values(node).forEach(dropBinaryLengthBounds);
}

/** Replaces `$ref: '#/components/responses/X'` in operations with a copy of X. */
function inlineSharedResponses(spec: Parameters<InputTransformerFn>[0]): void {
  const doc = spec as unknown as Json;
  const components = isObject(doc.components) ? doc.components : {};
  const shared = isObject(components.responses) ? components.responses : {};
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const op of Object.values(item)) {
      if (!isObject(op) || !isObject(op.responses)) continue;
      const responses = op.responses;
      for (const [status, response] of Object.entries(responses)) {
        if (!isObject(response) || typeof response.$ref !== 'string') continue;
        const name = response.$ref.replace('#/components/responses/', '');
        const target = shared[name];
        if (isObject(target)) responses[status] = structuredClone(target);
      }
    }
  }
}

/**
 * Response schemas load with the first request that needs them, not with the page: each
 * generated call hands the HTTP layer a loader of its response schema (`schema: () =>
 * import('…/x.zod').then(…)`) instead of the schema, and imports the schema's name as a type
 * only. The schemas and zod itself are then no part of a page's initial JavaScript: a page
 * rendered on the server hydrates from the data sent with it and validates nothing until it
 * asks the API for more (lib/http.ts starts the load beside the request).
 *
 * Runs on the files orval wrote (afterAllFilesWrite). Orval logs and swallows a hook's error,
 * so a failure also sets the exit code: generation must not look successful with eager schemas.
 */
function lazyResponseSchemas(...args: unknown[]): void {
  // Orval calls a function hook with one argument: the paths it wrote.
  const paths = Array.isArray(args[0]) ? args[0].filter((path): path is string => typeof path === 'string') : [];
  try {
    const endpoints = paths.filter((path) => /[\\/]endpoints[\\/].+\.ts$/.test(path));
    if (endpoints.length === 0) throw new Error('afterAllFilesWrite was given no endpoint files');
    for (const path of endpoints) {
      const source = readFileSync(path, 'utf8');
      const text = lazySchemasOf(source, path);
      if (text !== source) writeFileSync(path, text);
    }
  } catch (error) {
    process.exitCode = 1;
    throw error;
  }
}

/** One endpoint file with its response schemas loaded lazily. */
function lazySchemasOf(source: string, path = 'endpoint'): string {
  let text = source;
  const names = new Set([...text.matchAll(/^ {4}schema: ([A-Za-z_$][\w$]*)$/gm)].map((match) => match[1]!));
  for (const name of names) {
    const valueImport = new RegExp(`^import \\{\\n  ${name}\\n\\} from '([^']+)';$`, 'm').exec(text);
    if (!valueImport) throw new Error(`${path}: no import of the response schema ${name} to make lazy`);
    const from = valueImport[1]!;
    text = text.replace(valueImport[0], `import type {\n  ${name}\n} from '${from}';`);
    text = text.replaceAll(`    schema: ${name}\n`, `    schema: () => import('${from}').then((module) => module.${name})\n`);
  }
  return text;
}

export default defineConfig({
  api: {
    hooks: { afterAllFilesWrite: lazyResponseSchemas },
    input: {
      target: '../openapi/openapi.yaml',
      override: { transformer: adaptContract },
    },
    output: {
      mode: 'tags-split',
      target: 'src/api/generated/endpoints',
      schemas: { path: 'src/api/generated/model', type: 'zod' },
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      // Endpoints import each schema from its own file: no barrel (two schemas may export the
      // same helper constant name, which a barrel cannot re-export) and better tree-shaking.
      indexFiles: false,
      override: {
        header: () => ['Generated by orval from openapi/openapi.yaml: do not edit by hand.', 'Regenerate with `npm run generate -w web`.'],
        mutator: { path: 'src/lib/http.ts', name: 'http' },
        includeZodSchemaInArguments: true,
        fetch: { runtimeValidation: true, includeHttpResponseReturnType: false },
        query: { signal: true, version: 5 },
        operations: {
          // A read that the legacy API exposes as POST: generate a query hook, not a mutation.
          languageList: { query: { useQuery: true, useMutation: false, signal: true } },
        },
      },
    },
  },
});
