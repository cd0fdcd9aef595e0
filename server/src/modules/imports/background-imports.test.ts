import type { ImportJob, ImportSummary } from '@hearsay/contracts/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { rymExport } from '../../../test/rym-export.ts';
import { createUser, deleteAccount, type TestUser } from '../../../test/users.ts';
import { uploadExport, waitForImport } from '../../../test/imports.ts';
import { emptySummary } from './album-matching.ts';

/** Every generated row adds an album; the limits on new albums are tested in import-limits.test.ts. */
const env = { IMPORT_NEW_ALBUMS_PER_IMPORT: '100000', IMPORT_NEW_ALBUMS_PER_DAY: '100000' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const upload = (t: TestApp, person: TestUser, csv: string) => uploadExport(t, person, csv);

async function started(t: TestApp, person: TestUser, csv: string): Promise<string> {
  const response = await upload(t, person, csv);
  expect(response.statusCode, response.body).toBe(202);
  return response.json().id;
}

async function importJob(t: TestApp, person: TestUser, id: string): Promise<ImportJob> {
  return (await t.inject({ method: 'GET', url: `/api/imports/${id}`, headers: { cookie: person.cookie } })).json();
}

const until = waitForImport;
const finished = (t: TestApp, person: TestUser, id: string) => waitForImport(t, person, id);

/**
 * What importing `rymExport({ rows, prefix })` adds up to (see test/rym-export.ts for which rows are rated, reviewed,
 * saved). A row neither rated, owned nor on the wishlist adds nothing: its album is not in the catalog, so it is skipped.
 */
function expectedSummary(rows: number, prefix: string): ImportSummary {
  const indexes = Array.from({ length: rows }, (_, index) => index);
  const rated = (index: number) => index % 7 !== 0;
  const wished = (index: number) => index % 5 === 0;
  const reviewed = (index: number) => index % 3 === 0;
  const nothing = indexes.filter((index) => !rated(index) && !wished(index));
  const kept = indexes.filter((index) => reviewed(index) && !rated(index) && wished(index));
  return {
    ...emptySummary(),
    ratingsImported: indexes.filter(rated).length,
    reviewsImported: indexes.filter((index) => reviewed(index) && rated(index)).length,
    reviewsKept: kept.length,
    // Each kept as a draft review of its album.
    drafts: kept.slice(0, 200).map((index) => ({
      albumId: expect.any(String) as string,
      artist: `${prefix} Artist ${Math.floor(index / 4)}`,
      title: `${prefix} Album ${index}`,
    })),
    listenLater: indexes.filter(wished).length,
    matched: 0,
    created: rows - nothing.length,
    unchanged: 0,
    skipped: nothing.length,
    skippedRows: nothing.slice(0, 200).map((index) => ({
      line: index + 2,
      artist: `${prefix} Artist ${Math.floor(index / 4)}`,
      title: `${prefix} Album ${index}`,
      reason: 'Neither rated, owned nor on your wishlist: nothing to import',
    })),
  };
}

async function ratingsOf(t: TestApp, person: TestUser) {
  const rows = await t.db
    .selectFrom('rating')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('album_id').distinct().as('albums')])
    .where('user_id', '=', person.user.id)
    .executeTakeFirstOrThrow();
  const profile = await t.db.selectFrom('profile').select('ratings_count').where('user_id', '=', person.user.id).executeTakeFirstOrThrow();
  return { ratings: Number(rows.n), albums: Number(rows.albums), counted: Number(profile.ratings_count) };
}

