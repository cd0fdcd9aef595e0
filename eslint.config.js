// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/ARCHITECTURE.md): web and server meet only in contracts; inside web,
 * shared <- features <- app and no feature imports another; inside server, platform never imports
 * a module and a module reaches another module only through its service.
 */
const webFeatures = [
  'landing',
  'legal',
  'catalog',
  'search',
  'accounts',
  'onboarding',
  'reviews',
  'library',
  'collections',
  'profiles',
  'settings',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Node's own resolution (package exports, workspace links) plus our .ts/.tsx sources.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/src/**', '@hearsay/web*'], message: 'The server never imports the web app.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './web/src/shared',
              from: ['./web/src/features', './web/src/app'],
              message: 'shared/ is the bottom layer: it imports neither features nor app.',
            },
            { target: './web/src/features', from: './web/src/app', message: 'Features do not import the app layer.' },
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature; move the shared part to shared/.',
            })),
            { target: './web', from: './server', message: 'The web app talks to the server over HTTP only, through contracts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server/src/platform', from: './server/src/modules', message: 'Platform code never depends on a feature module.' },
            { target: './server', from: './web', message: 'The server never imports the web app.' },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen in time, so they use Kysely<any> rather than today's schema types.
    files: ['server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './contracts', from: ['./server', './web'], message: 'Contracts depend on nothing but zod.' }] },
      ],
    },
  },
);
