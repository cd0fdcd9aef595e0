/**
 * Matching a member's imported history to albums and rolling it up into the journal (decision 073). A fresh database
 * with BENCH_LISTENS_ALBUMS generated albums gets BENCH_LISTENS listens of one member (as an import hands them to
 * `listens.record`: sittings of six to ten tracks of an album, most named by artist and title written as the
 * catalog writes them or in other case and punctuation, a tenth by release-group id, a twentieth of albums the
 * catalog lacks, a few without an album), spread over about five years. Then the matching job's steps run one after
 * another as the job thread runs them (its slice), saving each step's writes as the runner does, and the time of the
 * matching and of the roll-up is reported separately.
 *
 *   node bench/listen-matching.ts                                   (SQLite, in a temporary directory)
 *   BENCH_LISTENS=200000 node bench/listen-matching.ts
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node bench/listen-matching.ts   (a fresh database)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import type { IncomingListen } from '../src/modules/listens/listens.service.ts';
import type { ListenMatchingCursor } from '../src/modules/listens/listen-matching.ts';
import { buildCoreServices } from '../src/services.ts';
import { generateCatalog, random } from './generate-catalog.ts';

const LISTENS = Number(process.env.BENCH_LISTENS ?? 1_000_000);
const ALBUMS = Number(process.env.BENCH_LISTENS_ALBUMS ?? 20_000);
/** The job thread's slice: how much a step may take there. */
const SLICE_MS = 50;
const HISTORY_SECONDS = 5 * 365 * 86_400;

