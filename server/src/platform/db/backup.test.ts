import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { freshDatabase, usingPostgres } from '../../../test/database.ts';
import { exportData } from '../../../test/exports.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { importExport } from '../../../test/imports.ts';
import { requestsTo } from '../../../test/requests.ts';
import { rymExport } from '../../../test/rym-export.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { backup, BackupError, restore, runPostgresTool, sqliteInUse } from './backup.ts';
import { copyDatabase, CopyRefused, countRows, describeTables, formatChecks, verifyCopy, type AnyDb } from './copy.ts';
import { openDatabase, type DatabaseHandle } from './index.ts';

/** One site with data of every kind, built through the API, then backed up, restored and moved between engines. */
let site: TestApp;
let alice: TestUser;
let bob: TestUser;
const albums: string[] = [];
let collectionId: string;
const { act } = requestsTo(() => site);

const scratch = () => mkdtempSync(join(inject('testRoot'), 'backup-'));

beforeAll(async () => {
  site = await createTestApp();
  alice = await createUser(site, { name: 'Alice Backup' });
  bob = await createUser(site, { name: 'Bob Backup' });
  for (const [title, artist] of [
    ['Loveless', 'My Bloody Valentine'],
    ['Spiderland', 'Slint'],
    ['Süßer Käse', 'Die Ärzte'],
  ] as const) {
    albums.push(await buildAlbum(site.db, { title, artist, releaseDate: '1991' }));
  }
  const [first, second, third] = albums as [string, string, string];
  await act('PUT', `/api/albums/${first}/rating`, alice, { rating: 9.5 });
  await act('PUT', `/api/albums/${second}/rating`, bob, { rating: 7 });
  const review = await act('POST', `/api/albums/${second}/reviews`, alice, {
    rating: 8.5,
    title: 'Slow and loud',
    content: '<p>It takes a few listens, and then it will not leave you alone for weeks on end, “quietly”.</p>',
  });
  await act('POST', `/api/reviews/${review.id}/comments`, bob, { body: 'Agreed — side two especially.' });
  await act('PUT', `/api/reviews/${review.id}/like`, bob);
  await act('PUT', `/api/albums/${third}/like`, alice);
  await act('PUT', `/api/albums/${third}/listen-later`, bob);
  const collection = await act('POST', '/api/collections', alice, { name: 'Night drives', ranked: true, albumIds: [first, second] });
  collectionId = collection.id;
  await act('PUT', `/api/collections/${collectionId}/albums/${first}/note`, alice, { note: 'Side two, loud.' });
  await act('PUT', `/api/collections/${collectionId}/like`, bob);
  await act('POST', '/api/me/journal', alice, { albumId: third, listenedOn: '2026-09-01', rating: 8, note: 'First time.' });
  await act('PUT', `/api/users/${bob.user.username}/follow`, alice);
  await act('PUT', `/api/users/${alice.user.username}/follow`, bob);
  const conversation = await act('POST', '/api/conversations', alice, { username: bob.user.username });
  await act('POST', `/api/conversations/${conversation.id}/messages`, alice, { body: 'Heard Spiderland yet?' });
  const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'picture');
  const avatar = await site.inject({ method: 'POST', url: '/api/me/avatar', payload: form, headers: { cookie: alice.cookie } });
  expect(avatar.statusCode, avatar.body).toBe(200);
  await act('POST', '/api/me/tokens', alice, { name: 'Script', scopes: ['read'], password: alice.password });
  expect((await importExport(site, bob, rymExport({ rows: 6, prefix: 'Backup' }))).status).toBe('done');
  expect((await exportData(site, alice)).status).toBe('done');
  await site.app.domainEvents.idle();
}, 60_000);
afterAll(() => site.close());

async function counts(db: DatabaseHandle['db']): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of (await describeTables(db as AnyDb)).keys()) result[table] = await countRows(db as AnyDb, table);
  return result;
}

