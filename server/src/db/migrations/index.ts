import type { Migration } from 'kysely/migration';
import * as createCatalog from './2026-11-22-01-create-catalog.ts';
import * as createAccounts from './2026-11-22-02-create-accounts.ts';
import * as createRatings from './2026-11-22-03-create-ratings.ts';
import * as createSearch from './2026-11-22-04-create-search.ts';
import * as createLibrary from './2026-11-22-05-create-library.ts';

/** Every migration, registered by name. Names sort in the order they run; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-01-create-catalog': createCatalog,
  '2026-11-22-02-create-accounts': createAccounts,
  '2026-11-22-03-create-ratings': createRatings,
  '2026-11-22-04-create-search': createSearch,
  '2026-11-22-05-create-library': createLibrary,
};