const jobRow = (t: TestApp, id: string) => t.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('imports run as background jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(() => t.close());

  it('keeps answering /healthz and album pages while a large import runs, and its progress moves', async () => {
    const albumId = await buildAlbum(t.db, { title: 'Answered Anyway', artist: 'Steady Band' });
    const person = await createUser(t);
    const rows = 1500;
    const id = await started(t, person, rymExport({ rows, prefix: 'Large' }));

    const answered: { url: string; ms: number; running: boolean; processed: number }[] = [];
    for (let running = true; running;) {
      for (const url of ['/healthz', `/api/albums/${albumId}`]) {
        const began = performance.now();
        const response = await t.inject(url);
        const ms = performance.now() - began;
        expect(response.statusCode).toBe(200);
        // Asked after the answer: if the import is still running now, it was running while the request was answered.
        const job = await importJob(t, person, id);
        running = job.status === 'running';
        answered.push({ url, ms, running, processed: job.processed });
      }
      await sleep(10);
    }

    const whileRunning = answered.filter((answer) => answer.running);
    expect(whileRunning.length).toBeGreaterThan(20);
    expect(whileRunning.filter((answer) => answer.url === '/healthz').length).toBeGreaterThan(10);
    for (const answer of whileRunning) expect(answer.ms, answer.url).toBeLessThan(1000);
    expect(new Set(whileRunning.map((answer) => answer.processed)).size).toBeGreaterThan(5);

    const job = await finished(t, person, id);
    expect(job).toMatchObject({ status: 'done', total: rows, processed: rows, summary: expectedSummary(rows, 'Large') });
  }, 240_000);

  it('answers 409 to a second upload while an import is queued or running', async () => {
    const person = await createUser(t);
    const csv = rymExport({ rows: 300, prefix: 'Twice' });
    const id = await started(t, person, csv);
    const second = await upload(t, person, csv);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('import_running');
    const first = expectedSummary(300, 'Twice');
    expect(await finished(t, person, id)).toMatchObject({ status: 'done', summary: first });

    const again = await finished(t, person, await started(t, person, csv));
    expect(again.summary).toMatchObject({
      unchanged: 300 - first.skipped,
      created: 0,
      matched: 0,
      ratingsImported: 0,
      skipped: first.skipped,
    });
  }, 60_000);

  it('shows the number of lines until the file is counted through, then the number of rows', async () => {
    const person = await createUser(t);
    const review = 'A first paragraph that is long enough to be published.\n\nAnd a second one.';
    const csv = `${rymExport({ rows: 2, prefix: 'Counted' })}"998","","Counted Artist","","","Counted Album 2","2001","8","o","","CD","${review}","Notes"\n`;
    const response = await upload(t, person, csv);
    expect(response.json()).toMatchObject({ status: 'running', processed: 0, total: 5 });
    const job = await finished(t, person, response.json().id);
    expect(job).toMatchObject({ status: 'done', total: 3, processed: 3 });
    expect(job.summary).toMatchObject({ created: 3, ratingsImported: 2, reviewsImported: 1, reviewsKept: 1 });
  });

  it('stops an import when its owner deletes their account, leaving nothing of theirs behind', async () => {
    const person = await createUser(t);
    const id = await started(t, person, rymExport({ rows: 1500, prefix: 'Leaving' }));
    await until(t, person, id, (job) => job.processed > 0);

    const deleted = await deleteAccount(t, person);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Whatever step was under way has finished by the time the deletion answered: nothing is written afterwards.
    const ratingsLeft = () => t.db.selectFrom('rating').select('album_id').where('user_id', '=', person.user.id).execute();
    expect(await ratingsLeft()).toEqual([]);
    await sleep(300);
    expect(await ratingsLeft()).toEqual([]);
    expect(await t.db.selectFrom('job').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('import_file').select('import_id').where('import_id', '=', id).execute()).toEqual([]);
  }, 60_000);

  it('fails an import whose file breaks further down before applying any row, saying where', async () => {
    const person = await createUser(t);
    const csv = `${rymExport({ rows: 40, prefix: 'Broken' })}"999","","Unfinished Artist","","","An Unclosed Title\n`;
    const job = await finished(t, person, await started(t, person, csv));
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^This file could not be read as CSV: Quote Not Closed: .* at line 42$/);
    expect(job.processed).toBe(0);
    expect((await ratingsOf(t, person)).ratings).toBe(0);
    expect(await t.db.selectFrom('import_file').select('import_id').where('import_id', '=', job.id).execute()).toEqual([]);
  });
});

