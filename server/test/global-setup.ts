import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/index.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { testDatabasePrefix } from './database-names.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** `sqlite:<file>` of the migrated template, or the PostgreSQL URL of the template database. */
    templateDatabase: string;
    testRoot: string;
  }
}

/**
 * Migrates one template database for the whole run; every test file then gets its own copy
 * (a file copy on SQLite, CREATE DATABASE ... TEMPLATE on PostgreSQL). Tests never share tables.
 */
export default async function setup(project: TestProject) {
  const testRoot = mkdtempSync(join(tmpdir(), 'hearsay-test-'));
  // Every temporary directory a test makes (os.tmpdir() in the test processes, which start after this) is made in
  // the run's own, so it goes when the run ends, however the test left it.
  const temporary = join(testRoot, 'tmp');
  mkdirSync(temporary);
  process.env.TMPDIR = temporary;
  const postgresUrl = process.env.TEST_DATABASE_URL;
  let template: string;
  let cleanup: () => Promise<void>;

  if (postgresUrl) {
    const name = `hearsay_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    template = url.toString();
    const database = openDatabase(template, { poolSize: 1 });
    await migrateToLatest(database.db);
    await database.destroy();
    cleanup = async () => {
      // Each test file's copy is named after the template (database.ts) and dropped by the test that made it; one
      // still here is a test that does not clean up, and fails the run after being dropped.
      const copies = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
        testDatabasePrefix(name),
      ]);
      for (const { datname } of copies.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      if (copies.rows.length)
        throw new Error(`Test databases left behind (now dropped): ${copies.rows.map((row) => row.datname).join(', ')}`);
    };
  } else {
    const file = join(testRoot, 'template.db');
    const database = openDatabase(`sqlite:${file}`);
    await migrateToLatest(database.db);
    await database.destroy();
    template = `sqlite:${file}`;
    cleanup = async () => {};
  }

  project.provide('templateDatabase', template);
  project.provide('testRoot', testRoot);
  return async () => {
    try {
      await cleanup();
    } finally {
      rmSync(testRoot, { recursive: true, force: true });
    }
  };
}
