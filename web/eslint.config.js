// Lint rules of the web app: TypeScript (type-aware), the rules of React hooks, and the
// boundaries between the app's layers and between its features.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every feature folder: one zone each, so that no feature reaches into another. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The layers, as bulletproof-react draws them: the app (routes, layout, the two entries) puts
 * features together; a feature uses the shared layers but neither the app nor another feature
 * (what two features share moves to a shared layer); the shared layers use neither.
 */
const SHARED = ['./src/components', './src/lib', './src/api', './src/i18n', './src/testing', './src/styles'];
const APP = ['./src/app', './src/main.tsx', './src/entry-server.tsx'];
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what they share to components/ or lib/.',
  })),
  {
    target: './src/features',
    from: APP,
    message: 'A feature does not import the app: the app imports features, not the other way round.',
  },
  {
    target: SHARED,
    from: ['./src/features', ...APP],
    message: 'Shared code does not import features or the app.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'dist-ssr/', 'src/api/generated/'] },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A leading underscore marks a name that must exist but is not read (as tsc reads it).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A form's onSubmit takes react-hook-form's handleSubmit, which returns a promise React
      // ignores; the handlers catch their own failures.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Loaders throw react-router's data() to answer with a status (the not-found page).
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: 'react-router', name: 'DataWithResponseInit' }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // An import the resolver cannot follow would slip past the boundaries unseen.
      'import-x/no-unresolved': ['error', { ignore: ['\\.css$', '\\?'] }],
    },
  },
  {
    // Dates are turned into words in one place, src/lib/format-date.ts, in the content's own offset.
    // Anywhere else a date formatted or read in the machine's own time zone is a different day on
    // the server (UTC) and in a visitor's browser west or east of it: React then throws the
    // server's HTML away (hydration error #418) and the date moves.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/format-date.ts', 'src/**/__tests__/**', 'src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]",
          message: 'Format dates with src/lib/format-date.ts: the same day on the server and in every time zone.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString)$/]',
          message: 'Format dates with src/lib/format-date.ts (numbers with Intl.NumberFormat): toLocale* uses the machine\'s time zone.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^get(FullYear|Month|Date|Day|Hours|Minutes)$/]',
          message: "Read a date's day in UTC (getUTC*) or with src/lib/format-date.ts: the local calendar differs between the server and the browser.",
        },
      ],
    },
  },
  {
    files: ['server/**/*.{ts,mjs}', 'scripts/**/*.mjs', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