/** What members read of the site: a profile, an album page, a collection, a review list. */
async function reads(t: TestApp) {
  const get = async (url: string, person: TestUser = bob) => {
    const response = await t.inject({ method: 'GET', url, headers: { cookie: person.cookie } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  return {
    profile: await get(`/api/users/${alice.user.username}`),
    album: await get(`/api/albums/${albums[1]}`),
    reviews: await get(`/api/albums/${albums[1]}/reviews`),
    collection: await get(`/api/collections/${collectionId}`),
    journal: await get('/api/me/journal', alice),
  };
}

/** A test app over a database made here (the copy), as another server process would run it. */
function appOver(handle: DatabaseHandle, url: string) {
  return createTestApp({ sameDatabaseAs: { config: { databaseUrl: url }, database: handle } as unknown as TestApp });
}

const hasPgDump = (() => {
  try {
    execFileSync('which', ['pg_dump'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('db:backup and db:restore', () => {
  it('backs up while the site keeps writing, and the backup restores to the same data', async () => {
    const before = await counts(site.db);
    expect(before.user).toBe(2);
    expect(before.review_comment).toBe(1);
    expect(before.direct_message).toBe(1);
    expect(before.access_token).toBe(1);
    expect(before.import_job).toBe(1);
    expect(before.data_export).toBe(1);
    expect(before.search_document).toBeGreaterThan(0);

    const folder = scratch();
    const file = join(folder, usingPostgres ? 'site.dump' : 'site.db');
    // Members go on rating while the backup runs.
    let writing = true;
    const writes = (async () => {
      let n = 0;
      while (writing && n < 200) {
        await act('PUT', `/api/albums/${albums[n % 3]}/rating`, bob, { rating: 1 + (n % 10) });
        n++;
      }
      return n;
    })();
    if (usingPostgres && !hasPgDump) {
      writing = false;
      await writes;
      await expect(backup({ databaseUrl: site.config.databaseUrl, dataDir: site.config.dataDir, to: file })).rejects.toThrow(
        /pg_dump was not found\. Install the PostgreSQL client/,
      );
      return;
    }
    const result = await backup({ databaseUrl: site.config.databaseUrl, dataDir: site.config.dataDir, to: file });
    writing = false;
    expect(await writes).toBeGreaterThan(0);
    expect(result.lines.join('\n')).toContain('covers/ and image-proxy/ are not backed up');
    expect(readdirSync(join(`${file}.uploads`, 'avatars'))).toHaveLength(1);

    // Restore into another site's place: its own database and data folder.
    const dataDir = scratch();
    const target = usingPostgres ? await freshDatabase() : null;
    const targetUrl = target?.url ?? `sqlite:${join(dataDir, 'hearsay.db')}`;
    if (!usingPostgres) {
      const copy = new SqliteDatabase(file, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select count(*) as n from review_comment').get()).toEqual({ n: 1 });
      copy.close();
    }
    const lines = await restore({ databaseUrl: targetUrl, dataDir, from: file });
    expect(lines.join('\n')).toContain('uploads:');
    expect(readdirSync(join(dataDir, 'uploads', 'avatars'))).toHaveLength(1);

    const restored = openDatabase(targetUrl);
    try {
      const after = await counts(restored.db);
      for (const [table, n] of Object.entries(before)) {
        if (table === 'rating' || table === 'activity' || table.startsWith('job')) continue;
        expect(after[table], table).toBe(n);
      }
      if (!usingPostgres) {
        // The restored file is exactly the backup.
        const source = openDatabase(`sqlite:${file}`);
        const checks = await verifyCopy(source.db as AnyDb, restored.db as AnyDb);
        await source.destroy();
        expect(
          checks.filter((check) => !check.ok),
          formatChecks(checks),
        ).toEqual([]);
      }
      const restoredApp = await appOver(restored, targetUrl);
      try {
        // Ratings went on changing after the backup; the collection itself did not.
        const entries = (read: Awaited<ReturnType<typeof reads>>) =>
          (read.collection.entries as { album: { id: string }; note: string }[]).map((entry) => [entry.album.id, entry.note]);
        const [copied, live] = [await reads(restoredApp), await reads(site)];
        expect(entries(copied)).toEqual(entries(live));
        expect(copied.profile).toMatchObject({ username: alice.user.username, avatarUrl: live.profile.avatarUrl });
      } finally {
        await restoredApp.close();
      }
    } finally {
      await restored.destroy();
      if (target) await target.destroy();
    }
  }, 60_000);

  it('refuses to restore over a database the server is using', async () => {
    const folder = scratch();
    const file = join(folder, usingPostgres ? 'busy.dump' : 'busy.db');
    if (usingPostgres && !hasPgDump) return expect(hasPgDump).toBe(false);
    await backup({ databaseUrl: site.config.databaseUrl, dataDir: site.config.dataDir, to: file });
    if (!usingPostgres) expect(sqliteInUse(site.config.databaseUrl.slice('sqlite:'.length))).toBe(true);
    await expect(restore({ databaseUrl: site.config.databaseUrl, dataDir: site.config.dataDir, from: file })).rejects.toThrow(
      /in use|other connections.*stop it first, or pass --force/,
    );
    // Nothing was touched: the site still answers.
    expect((await reads(site)).profile.username).toBe(alice.user.username);
  });

  it('says what to install when pg_dump is missing', async () => {
    const attempt = runPostgresTool('/nowhere/pg_dump', ['--format=custom'], 'postgres://someone:secret@127.0.0.1:5432/hearsay');
    await expect(attempt).rejects.toBeInstanceOf(BackupError);
    await expect(attempt).rejects.toThrow(/pg_dump was not found\. Install the PostgreSQL client tools.*apt-get install postgresql-client/);
  });
});

describe('db:copy', () => {
  it('moves the site to the other engine and back, verified table by table, answering the same reads', async () => {
    const original = await reads(site);
    const folder = scratch();
    const sqliteUrl = `sqlite:${join(folder, 'moved.db')}`;
    // On PostgreSQL: PostgreSQL → SQLite → PostgreSQL. On SQLite: SQLite → SQLite (the other engine is tested there).
    const middle = openDatabase(sqliteUrl);
    const back = usingPostgres
      ? await freshDatabase()
      : { ...openDatabase(`sqlite:${join(folder, 'back.db')}`), url: `sqlite:${join(folder, 'back.db')}` };
    try {
      const progress: string[] = [];
      const first = await copyDatabase(site.database, middle, {
        onProgress: ({ table, copied, total }) => copied === total && progress.push(table),
      });
      expect(
        first.filter((check) => !check.ok),
        formatChecks(first),
      ).toEqual([]);
      expect(first.find((check) => check.table === 'review_comment')).toMatchObject({ sourceRows: 1, targetRows: 1 });
      // Referenced tables come first.
      expect(progress.indexOf('user')).toBeLessThan(progress.indexOf('review'));
      expect(progress).not.toContain('kysely_migration');

      const second = await copyDatabase(middle, back);
      expect(
        second.filter((check) => !check.ok),
        formatChecks(second),
      ).toEqual([]);
      expect(formatChecks(second)).toMatch(/all \d+ tables match/);

      for (const [handle, url] of [
        [middle, sqliteUrl],
        [back, back.url],
      ] as const) {
        const moved = await appOver(handle, url);
        try {
          expect(await reads(moved)).toEqual(original);
          // Signing in still works: passwords, sessions and booleans of the auth tables came across.
          const signIn = await moved.inject({
            method: 'POST',
            url: '/api/auth/sign-in',
            payload: { email: alice.user.email, password: alice.password },
          });
          expect(signIn.statusCode, signIn.body).toBeLessThan(300);
          const session = await moved.inject({ method: 'GET', url: '/api/me', headers: { cookie: alice.cookie } });
          expect(session.json().user.username).toBe(alice.user.username);
        } finally {
          await moved.close();
        }
      }

      // A target that holds data is refused, unless told to replace it.
      await expect(copyDatabase(site.database, middle)).rejects.toBeInstanceOf(CopyRefused);
      const replaced = await copyDatabase(site.database, middle, { replace: true });
      expect(replaced.every((check) => check.ok)).toBe(true);
      // A changed row shows up in the verification.
      await sql`update review_comment set body = 'Changed.'`.execute(middle.db);
      const changed = await verifyCopy(site.db as AnyDb, middle.db as AnyDb);
      expect(changed.filter((check) => !check.ok).map((check) => check.table)).toEqual(['review_comment']);
      expect(existsSync(join(folder, 'moved.db'))).toBe(true);
    } finally {
      await middle.destroy();
      await back.destroy();
    }
  }, 60_000);
});
