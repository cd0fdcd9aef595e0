import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintErrors } from './lint.ts';
import { RATING_STEP_COLUMNS } from '../src/db/rating-steps.ts';

/**
 * The rules docs/ARCHITECTURE.md states are the rules the tools keep: lint refuses a module reaching into another's
 * internals, and the diagram of module dependencies in the document is the one the code has.
 */
const root = new URL('../../', import.meta.url).pathname;
const modulesDir = join(root, 'server/src/modules');
const hydrationDir = join(root, 'server/src/hydration');
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('import boundaries', () => {
  it('lint refuses a module importing another module’s internals, and allows its service', async () => {
    expect(
      await lintErrors('server/src/modules/ratings/violation.ts', "export { hydrateAlbums } from '../catalog/albums.repository.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await lintErrors('server/src/modules/ratings/allowed.ts', "export type { CatalogService } from '../catalog/catalog.service.ts';\n"),
    ).toEqual([]);
  }, 60_000);

  it('lint refuses platform code importing a module, and a web feature importing another feature', async () => {
    expect(
      await lintErrors(
        'server/src/platform/violation.ts',
        "export type { CatalogService } from '../modules/catalog/catalog.service.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(await lintErrors('web/src/features/search/violation.ts', "export { useAlbum } from '../catalog/api.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  }, 60_000);

  it('lint keeps the hydration layer between platform and modules: modules use its hydrator and presenters only (decision 061)', async () => {
    expect(
      await lintErrors('server/src/modules/reviews/violation.ts', "export { people } from '../../hydration/people.repository.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await lintErrors(
        'server/src/modules/reviews/allowed.ts',
        "export type { Hydrator } from '../../hydration/hydrator.ts';\nexport { presentPerson } from '../../hydration/people.presenter.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await lintErrors(
        'server/src/hydration/violation.ts',
        "export type { ReviewsService } from '../modules/reviews/reviews.service.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(await lintErrors('server/src/platform/violation.ts', "export type { Hydrator } from '../hydration/hydrator.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  }, 60_000);

  it('lint refuses web code writing an API path, using the raw api(), or a component importing endpoints (decision 060)', async () => {
    expect(await lintErrors('web/src/features/catalog/violation.ts', "export const path = '/api/albums';\n")).toContain(
      'no-restricted-syntax',
    );
    expect(
      await lintErrors('web/src/features/catalog/violation.ts', 'const id = 1;\nexport const path = `/api/albums/${id}`;\n'),
    ).toContain('no-restricted-syntax');
    expect(await lintErrors('web/src/features/catalog/violation.ts', "export { api } from '../../shared/lib/api-client.ts';\n")).toContain(
      'no-restricted-imports',
    );
    expect(
      await lintErrors('web/src/features/catalog/violation.tsx', "export { catalogEndpoints } from '../../shared/lib/endpoints.ts';\n"),
    ).toContain('no-restricted-imports');
    // A feature's api.ts is where its endpoints are called.
    expect(
      await lintErrors('web/src/features/catalog/api.ts', "export { catalogEndpoints } from '../../shared/lib/endpoints.ts';\n"),
    ).toEqual([]);
  }, 60_000);
});

/** Each module's code (tests left out): its name, and each file's path below server/src/modules and text. */
function moduleSources(): { module: string; file: string; source: string }[] {
  return modules.flatMap((module) =>
    readdirSync(join(modulesDir, module), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => ({ module, file: join(module, file), source: readFileSync(join(modulesDir, module, file), 'utf8') })),
  );
}

/** The hydration layer's code (tests left out), each file's path below server/src/modules as `../hydration/…`. */
function hydrationSources(): { file: string; source: string }[] {
  return readdirSync(hydrationDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ file: join('../hydration', file), source: readFileSync(join(hydrationDir, file), 'utf8') }));
}

/** `a --> b` for every module a whose code names module b's service. */
function dependenciesInCode(): string[] {
  const edges = new Set<string>();
  for (const { module, source } of moduleSources()) {
    for (const match of source.matchAll(/from '\.\.\/([\w-]+)\/[\w-]+\.service\.ts'/g)) {
      if (match[1] !== module) edges.add(`${module} --> ${match[1]}`);
    }
  }
  return [...edges].sort();
}

function dependenciesInDocs(): string[] {
  const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const diagram = /```mermaid\n(graph[^\n]*\n[\s\S]*?)```/.exec(doc)?.[1] ?? '';
  return [...diagram.matchAll(/^\s*([\w-]+) --> ([\w-]+)\s*$/gm)].map((match) => `${match[1]} --> ${match[2]}`).sort();
}

describe('docs/ARCHITECTURE.md', () => {
  it('draws exactly the dependencies between modules that the code has', () => {
    expect(dependenciesInDocs()).toEqual(dependenciesInCode());
  });

  it('names every module', () => {
    const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
    expect(modules.filter((module) => !doc.includes(`\`${module}\``))).toEqual([]);
  });
});

/** A Kysely query builder or a raw SQL template. */
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(<[^>]*>)?`|\bsql\.\w+\(/;

/** `path:line: code` for every line of a file outside a repository that builds a query. */
function queriesOutsideRepositories(file: string, source: string): string[] {
  if (file.endsWith('.repository.ts')) return [];
  return source.split('\n').flatMap((line, index) => (QUERY.test(line) ? [`server/src/modules/${file}:${index + 1}: ${line.trim()}`] : []));
}

describe('SQL', () => {
  it('lives in the repositories (*.repository.ts) only, the hydration layer’s too', () => {
    const found = [...moduleSources(), ...hydrationSources()].flatMap(({ file, source }) => queriesOutsideRepositories(file, source));
    expect(found, 'these lines query the database outside a repository; move the query into the module’s *.repository.ts').toEqual([]);
  });

  it('is found in a service, and allowed in a repository', () => {
    const query = "  const row = await db.selectFrom('rating').selectAll().executeTakeFirst();\n";
    expect(queriesOutsideRepositories('ratings/ratings.service.ts', `// rating\n${query}`)).toEqual([
      `server/src/modules/ratings/ratings.service.ts:2: ${query.trim()}`,
    ]);
    expect(queriesOutsideRepositories('ratings/ratings.service.ts', "await trx\n  .updateTable('album')")).toHaveLength(1);
    expect(queriesOutsideRepositories('search/search.service.ts', 'await sql<{ id: string }>`SELECT 1`.execute(db);')).toHaveLength(1);
    expect(queriesOutsideRepositories('ratings/ratings.repository.ts', query)).toEqual([]);
  });
});

/**
 * Decision 015 (docs/decisions/015-counters-and-activity.md): the one module that writes each counter column, the owner
 * of its table (decision 065); the module whose rows a counter counts (ratings, reviews, library, collections, follows)
 * moves it through that owner's service, in its own transaction.
 */
const COUNTER_OWNERS: Record<string, Record<string, string>> = {
  album: Object.fromEntries(
    ['rating_count', 'rating_sum', 'rating_average', ...RATING_STEP_COLUMNS, 'review_count', 'like_count'].map((column) => [
      column,
      'catalog',
    ]),
  ),
  profile: Object.fromEntries(
    ['ratings_count', 'reviews_count', 'public_collections_count', 'followers_count', 'following_count'].map((column) => [
      column,
      'profiles',
    ]),
  ),
};

/**
 * `file writes table.column, owned by …` for each counter that a repository function of another module than its
 * owner may write: the function updates the counter's table and names the column (in `.set(…)` or in the type of a
 * column it takes). `file` is the path below server/src/modules, so its first folder is the module.
 */
function counterWritesByOthers(file: string, source: string): string[] {
  const module = file.split('/')[0];
  const found: string[] = [];
  for (const fn of source.split(/^export /m)) {
    for (const [table, owners] of Object.entries(COUNTER_OWNERS)) {
      if (!fn.includes(`updateTable('${table}')`)) continue;
      for (const [column, owner] of Object.entries(owners)) {
        if (owner !== module && new RegExp(`\\b${column}\\b`).test(fn)) found.push(`${file} writes ${table}.${column}, owned by ${owner}`);
      }
    }
  }
  return found;
}

describe('counters', () => {
  it('are written by their owner only (decision 015)', () => {
    const found = moduleSources()
      .filter(({ file }) => file.endsWith('.repository.ts'))
      .flatMap(({ file, source }) => counterWritesByOthers(file, source));
    expect(found, 'move the write to the owning module and call its service').toEqual([]);
  });

  it('are found when another module writes them, however the column is named', () => {
    const write = (changes: string) =>
      `export async function shift(db: DB, id: string): Promise<void> {\n  await db.updateTable('profile').set(${changes}).where('user_id', '=', id).execute();\n}\n`;
    expect(counterWritesByOthers('reviews/reviews.repository.ts', write('{ reviews_count: sql`reviews_count + 1` }'))).toEqual([
      'reviews/reviews.repository.ts writes profile.reviews_count, owned by profiles',
    ]);
    expect(counterWritesByOthers('profiles/profiles.repository.ts', write('{ reviews_count: sql`reviews_count + 1` }'))).toEqual([]);
    const dynamic = `export async function shift(db: DB, id: string, column: 'followers_count' | 'bio') {\n  await db.updateTable('profile').set({ [column]: 0 }).execute();\n}\n`;
    expect(counterWritesByOthers('accounts/accounts.repository.ts', dynamic)).toEqual([
      'accounts/accounts.repository.ts writes profile.followers_count, owned by profiles',
    ]);
  });
});

/**
 * The person card (who someone is: name, username, picture) is made in one place, hydration/people.presenter.ts: a
 * picture's address made anywhere else is a card built inline. The one exception is not a card of someone.
 */
const AVATARS_OUTSIDE_THE_PRESENTER: Record<string, string> = {
  'accounts/accounts.service.ts': 'the signed-in person’s own account (`/api/me`), with their e-mail and settings',
};

/** `path:line: code` for every line of a module's file that makes a picture's address from an avatar. */
function avatarsMade(file: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) => (/uploadUrl\([^)]*avatar/i.test(line) ? [`server/src/modules/${file}:${index + 1}: ${line.trim()}`] : []));
}

