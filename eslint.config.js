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

/** What a server module may not import: another module's HTTP side, or the app. */
const MODULE_PATTERNS = [
  {
    regex: '^\\.\\./[^/.]+/(plugin|routes|[\\w-]+-routes|operator|operator-[\\w-]+)\\.ts$',
    message: "Another module's plugin and routes are its own: use its services.",
  },
  { regex: '(^|/)app\\.ts$', message: 'Only app.ts assembles the modules.' },
];

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
  // Files and functions a person can read (issue 36), in the apps and packages: a file at most
  // 400 lines, a function or component at most 120, blank lines and comments not counted. Data
  // tables are excepted by path below; a test's describe block holds its cases, so tests and
  // the server's test kits (src/test/) are excepted from the second.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Data tables: test ids, every language's texts, the endpoint table, seed and demo texts.
    files: [
      'apps/h5/src/testids.ts',
      'apps/h5/src/i18n/locales/**',
      'packages/protocol/src/errors/messages/*.ts',
      'packages/protocol/src/routes/*.ts',
      'packages/protocol/src/endpoints/*.ts',
      'packages/db/migrations/**',
      'apps/server/src/modules/notifications/texts.ts',
      'apps/server/src/modules/content/demo-texts.ts',
      'apps/server/src/modules/content/seed*.ts',
    ],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/test/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  // Landed while this rule did (issue 37, still being worked on by their owners): to split, then
  // to leave this list.
  {
    files: ['apps/server/src/modules/binance/ws-api/plugin.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: ['apps/server/src/modules/api-keys/api-keys.test.ts'],
    rules: { 'max-lines': 'off' },
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
    rules: { 'no-restricted-imports': ['error', { patterns: MODULE_PATTERNS }] },
  },
  // Services know no HTTP: routes turn the request into a context (plugins/request-context.ts)
  // and services take that (lib/request-context.ts), so a job, the bus or another API calls the
  // same function. The HTTP side is the module's plugin, routes and operator routes, and the few
  // glue files listed here (request guards and authenticators, the settings routes' builder, the
  // Binance-compatible API, whose every file answers HTTP).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*-kit.ts',
      '**/plugin.ts',
      '**/routes.ts',
      '**/*-routes.ts',
      '**/operator.ts',
      '**/operator-*.ts',
      'apps/server/src/modules/api-keys/signed-request.ts',
      'apps/server/src/modules/operator-core/auth.ts',
      'apps/server/src/modules/operator-core/settings.ts',
      'apps/server/src/modules/binance/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyRequest', 'FastifyReply'],
              message: 'A service takes a context (lib/request-context.ts), not the request.',
            },
          ],
          patterns: [
            ...MODULE_PATTERNS,
            {
              regex: '(^|/)plugins/request-context\\.ts$',
              message: 'Routes build the context; a service takes it (lib/request-context.ts).',
            },
            {
              regex: '(^|/)plugins/auth\\.ts$',
              importNames: ['userOf', 'tokenOf'],
              message: "A service takes the context's user, not the request's.",
            },
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
  // The live socket (ws/) is a plugin app.ts registers before the modules: they publish on its
  // hub, and it knows none of them (an operator's session comes from plugins/).
  {
    files: ['apps/server/src/ws/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./modules/',
              message: 'ws/ serves the modules and imports none of them (types too).',
            },
            { regex: '(^|/)app\\.ts$', message: 'Only app.ts assembles the server.' },
          ],
        },
      ],
    },
  },
);
