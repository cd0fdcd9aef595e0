// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/ARCHITECTURE.md): web and server meet only in contracts; inside web,
 * shared <- features <- app and no feature imports another; inside server, platform <- hydration <- modules,
 * a module reaches another module only through its service and the hydration layer through its hydrator and
 * presenters. The folder lists are read from disk, so a new feature, module or presenter is covered the day it exists.
 */
// Zones are relative to the repository, whichever folder ESLint runs from.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const foldersIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
export const webFeatures = foldersIn('./web/src/features');
export const serverModules = foldersIn('./server/src/modules');
/** What modules may import of the hydration layer: the hydrator (people, rules, conditions) and the presenters. */
export const hydrationEntries = readdirSync(new URL('./server/src/hydration', import.meta.url)).filter(
  (file) => file === 'hydrator.ts' || file.endsWith('.presenter.ts'),
);

/** The web app calls a contract's endpoints through shared/lib/endpoints.ts, never by importing them (decision 035). */
const lazyContracts = {
  group: ['@hearsay/contracts/*'],
  importNamePattern: 'Endpoints$',
  message: 'Call endpoints through shared/lib/endpoints.ts: a contract then loads with its first call (decision 035).',
};
/** The raw api() stays inside the client: callers use call()/endpointQuery() with a declaration (decision 060). */
const rawApi = {
  group: ['**/lib/api-client.ts'],
  importNames: ['api'],
  message:
    'Call an endpoint with call() or endpointQuery() and its declaration from endpoints.ts, in your feature’s api.ts (decision 060).',
};
/** A component reaches endpoints only through its feature's api.ts (or a shared hook), where its refresh lives too. */
const endpointsInComponents = {
  group: ['**/lib/endpoints.ts'],
  message:
    'Components call endpoints through their feature’s api.ts (or a shared hook), where the mutation’s refresh is written once (decision 060).',
};

/** For each module, every other module's files but its service are out of reach. */
const moduleZones = serverModules.flatMap((module) =>
  serverModules
    .filter((other) => other !== module)
    .map((other) => ({
      target: `./server/src/modules/${module}`,
      from: `./server/src/modules/${other}`,
      except: [`./${other}.service.ts`],
      message: `A module reaches another only through the service app.ts gives it: import types from ${other}.service.ts, nothing else of ${other}/.`,
    })),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.bench/**',
    ],
  },
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
    // Classic scripts the page loads before the app (web/public): the browser's globals.
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
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
          basePath: repoRoot,
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
      'no-restricted-imports': ['error', { patterns: [lazyContracts, rawApi] }],
    },
  },
  {
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [lazyContracts, rawApi, endpointsInComponents] }] },
  },
  {
    // An API path is written once, in its contract: the web app builds URLs from the declarations (decision 060).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/shared/lib/api-client.ts', 'web/src/shared/lib/endpoints.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message:
            'No API paths in web code: call the endpoint through its feature’s api.ts, which builds the URL from the contract (decision 060).',
        },
        {
          selector: 'TemplateLiteral[quasis.0.value.raw=/^\\/api\\//]',
          message:
            'No API paths in web code: call the endpoint through its feature’s api.ts, which builds the URL from the contract (decision 060).',
        },
      ],
    },
  },
  {
    // Tests may call the client directly to check it.
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [lazyContracts] }] },
  },
  {
    // The one list of lazily loaded contracts; and a download link, whose href needs its path as it renders.
    files: ['web/src/shared/lib/endpoints.ts', 'web/src/features/settings/data-export-api.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repoRoot,
          zones: [
            { target: './server/src/platform', from: './server/src/modules', message: 'Platform code never depends on a feature module.' },
            {
              target: './server/src/platform',
              from: './server/src/hydration',
              message: 'Platform code never depends on the hydration layer.',
            },
            {
              target: './server/src/hydration',
              from: './server/src/modules',
              message: 'The hydration layer sits below the modules (decision 061): it imports none of them.',
            },
            {
              target: './server/src/modules',
              from: './server/src/hydration',
              except: hydrationEntries.map((file) => `./${file}`),
              message: 'A module uses the hydration layer through hydrator.ts and its presenters, never its repositories.',
            },
            ...moduleZones,
            { target: './server', from: './web', message: 'The server never imports the web app.' },
          ],
        },
      ],
    },
  },
  {
    // A route validates and calls its service (docs/ARCHITECTURE.md, "Server"); it never reads the database itself.
    files: ['server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/src/**', '@hearsay/web*'], message: 'The server never imports the web app.' },
            {
              group: ['./*.repository*', '../**/*.repository*'],
              message: 'A route calls its service; only the service uses the repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // Modules write SQL through Kysely in their repositories; a raw compiled query skips its types and the dialects.
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='CompiledQuery'][property.name='raw']",
          message: 'Build the query with Kysely in a repository (precompiled() from platform/db when it is hot), not CompiledQuery.raw.',
        },
      ],
    },
  },
  {
    // Platform code is machinery: SQL lives in platform/db and in a platform part's own *.repository.ts (jobs, the
    // MusicBrainz cache), never scattered through it.
    files: ['server/src/platform/**/*.ts'],
    ignores: ['server/src/platform/db/**', 'server/src/platform/**/*.repository.ts', 'server/src/platform/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL in platform code lives in platform/db or a *.repository.ts.',
        },
        {
          selector: "TaggedTemplateExpression[tag.type='TSInstantiationExpression'][tag.expression.name='sql']",
          message: 'SQL in platform code lives in platform/db or a *.repository.ts.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'Queries in platform code live in platform/db or a *.repository.ts.',
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
        {
          basePath: repoRoot,
          zones: [{ target: './contracts', from: ['./server', './web'], message: 'Contracts depend on nothing but zod.' }],
        },
      ],
    },
  },
);