const dataDir = mkdtempSync(join(tmpdir(), 'hearsay-listen-bench-'));
let url = `sqlite:${join(dataDir, 'bench.db')}`;
let dropDatabase = async () => {};
if (process.env.BENCH_DATABASE_URL) {
  const name = `hearsay_listen_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const parsed = new URL(process.env.BENCH_DATABASE_URL);
  parsed.pathname = `/${name}`;
  url = parsed.toString();
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await again.connect();
    await again.query(`DROP DATABASE ${name}`);
    await again.end();
  };
}

const database = openDatabase(url);
const { db } = database;
await migrateToLatest(db);
await generateCatalog(db, ALBUMS, (done) => process.stdout.write(`\rGenerating catalog: ${done.toLocaleString()} albums`));
process.stdout.write('\n');

// A tenth of the albums carry a release-group id, as albums added from MusicBrainz do.
const albums = await db.selectFrom('album').select(['id', 'title', 'artist_credit']).orderBy('id').execute();
const mbidOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
for (let index = 0; index < albums.length; index += 10) {
  await db
    .updateTable('album')
    .set({ mbid: mbidOf(index) })
    .where('id', '=', albums[index]!.id)
    .execute();
}

const now = new Date().toISOString();
const userId = 'bench-listener';
await db
  .insertInto('user')
  .values({
    id: userId,
    name: 'Listener',
    email: 'listener@bench.invalid',
    username: 'listener',
    created_at: now,
    updated_at: now,
  } as never)
  .execute();
await db
  .insertInto('profile')
  .values({ user_id: userId, created_at: now, updated_at: now } as never)
  .execute();

const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  MUSICBRAINZ: 'off',
  COVER_ART: 'off',
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
});
const services = buildCoreServices({ db, clock: () => new Date(), config, jobs: { enqueue: async () => 'none' } });

// The history: sittings of one album, oldest first, three and a half minutes a track, an hour or more between them.
const next = random(7);
const start = Math.floor(Date.now() / 1000) - HISTORY_SECONDS;
const spacing = Math.max(600, Math.floor(HISTORY_SECONDS / (LISTENS / 8)) - 8 * 210);
let at = start;
let recorded = 0;
const recordStarted = performance.now();
let batch: IncomingListen[] = [];
while (recorded + batch.length < LISTENS) {
  const index = Math.floor(next() * albums.length);
  const album = albums[index]!;
  const roll = next();
  const tracks = 6 + Math.floor(next() * 5);
  const missing = roll < 0.05;
  const noRelease = roll >= 0.05 && roll < 0.07;
  const byMbid = index % 10 === 0 && roll > 0.5;
  const artist = roll > 0.8 ? album.artist_credit.toUpperCase() : album.artist_credit;
  const title = missing ? `Not In The Catalog ${index}` : roll > 0.9 ? `${album.title.toLowerCase()}!` : album.title;
  for (let track = 1; track <= tracks && recorded + batch.length < LISTENS; track++) {
    batch.push({
      listenedAt: at,
      trackName: `Track ${track}`,
      artistName: artist,
      releaseName: noRelease ? null : title,
      durationMs: 210_000,
      recordingMbid: null,
      releaseMbid: null,
      releaseGroupMbid: byMbid ? mbidOf(index) : null,
      artistMbids: null,
      additionalInfo: null,
    });
    at += 210;
  }
  at += spacing;
  if (batch.length >= 10_000) {
    recorded += (await services.listens.record(userId, batch, { origin: 'bench', client: null })).added;
    batch = [];
    process.stdout.write(`\rRecording listens: ${recorded.toLocaleString()}`);
  }
}
recorded += (await services.listens.record(userId, batch, { origin: 'bench', client: null })).added;
const recordSeconds = (performance.now() - recordStarted) / 1000;
process.stdout.write(`\rRecorded ${recorded.toLocaleString()} listens in ${recordSeconds.toFixed(1)} s\n`);

// The job's steps, each step's writes saved in one transaction as the runner saves them with the cursor.
const job = { id: 'bench', kind: 'listen-matching', owner: userId, attempts: 1 };
let cursor: ListenMatchingCursor = { matched: 0, unmatched: 0, entries: 0, pending: null, walk: null };
let steps = 0;
let longestStepMs = 0;
let matchMs = 0;
let rollMs = 0;
for (;;) {
  const walking = cursor.walk !== null;
  const began = performance.now();
  const step = await services.listenMatching.handler.step({ ...job, cursor }, SLICE_MS);
  if (step.save) await db.transaction().execute(async (trx) => step.save!(trx));
  const took = performance.now() - began;
  longestStepMs = Math.max(longestStepMs, took);
  if (walking || step.cursor.walk !== null) rollMs += took;
  else matchMs += took;
  steps++;
  cursor = step.cursor;
  if (steps % 20 === 0)
    process.stdout.write(
      `\rMatched ${cursor.matched.toLocaleString()}, unmatched ${cursor.unmatched.toLocaleString()}, entries ${cursor.entries.toLocaleString()}`,
    );
  if (step.done) break;
}
process.stdout.write('\n');

const rate = (count: number, ms: number) => Math.round(count / (ms / 1000)).toLocaleString();
const entries = await db
  .selectFrom('journal_entry')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('user_id', '=', userId)
  .executeTakeFirstOrThrow();
process.stdout.write(
  [
    `\nListen matching: ${recorded.toLocaleString()} listens, ${ALBUMS.toLocaleString()} albums, ${url.startsWith('sqlite') ? 'SQLite' : 'PostgreSQL'}, Node ${process.version}`,
    `  matching: ${(matchMs / 1000).toFixed(1)} s, ${rate(recorded, matchMs)} listens/s (${cursor.matched.toLocaleString()} matched, ${cursor.unmatched.toLocaleString()} unmatched)`,
    `  roll-up:  ${(rollMs / 1000).toFixed(1)} s, ${rate(cursor.matched, rollMs)} listens/s (${Number(entries.n).toLocaleString()} journal entries)`,
    `  together: ${rate(recorded, matchMs + rollMs)} listens/s; ${steps.toLocaleString()} steps, the longest ${longestStepMs.toFixed(0)} ms`,
    '',
  ].join('\n'),
);

await database.destroy();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
