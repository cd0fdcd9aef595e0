import type { ImportJob } from '@hearsay/contracts/imports';
import { zipSync } from 'fflate';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { waitForImport } from '../../../test/imports.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const text = (name: string) => fixture(name).toString('utf8');
/** The two listens of ListenBrainz's own export test data (fixtures/SOURCES.md). */
const exportLines = text('listenbrainz_listens.jsonl').trim().split('\n');
const GOLDEN_BROWN_MSID = '03dcc65c-0e01-4f25-aa1f-0f469d10e2ad';
const CALIFORNIA_MBID = '20ddea3a-1ad2-4036-9ca7-5f3383ad31c1';

/** A ListenBrainz export ZIP in the layout its export writer produces (fixtures/SOURCES.md). */
function listenBrainzZip(feedback: string[]): Uint8Array {
  const utf8 = (value: string) => new TextEncoder().encode(value);
  return zipSync({
    'user.json': utf8('{"user_id": 1, "username": "lucifer-export"}\n'),
    'listens/2025/6.jsonl': utf8(`${exportLines.join('\n')}\n`),
    'feedback.jsonl': utf8(feedback.map((line) => `${line}\n`).join('')),
    'pinned_recording.jsonl': utf8(''),
  });
}

type Upload = { name: string; bytes: Uint8Array | string };

function upload(t: TestApp, person: TestUser, files: Upload[]) {
  const form = new FormData();
  for (const file of files)
    form.append('file', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  return t.inject({ method: 'POST', url: '/api/imports/listens', payload: form, headers: { cookie: person.cookie } });
}

async function imported(t: TestApp, person: TestUser, files: Upload[]): Promise<ImportJob> {
  const response = await upload(t, person, files);
  expect(response.statusCode, response.body).toBe(202);
  return waitForImport(t, person, response.json<ImportJob>().id);
}

const listensOf = (t: TestApp, person: TestUser) =>
  t.db
    .selectFrom('listen')
    .selectAll()
    .where('user_id', '=', person.user.id)
    .orderBy('listened_at')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, listened_at: Number(row.listened_at) })));

