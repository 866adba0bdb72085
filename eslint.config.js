import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';

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
  {
    // The catalogue of @hx/protocol holds all seven languages; the app loads one at a time.
    files: ['apps/h5/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
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
        },
      ],
    },
  },
);
