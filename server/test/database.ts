import { copyFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/index.ts';

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
  const name = `hearsay_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
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