describe('importing listening histories from files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('imports a ListenBrainz export, likes the albums of loved recordings, and adds nothing the second time', async () => {
    const person = await createUser(t);
    const laFolie = await buildAlbum(t.db, { artist: 'The Stranglers', title: 'La Folie', releaseDate: '1981' });
    const zip = listenBrainzZip([
      `{"recording_msid": "${GOLDEN_BROWN_MSID}", "recording_mbid": null, "score": 1, "created": 1749000000}`,
      `{"recording_msid": null, "recording_mbid": "${CALIFORNIA_MBID}", "score": -1, "created": 1749000001}`,
    ]);

    const first = await imported(t, person, [{ name: 'listenbrainz_lucifer_1749000000.zip', bytes: zip }]);
    expect(first).toMatchObject({ status: 'done', source: 'listenbrainz', processed: 3, total: 3 });
    expect(first.summary).toMatchObject({
      listensImported: 2,
      listensUnchanged: 0,
      lovedTracks: 1,
      albumLikes: 1,
      lovedNotFound: 0,
      skipped: 0,
    });
    const stored = await listensOf(t, person);
    expect(stored).toMatchObject([
      {
        listened_at: 1748964167,
        track_name: 'Golden Brown',
        artist_name: 'The Stranglers',
        release_name: 'La Folie',
        duration_ms: 206760,
        recording_mbid: 'c7d0bf6e-b2aa-4ffa-bded-2448415b39b0',
        release_mbid: 'c6911b3b-135f-4b7b-a2cc-b90ea1e11ac9',
        origin: 'import:listenbrainz',
      },
      { listened_at: 1748967954, track_name: "California Dreamin'", artist_name: 'The Mamas & The Papas' },
    ]);
    const likes = await t.db.selectFrom('album_like').select('album_id').where('user_id', '=', person.user.id).execute();
    expect(likes).toEqual([{ album_id: laFolie }]);

    const again = await imported(t, person, [{ name: 'listenbrainz_lucifer_1749000000.zip', bytes: zip }]);
    expect(again.summary).toMatchObject({ listensImported: 0, listensUnchanged: 2, lovedTracks: 1, albumLikes: 0, unchanged: 1 });
    expect(await listensOf(t, person)).toHaveLength(2);
  });

  it('reads the older export (one JSON array) and pages of the listens endpoint, sent together', async () => {
    const person = await createUser(t);
    const listens = exportLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const array = `[\n${exportLines.join(',\n')}\n]`;
    const page = (from: Record<string, unknown>[]) =>
      JSON.stringify({ payload: { count: from.length, listens: from, user_id: 'lucifer', latest_listen_ts: 1748967954 } });
    const job = await imported(t, person, [
      { name: 'lucifer_lb-2025-06-04.json', bytes: array },
      { name: 'page-1.json', bytes: page(listens.slice(1)) },
      { name: 'page-2.json', bytes: page(listens.slice(0, 1)) },
    ]);
    expect(job).toMatchObject({ status: 'done', processed: 4 });
    expect(job.summary).toMatchObject({ listensImported: 2, listensUnchanged: 2, skipped: 0 });
    expect((await listensOf(t, person)).map((listen) => listen.track_name)).toEqual(['Golden Brown', "California Dreamin'"]);
  });

  it('counts broken lines, listens without a name and impossible times, and imports the rest', async () => {
    const person = await createUser(t);
    const lines = [
      ...text('listenbrainz_mixed_validity.jsonl').trim().split('\n'),
      '{"listened_at": 1748967960, "track_metadata": {"artist_name": "Cut Short", "track_na',
      '{"listened_at": 86400, "track_metadata": {"artist_name": "The Stranglers", "track_name": "Too Early"}}',
      '{"listened_at": 4102444800, "track_metadata": {"artist_name": "The Stranglers", "track_name": "Too Late"}}',
      '["not", "a", "listen"]',
    ];
    const job = await imported(t, person, [{ name: 'listens.jsonl', bytes: lines.join('\n') }]);
    expect(job).toMatchObject({ status: 'done', processed: 9 });
    expect(job.summary).toMatchObject({ listensImported: 3, skipped: 6 });
    expect(job.summary.skippedRows).toEqual([
      { line: 2, artist: '', title: 'Some Track', reason: 'No track or artist name', file: 'listens.jsonl' },
      { line: 4, artist: 'Some Artist', title: '', reason: 'No track or artist name', file: 'listens.jsonl' },
      { line: 6, artist: '', title: '', reason: 'A broken line', file: 'listens.jsonl' },
      {
        line: 7,
        artist: 'The Stranglers',
        title: 'Too Early',
        reason: 'Listened before October 2002: not a real time',
        file: 'listens.jsonl',
      },
      { line: 8, artist: 'The Stranglers', title: 'Too Late', reason: 'Listened in the future: not a real time', file: 'listens.jsonl' },
      { line: 9, artist: '', title: '', reason: 'Not a listen', file: 'listens.jsonl' },
    ]);
    expect((await listensOf(t, person)).map((listen) => listen.track_name)).toEqual([
      "California Dreamin'",
      'Golden Brown',
      'Altered State',
    ]);
  });

  it('imports Last.fm CSVs in both layouts, told apart by their content', async () => {
    const person = await createUser(t);
    const plain = await imported(t, person, [{ name: 'lastfm-export.csv', bytes: fixture('lastfm-to-csv-plain.csv') }]);
    expect(plain).toMatchObject({ status: 'done', source: 'lastfm-csv' });
    expect(plain.summary).toMatchObject({ listensImported: 2, skipped: 0 });
    const header = await imported(t, person, [{ name: 'scrobbles.csv', bytes: fixture('lastfm-scrobbles-header.csv') }]);
    expect(header.summary).toMatchObject({ listensImported: 12, skipped: 0 });

    const stored = await listensOf(t, person);
    expect(stored.find((listen) => listen.track_name === 'New World Towers')).toMatchObject({
      artist_name: 'lur',
      release_name: 'The Magic Whip',
      listened_at: Date.UTC(2021, 2, 22, 16, 55) / 1000,
      origin: 'import:lastfm-csv',
    });
    expect(stored.find((listen) => listen.track_name === 'Primary')).toMatchObject({
      artist_name: 'The Cure',
      release_name: 'Faith',
      listened_at: 1720688852,
      recording_mbid: '58900088-3e21-41d5-a2f6-44f3c34e056b',
      release_mbid: '0b4ab1bb-c382-349e-af18-592e702c6bc6',
    });
    expect(stored.find((listen) => listen.track_name === "My Father's Daughter")?.artist_name).toBe(
      'Olivia Vedder, Eddie Vedder & Glen Hansard',
    );
    expect(stored.find((listen) => listen.track_name === 'Old Magic')?.release_name).toBeNull();

    const again = await imported(t, person, [{ name: 'scrobbles.csv', bytes: fixture('lastfm-scrobbles-header.csv') }]);
    expect(again.summary).toMatchObject({ listensImported: 0, listensUnchanged: 12 });
    expect(await listensOf(t, person)).toHaveLength(14);
  });

  it('refuses a file that is no listening history at once, and ends an import whose ZIP is damaged, storing nothing', async () => {
    const person = await createUser(t);
    const refused = await upload(t, person, [{ name: 'listens.csv', bytes: 'name,age\nchris,44\n' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'not_listening_history', params: { context: 'unknown', file: 'listens.csv' } });

    const zip = listenBrainzZip([]);
    const damaged = await imported(t, person, [{ name: 'export.zip', bytes: zip.subarray(0, zip.length - 40) }]);
    expect(damaged).toMatchObject({ status: 'failed', errorCode: 'not_listening_history', errorParams: { context: 'zip_damaged' } });
    expect(await listensOf(t, person)).toEqual([]);
    expect((await upload(t, person, [])).statusCode).toBe(400);
  });
});