describe('person cards', () => {
  it('are made by the person presenter only (hydration/people.presenter.ts)', () => {
    const found = moduleSources()
      .filter(({ file }) => !(file in AVATARS_OUTSIDE_THE_PRESENTER))
      .flatMap(({ file, source }) => avatarsMade(file, source));
    expect(found, 'hydrate the people (hydrator.people) and present them with presentPerson or presentPersonCard').toEqual([]);
    const stillMaking = Object.keys(AVATARS_OUTSIDE_THE_PRESENTER).filter((file) =>
      moduleSources().some((entry) => entry.file === file && avatarsMade(file, entry.source).length > 0),
    );
    expect(stillMaking, 'an exception that no longer makes a picture’s address leaves the list').toEqual(
      Object.keys(AVATARS_OUTSIDE_THE_PRESENTER),
    );
  });

  it('are found when a service builds one inline', () => {
    const inline = '    author: { id: row.user_id, name: row.author_name, avatarUrl: uploadUrl(row.author_avatar) },\n';
    expect(avatarsMade('reviews/reviews.service.ts', `// reviews\n${inline}`)).toEqual([
      `server/src/modules/reviews/reviews.service.ts:2: ${inline.trim()}`,
    ]);
    expect(avatarsMade('reviews/reviews.service.ts', '    author: presentPerson(people.get(row.user_id)!),\n')).toEqual([]);
  });
});
