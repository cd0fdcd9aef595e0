/**
 * Upgrades with several servers: three processes started at once on one new database all come up, every migration
 * is applied once, and the starter catalog is loaded once.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.ts';
import { openDatabase } from '../../src/platform/db/index.ts';
import { migrateDown, migrateToLatest } from '../../src/platform/db/migrate.ts';
import { call, emptyDatabase, startServer, stopAll, temporaryDirectory, usingPostgres } from '../processes.ts';

const directory = temporaryDirectory('migrate');

afterAll(async () => {
  await stopAll();
  directory.remove();
});

describe(`three servers starting at once on a new ${usingPostgres ? 'PostgreSQL' : 'SQLite'} database`, () => {
  it('migrate once and load the catalog once', { timeout: 90_000 }, async () => {
    const database = await emptyDatabase(directory.path);
    const handle = openDatabase(database.url, { poolSize: 2 });
    try {
      const servers = await Promise.all([0, 1, 2].map(() => startServer({ databaseUrl: database.url, dataDir: directory.path })));
      for (const server of servers) {
        expect((await call(server, 'GET', '/readyz')).status).toBe(200);
        expect(server.child.exitCode).toBeNull();
      }
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      const output = servers.map((server) => server.output()).join('\n');
      for (const name of Object.keys(migrations)) expect(output.split(`applied ${name}\n`).length - 1, name).toBe(1);
      expect(output.match(/catalog: loaded/g)).toHaveLength(1);

      const duplicates = await sql<{ slug: string }>`select slug from album group by slug having count(*) > 1`.execute(handle.db);
      expect(duplicates.rows).toEqual([]);
      const albums = await sql<{ count: number }>`select count(*) as count from album`.execute(handle.db);
      expect(Number(albums.rows[0]!.count)).toBeGreaterThan(1000);
      await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    } finally {
      await stopAll();
      await handle.destroy();
      await database.drop();
    }
  });

  it('stop a server whose migration fails, saying which and why', { timeout: 60_000 }, async () => {
    const database = await emptyDatabase(directory.path);
    const handle = openDatabase(database.url, { poolSize: 2 });
    try {
      await migrateToLatest(handle.db);
      // A migration that creates an index, marked as not applied (with those after it) over its own result: running it
      // again fails, since what it creates exists.
      const failing = '2026-11-29-20-popular-albums-index';
      expect(Object.keys(migrations)).toContain(failing);
      await sql`delete from kysely_migration where name >= ${failing}`.execute(handle.db);
      await expect(startServer({ databaseUrl: database.url, dataDir: directory.path })).rejects.toThrow(
        new RegExp(`Could not prepare the database \\(.*\\): Migration ${failing} failed: `),
      );
    } finally {
      await stopAll();
      await handle.destroy();
      await database.drop();
    }
  });

  it('refuses to revert a migration in production', async () => {
    const database = await emptyDatabase(directory.path);
    const handle = openDatabase(database.url, { poolSize: 2 });
    try {
      await expect(migrateDown(handle.db, 'production')).rejects.toThrow(/not reverted in production/);
    } finally {
      await handle.destroy();
      await database.drop();
    }
  });
});