describe('a listening-history import survives a restart', () => {
  it('resumes where it stopped and stores every listen once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearsay-listens-'));
    const count = 12_000;
    const template = JSON.parse(exportLines[0]!) as { listened_at: number; track_metadata: Record<string, unknown> };
    const lines = Array.from({ length: count }, (_, index) =>
      JSON.stringify({
        ...template,
        listened_at: 1_500_000_000 + index * 180,
        track_metadata: { ...template.track_metadata, track_name: `Track ${index % 500}` },
      }),
    );
    const first = await createTestApp({ env: { DATA_DIR: dataDir } });
    const person = await createUser(first);
    const started = await upload(first, person, [{ name: 'listens/2017/7.jsonl', bytes: lines.join('\n') }]);
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json<ImportJob>().id;
    const part = await waitForImport(first, person, id, (job) => job.processed > 0 || job.status !== 'running');
    await first.app.close();
    const stoppedAt = Number(
      (await first.db.selectFrom('import_job').select('processed').where('id', '=', id).executeTakeFirstOrThrow()).processed,
    );
    expect(part.status).toBe('running');
    expect(stoppedAt).toBeLessThan(count);

    const second = await createTestApp({ env: { DATA_DIR: dataDir }, sameDatabaseAs: first });
    const job = await waitForImport(second, person, id);
    expect(job).toMatchObject({ status: 'done', processed: count, total: count });
    expect(job.summary.listensImported + job.summary.listensUnchanged).toBe(count);
    const stored = await second.db
      .selectFrom('listen')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(count);
    await second.close();
    await first.close();
  }, 120_000);
});

