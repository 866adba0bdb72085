import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';

/** A relative import of the app's `folder` (pages, features, ...) from anywhere. */
const layer = (folder) => `^\\.\\.?/(.*/)?${folder}(/|$)`;

/**
 * The app's restricted imports for `files` (tests and `except` left out): the catalogue of
 * @hx/protocol holds all seven languages and the app loads one at a time; `patterns` close off
 * other layers. One block per folder, since a later block's options replace an earlier one's.
 */
const h5Imports = (files, patterns = [], except = []) => ({
  files: [files],
  ignores: ['**/*.test.{ts,tsx}', ...except],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: '@hx/protocol',
            importNames: ['errorMessage', 'ERRORS', 'ERROR_MESSAGES'],
            message: 'Use errorMessage of src/i18n/errors.ts.',
          },
        ],
        patterns,
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      '.test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/h5/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      // The app reaches the server only through src/api.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use src/api/http.ts' }],
    },
  },
  {
    files: ['apps/h5/src/api/**'],
    rules: { 'no-restricted-globals': 'off' },
  },
  // The app's layers: pages use features and api, features use api; api imports neither, and
  // features do not import pages.
  h5Imports('apps/h5/src/**/*.{ts,tsx}'),
  h5Imports('apps/h5/src/pages/**', [
    {
      regex: '(^|/)api/(http|call)(\\.ts)?$',
      message: 'Pages compose features: server calls live in features/<domain>/queries.ts.',
    },
  ]),
  h5Imports('apps/h5/src/features/**', [
    { regex: layer('pages'), message: 'features/ may not import pages/.' },
  ]),
  h5Imports('apps/h5/src/api/**', [
    { regex: layer('pages'), message: 'api/ may not import pages/.' },
    { regex: layer('features'), message: 'api/ may not import features/.' },
  ]),
  // The server's zones: a module's HTTP side (its plugin, routes and operator routes) is its own;
  // other modules use its services. Only app.ts assembles modules. lib/ and plugins/ serve every
  // module and import none (types aside: lib/deps.ts names what modules decorate).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-kit.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^\\.\\./[^/.]+/(plugin|routes|[\\w-]+-routes|operator|operator-[\\w-]+)\\.ts$',
              message: "Another module's plugin and routes are its own: use its services.",
            },
            { regex: '(^|/)app\\.ts$', message: 'Only app.ts assembles the modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./modules/',
              allowTypeImports: true,
              message: 'lib/ and plugins/ serve the modules and import none of them.',
            },
          ],
        },
      ],
    },
  },
);
