import { describe, expect, it } from 'vitest';
import { lintErrors } from './lint.ts';

/**
 * The server's layering rules that are not about imports between modules (those are in architecture.test.ts):
 * a route calls its service, a module builds its SQL with Kysely, and platform code keeps its SQL in platform/db
 * or a *.repository.ts. Each rule is shown refusing a violation and allowing the right way.
 */
describe('lint', () => {
  it('refuses a route importing a repository, and allows its service', async () => {
    expect(
      await lintErrors('server/src/modules/ratings/ratings.routes.ts', "export { rateAlbum } from './ratings.repository.ts';\n"),
    ).toContain('no-restricted-imports');
    expect(
      await lintErrors('server/src/modules/ratings/ratings.routes.ts', "export type { RatingsService } from './ratings.service.ts';\n"),
    ).toEqual([]);
  }, 60_000);

  it('refuses CompiledQuery.raw in a module', async () => {
    const code = "import { CompiledQuery } from 'kysely';\nexport const query = CompiledQuery.raw('SELECT 1');\n";
    expect(await lintErrors('server/src/modules/ratings/ratings.repository.ts', code)).toContain('no-restricted-syntax');
  }, 60_000);

  it('refuses SQL in platform code outside platform/db and repositories', async () => {
    const query =
      "import type { DB } from '../db/index.ts';\nexport const read = (db: DB) => db.selectFrom('job').selectAll().execute();\n";
    const raw = "import { sql } from 'kysely';\nexport const one = sql<number>`SELECT 1`;\n";
    expect(await lintErrors('server/src/platform/jobs/runner.ts', query)).toContain('no-restricted-syntax');
    expect(await lintErrors('server/src/platform/http/health.ts', raw)).toContain('no-restricted-syntax');
    expect(await lintErrors('server/src/platform/jobs/jobs.repository.ts', query)).toEqual([]);
    expect(await lintErrors('server/src/platform/db/search-index.ts', raw)).toEqual([]);
  }, 60_000);
});