describe("importing scrobbles through Last.fm's API", () => {
  let t: TestApp;
  let server: Server;
  const asked: URL[] = [];
  let answering = 0;
  let mostAtOnce = 0;
  /** The answers still to give before the pages: a server error, then Last.fm's rate-limit error. */
  let hiccups: { status: number; body: string }[] = [];

  beforeAll(async () => {
    const pages = [text('lastfm-recenttracks-page1.json'), text('lastfm-recenttracks-page2.json')];
    server = createServer((request, response) => {
      answering++;
      mostAtOnce = Math.max(mostAtOnce, answering);
      const url = new URL(request.url!, 'http://lastfm.test');
      asked.push(url);
      const reply = (status: number, body: string) => {
        answering--;
        response.writeHead(status, { 'content-type': 'application/json' }).end(body);
      };
      if (url.searchParams.get('user') === 'nobody-here') return reply(200, '{"error":6,"message":"User not found","links":[]}');
      const hiccup = hiccups.shift();
      if (hiccup) return reply(hiccup.status, hiccup.body);
      const page = Number(url.searchParams.get('page'));
      const data = JSON.parse(pages[page - 1]!) as { recenttracks: { '@attr': Record<string, string> } };
      Object.assign(data.recenttracks['@attr'], { page: String(page), totalPages: '2' });
      reply(200, JSON.stringify(data));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      env: { LASTFM_API_KEY: 'a-test-key', LASTFM_API_URL: `http://127.0.0.1:${port}/2.0/`, LASTFM_PAUSE_MS: '0' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks for the pages one at a time, waits and asks again when Last.fm fails, and leaves out the track playing now', async () => {
    const person = await createUser(t);
    expect(
      (await t.inject({ method: 'GET', url: '/api/imports/listens/options', headers: { cookie: person.cookie } })).json(),
    ).toMatchObject({
      lastfm: true,
    });
    hiccups = [
      { status: 503, body: '<html>Service Unavailable</html>' },
      { status: 200, body: '{"error":29,"message":"Rate Limit Exceeded - Your IP has made too many requests in a short period"}' },
    ];
    asked.length = 0;
    const response = await t.inject({
      method: 'POST',
      url: '/api/imports/lastfm',
      payload: { username: 'drwahl' },
      headers: { cookie: person.cookie },
    });
    expect(response.statusCode, response.body).toBe(202);
    const job = await waitForImport(t, person, response.json<ImportJob>().id);
    expect(job).toMatchObject({ status: 'done', source: 'lastfm', fileName: 'drwahl', processed: 2, total: 2 });
    expect(job.summary).toMatchObject({ listensImported: 2, skipped: 0 });

    expect(asked.map((url) => url.searchParams.get('page'))).toEqual(['1', '1', '1', '2']);
    expect(mostAtOnce).toBe(1);
    const [request] = asked;
    expect(Object.fromEntries(request!.searchParams)).toMatchObject({
      method: 'user.getrecenttracks',
      user: 'drwahl',
      api_key: 'a-test-key',
      format: 'json',
      limit: '200',
    });
    expect(new Set(asked.map((url) => url.searchParams.get('to'))).size).toBe(1);

    const stored = await listensOf(t, person);
    expect(stored).toMatchObject([
      {
        listened_at: 1458168739,
        track_name: 'Beautiful Things',
        artist_name: 'Gungor',
        release_name: 'Beautiful Things',
        origin: 'import:lastfm',
      },
      {
        listened_at: 1458169072,
        track_name: 'The Last Sled',
        artist_name: 'Tuomas Holopainen',
        recording_mbid: '61739f28-42ab-4f5c-88ca-69715fb9f96b',
      },
    ]);
  });

  it('says when Last.fm has no such user', async () => {
    const person = await createUser(t);
    const response = await t.inject({
      method: 'POST',
      url: '/api/imports/lastfm',
      payload: { username: 'nobody-here' },
      headers: { cookie: person.cookie },
    });
    const job = await waitForImport(t, person, response.json<ImportJob>().id);
    expect(job).toMatchObject({ status: 'failed', errorCode: 'lastfm_user_not_found', errorParams: { username: 'nobody-here' } });
  });

  it('is not offered where no API key is set', async () => {
    const plain = await createTestApp();
    const person = await createUser(plain);
    expect(
      (await plain.inject({ method: 'GET', url: '/api/imports/listens/options', headers: { cookie: person.cookie } })).json(),
    ).toMatchObject({
      lastfm: false,
    });
    const refused = await plain.inject({
      method: 'POST',
      url: '/api/imports/lastfm',
      payload: { username: 'drwahl' },
      headers: { cookie: person.cookie },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('lastfm_unavailable');
    await plain.close();
  });
});