describe('imports survive restarts and several server processes', () => {
  const rows = 400;

  /** Starts an import on a first app and stops that app part-way, as a restart would. */
  async function interrupted() {
    const first = await createTestApp({ env });
    const person = await createUser(first);
    const id = await started(first, person, rymExport({ rows, prefix: 'Interrupted' }));
    await until(first, person, id, (job) => job.processed >= 50);
    await first.app.close();
    return { first, person, id };
  }

  async function expectCompleteOnce(t: TestApp, person: TestUser, id: string) {
    const job = await finished(t, person, id);
    const expected = expectedSummary(rows, 'Interrupted');
    expect(job).toMatchObject({ status: 'done', total: rows, processed: rows, summary: expected });
    const { ratingsImported } = expected;
    expect(await ratingsOf(t, person)).toEqual({ ratings: ratingsImported, albums: ratingsImported, counted: ratingsImported });
    const created = await t.db
      .selectFrom('album')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('title', 'like', 'Interrupted Album %')
      .executeTakeFirstOrThrow();
    expect(Number(created.n)).toBe(expected.created);
    expect(await t.db.selectFrom('import_file').select('import_id').execute()).toEqual([]);
  }

  it('resumes an import where it stopped when the server restarts', async () => {
    const { first, person, id } = await interrupted();
    const handedBack = await jobRow(first, id);
    expect(handedBack).toMatchObject({ state: 'queued', locked_by: null });
    const stoppedAt = (await first.db.selectFrom('import_job').select('processed').where('id', '=', id).executeTakeFirstOrThrow())
      .processed;
    expect(Number(stoppedAt)).toBeGreaterThanOrEqual(50);
    expect(Number(stoppedAt)).toBeLessThan(rows);

    const second = await createTestApp({ env, sameDatabaseAs: first });
    await expectCompleteOnce(second, person, id);
    expect(await jobRow(second, id)).toMatchObject({ state: 'done', attempts: 1 });
    await second.close();
    await first.close();
  }, 120_000);

  it('takes over an import whose server died, once its lease has run out', async () => {
    const { first, person, id } = await interrupted();
    // As if the server had died instead of shutting down: the job still looks taken, under a lease now run out.
    await first.db
      .updateTable('job')
      .set({ state: 'running', attempts: 1, locked_by: 'a server that died', locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();

    const second = await createTestApp({ env, sameDatabaseAs: first });
    await expectCompleteOnce(second, person, id);
    expect(await jobRow(second, id)).toMatchObject({ state: 'done', attempts: 2 });
    await second.close();
    await first.close();
  }, 120_000);

  it('runs each import once when two servers share the database', async () => {
    const one = await createTestApp({ env });
    const two = await createTestApp({ env, sameDatabaseAs: one });
    const size = 100;
    const imports: { person: TestUser; id: string }[] = [];
    // All uploaded to one server: it runs two at a time, the other server takes the rest as it finds them.
    for (let index = 0; index < 6; index++) {
      const person = await createUser(one);
      imports.push({ person, id: await started(one, person, rymExport({ rows: size, prefix: `Shared ${index}` })) });
    }
    for (const [index, { person, id }] of imports.entries()) {
      const job = await finished(two, person, id);
      const expected = expectedSummary(size, `Shared ${index}`);
      expect(job).toMatchObject({ status: 'done', processed: size, summary: expected });
      const { ratingsImported } = expected;
      expect(await ratingsOf(one, person)).toEqual({ ratings: ratingsImported, albums: ratingsImported, counted: ratingsImported });
      expect(await jobRow(one, id)).toMatchObject({ state: 'done', attempts: 1 });
    }
    await two.close();
    await one.close();
  }, 120_000);
});
