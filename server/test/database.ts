import { copyFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { openDatabase, type DatabaseHandle, type DB } from '../src/platform/db/index.ts';
import { testDatabasePrefix } from './database-names.ts';

export const usingPostgres = inject('templateDatabase').startsWith('postgres');

/** A fresh database cloned from the migrated template; dropped again by `destroy()`. */
export async function freshDatabase(): Promise<DatabaseHandle & { url: string }> {
  const template = inject('templateDatabase');
  if (!template.startsWith('postgres')) {
    const directory = mkdtempSync(join(inject('testRoot'), 'db-'));
    const file = join(directory, 'test.db');
    copyFileSync(template.slice('sqlite:'.length), file);
    const url = `sqlite:${file}`;
    return { ...openDatabase(url), url };
  }
  const templateUrl = new URL(template);
  const templateName = templateUrl.pathname.slice(1);
  const name = `${testDatabasePrefix(templateName)}${Math.random().toString(36).slice(2, 10)}`;
  const adminUrl = new URL(template);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  // CREATE DATABASE ... TEMPLATE needs the template to have no other connections; retry briefly if it does.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
      break;
    } catch (error) {
      if (attempt > 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const url = new URL(template);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 5 });
  return {
    ...handle,
    url: url.toString(),
    async destroy() {
      await handle.destroy();
      const cleanup = new pg.Client({ connectionString: adminUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** How SQLite will run a query: the `detail` lines of its EXPLAIN QUERY PLAN. */
export async function sqlitePlan(db: DB, query: Compilable<unknown>): Promise<string[]> {
  const { sql: text, parameters } = query.compile();
  const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]));
  return plan.rows.map((row) => row.detail);
}

/** PostgreSQL's definition of the index `name` (`CREATE INDEX … ON … (columns)`), or undefined. */
export async function postgresIndexDefinition(db: DB, name: string): Promise<string | undefined> {
  const { rows } = await sql<{ definition: string }>`SELECT indexdef AS definition FROM pg_indexes WHERE indexname = ${name}`.execute(db);
  return rows[0]?.definition;
}
