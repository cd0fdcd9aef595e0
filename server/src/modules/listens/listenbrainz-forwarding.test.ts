/**
 * Forwarding listens to a member's own ListenBrainz account. A small HTTP server stands in for ListenBrainz, answering
 * with ListenBrainz's own answers (test/fixtures/listenbrainz-forwarding, SOURCES.md) and keeping every submission it
 * gets; the routes, the listens service, the job runner and the database are the real ones. The clock is the test's,
 * so that a retry's time comes without waiting for it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { createListenBrainzClient } from './listenbrainz-client.ts';
import { createListensService, type IncomingListen } from './listens.service.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/listenbrainz-forwarding/${name}`, import.meta.url), 'utf8');
const VALID = fixture('validate-token-valid.json');
const INVALID = fixture('validate-token-invalid.json');
const OK = fixture('submit-listens-ok.json');
const UNAUTHORIZED = fixture('unauthorized.json');
const UNAVAILABLE = fixture('service-unavailable.json');
const TOO_MANY = JSON.parse(fixture('too-many-requests.json')) as { status: number; headers: Record<string, string>; body: unknown };

const GOOD_TOKEN = 'c4a1b2d3-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

interface Submission {
  token: string;
  body: { listen_type: string; payload: { listened_at: number; track_metadata: Record<string, unknown> }[] };
}

/** ListenBrainz as the test plays it: the tokens it knows, what it answers next, every submission it got. */
const standIn = {
  tokens: new Set([GOOD_TOKEN]),
  /** Answers for the next submissions, in order; then "ok". */
  next: [] as ('429' | '503' | '401')[],
  submissions: [] as Submission[],
  validations: 0,
};
let server: Server;
let apiRoot: string;

let t: TestApp;
let restarted: TestApp | null = null;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = /^Token (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const json = (status: number, body: string, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        response.end(body);
      };
      if (request.method === 'GET' && request.url === '/1/validate-token') {
        standIn.validations++;
        return json(200, standIn.tokens.has(token) ? VALID : INVALID);
      }
      if (request.method === 'POST' && request.url === '/1/submit-listens') {
        if (!standIn.tokens.has(token)) return json(401, UNAUTHORIZED);
        const answer = standIn.next.shift();
        if (answer === '429') return json(TOO_MANY.status, JSON.stringify(TOO_MANY.body), TOO_MANY.headers);
        if (answer === '503') return json(503, UNAVAILABLE);
        if (answer === '401') return json(401, UNAUTHORIZED);
        standIn.submissions.push({ token, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        return json(200, OK);
      }
      json(404, JSON.stringify({ code: 404, error: 'Not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ clock, env: { JOB_THREAD: 'false', LISTENBRAINZ_FORWARDING: 'on', LISTENBRAINZ_ALLOW_PRIVATE: 'true' } });
});

afterAll(async () => {
  if (restarted) {
    await restarted.close();
    await t.database.destroy();
  } else {
    await t.close();
  }
  await new Promise((resolve) => server.close(resolve));
});

/** The app answering now (the second process after the restart test). */
const app = () => restarted ?? t;

/** The real listens service on the app's database, telling the app's events, as the /1/ API and imports call it. */
const listens = () => createListensService({ db: app().db, clock, events: app().app.domainEvents });

let moment = 1_765_000_000;
function played(track: string, extra: Partial<IncomingListen> = {}): IncomingListen {
  moment += 240;
  return {
    listenedAt: moment,
    trackName: track,
    artistName: 'Nala Sinephro',
    releaseName: 'Endlessness',
    durationMs: 312_000,
    recordingMbid: null,
    releaseMbid: null,
    releaseGroupMbid: null,
    artistMbids: null,
    additionalInfo: null,
    ...extra,
  };
}

const fromPlayer = { origin: 'api', client: 'Navidrome 0.53.3' };

const forwarding = (who: TestUser) => app().inject({ method: 'GET', url: '/api/me/listening/forwarding', headers: { cookie: who.cookie } });
const connect = (who: TestUser, payload: Record<string, unknown>) =>
  app().inject({ method: 'PUT', url: '/api/me/listening/forwarding', headers: { cookie: who.cookie }, payload });

async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Everything started has finished: the events' listeners, then the jobs they queued. */
async function settled(): Promise<void> {
  await app().app.domainEvents.idle();
  await eventually(
    async () =>
      app()
        .db.selectFrom('job')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('state', '=', 'running'),
            eb.and([eb('state', '=', 'queued'), eb.or([eb('run_after', 'is', null), eb('run_after', '<=', clock().toISOString())])]),
          ]),
        )
        .execute(),
    (rows) => rows.length === 0,
  );
}

const linkRow = (who: TestUser) =>
  app().db.selectFrom('listenbrainz_link').selectAll().where('user_id', '=', who.user.id).executeTakeFirst();

const submittedTracks = () =>
  standIn.submissions.flatMap((submission) => submission.body.payload.map((listen) => listen.track_metadata.track_name));

describe('connecting a ListenBrainz account', () => {
  it('checks the token with the server, refuses a bad one and keeps nothing of it', async () => {
    const member = await createUser(t);
    const before = standIn.validations;
    const refused = await connect(member, { token: 'not-a-token-it-knows', apiRoot });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('listenbrainz_token_invalid');
    expect(standIn.validations).toBe(before + 1);
    expect(await linkRow(member)).toBeUndefined();
    expect((await forwarding(member)).json()).toEqual({ connection: null });

    const malformed = await connect(member, { token: 'has spaces in it', apiRoot: 'ftp://example.com' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.issues.map((issue: { path: string; code: string }) => [issue.path, issue.code])).toEqual([
      ['body.token', 'listenbrainz_token_format'],
      ['body.apiRoot', 'listenbrainz_api_root_format'],
    ]);
    expect(standIn.validations).toBe(before + 1);
  });

  it('keeps a good token sealed, says whom it forwards to and never gives the token back', async () => {
    const member = await createUser(t);
    const connected = await connect(member, { token: GOOD_TOKEN, apiRoot: `${apiRoot}/` });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toEqual({
      connection: { apiRoot, userName: 'hearsay-tester', forwarding: true, forwardedCount: 0, lastForwardedAt: null, lastError: null },
    });
    const status = await forwarding(member);
    expect(status.body).not.toContain(GOOD_TOKEN);
    expect(status.json().connection.userName).toBe('hearsay-tester');

    const row = await linkRow(member);
    expect(row?.token_encrypted).toMatch(/^v1\./);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(GOOD_TOKEN);
    for (const part of GOOD_TOKEN.split('-')) expect(stored).not.toContain(part);
  });

  it('refuses a server that is not a public https address unless the site allows private ones', async () => {
    const strict = createListenBrainzClient({ allowPrivate: false, userAgent: 'test' });
    expect(await strict.validateToken(apiRoot, GOOD_TOKEN)).toEqual({ kind: 'address_refused' });
    expect(await strict.validateToken('https://127.0.0.1:1', GOOD_TOKEN)).toEqual({ kind: 'address_refused' });
    expect(await strict.submit('http://10.0.0.8', GOOD_TOKEN, [])).toEqual({ kind: 'address_refused' });
  });

  it('is only for the member: visitors are asked to sign in', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.inject({
        method,
        url: '/api/me/listening/forwarding',
        payload: method === 'PUT' ? { token: GOOD_TOKEN } : undefined,
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('forwarding listens', () => {
  let member: TestUser;

  beforeAll(async () => {
    member = await createUser(t);
    // Listened to before connecting: not sent.
    await listens().record(member.user.id, [played('Before connecting')], fromPlayer);
    await settled();
    expect((await connect(member, { token: GOOD_TOKEN, apiRoot })).statusCode).toBe(200);
  });

  it('sends a listen from a player with its moment, names and details, as a single listen', async () => {
    standIn.submissions.length = 0;
    const listen = played('Endlessness I', {
      recordingMbid: '5b0b2a8d-8a37-4c6f-9f3c-2b1e6c0d9a11',
      releaseMbid: 'f1d6e1d0-5c32-4b8c-9a55-2f2d8a1e6b77',
      artistMbids: ['8c3a3e8e-3b3b-4a36-9d6c-6d4a2e3f1b22'],
      additionalInfo: { music_service: 'navidrome', submission_client: 'Navidrome', submission_client_version: '0.53.3', tracknumber: 1 },
    });
    await listens().record(member.user.id, [listen], fromPlayer);
    await settled();
    expect(standIn.submissions).toEqual([
      {
        token: GOOD_TOKEN,
        body: {
          listen_type: 'single',
          payload: [
            {
              listened_at: listen.listenedAt,
              track_metadata: {
                artist_name: 'Nala Sinephro',
                track_name: 'Endlessness I',
                release_name: 'Endlessness',
                additional_info: {
                  music_service: 'navidrome',
                  submission_client: 'Navidrome',
                  submission_client_version: '0.53.3',
                  tracknumber: 1,
                  duration_ms: 312_000,
                  recording_mbid: '5b0b2a8d-8a37-4c6f-9f3c-2b1e6c0d9a11',
                  release_mbid: 'f1d6e1d0-5c32-4b8c-9a55-2f2d8a1e6b77',
                  artist_mbids: ['8c3a3e8e-3b3b-4a36-9d6c-6d4a2e3f1b22'],
                },
              },
            },
          ],
        },
      },
    ]);
    const status = (await forwarding(member)).json().connection;
    expect(status.forwardedCount).toBe(1);
    expect(status.lastForwardedAt).not.toBeNull();
  });

  it('sends several listens received together as one import, and never imported history', async () => {
    standIn.submissions.length = 0;
    await listens().record(member.user.id, [played('Imported one'), played('Imported two')], {
      origin: 'listenbrainz-export',
      client: null,
    });
    await settled();
    expect(standIn.submissions).toEqual([]);

    await listens().record(member.user.id, [played('Endlessness II'), played('Endlessness III'), played('Endlessness IV')], fromPlayer);
    await settled();
    expect(standIn.submissions.map((submission) => submission.body.listen_type)).toEqual(['import']);
    expect(submittedTracks()).toEqual(['Endlessness II', 'Endlessness III', 'Endlessness IV']);
    expect(submittedTracks()).not.toContain('Before connecting');
  });

  it('waits as long as a busy server asks (429), then sends the listen once', async () => {
    standIn.submissions.length = 0;
    standIn.next.push('429');
    await listens().record(member.user.id, [played('Endlessness V')], fromPlayer);
    await app().app.domainEvents.idle();
    const waiting = await eventually(
      () =>
        app()
          .db.selectFrom('job')
          .select(['run_after', 'state'])
          .where('owner', '=', member.user.id)
          .where('run_after', 'is not', null)
          .where('state', '=', 'queued')
          .execute(),
      (rows) => rows.length === 1,
    );
    // X-RateLimit-Reset-In said 7 seconds.
    const waitMs = new Date(waiting[0]!.run_after!).getTime() - clock().getTime();
    expect(waitMs).toBeGreaterThan(5_000);
    expect(waitMs).toBeLessThanOrEqual(7_000);
    expect((await forwarding(member)).json().connection.lastError.code).toBe('rate_limited');
    expect(standIn.submissions).toEqual([]);

    offsetMs += 8_000;
    await eventually(
      () => submittedTracks(),
      (tracks) => tracks.length > 0,
    );
    await settled();
    expect(submittedTracks()).toEqual(['Endlessness V']);
    expect((await forwarding(member)).json().connection.lastError).toBeNull();
  });

  it('tries again later when the server is down (503), waiting longer each time', async () => {
    standIn.submissions.length = 0;
    standIn.next.push('503', '503');
    await listens().record(member.user.id, [played('Endlessness VI')], fromPlayer);
    await app().app.domainEvents.idle();
    const retry = () =>
      eventually(
        () =>
          app()
            .db.selectFrom('job')
            .select(['run_after'])
            .where('owner', '=', member.user.id)
            .where('run_after', 'is not', null)
            .where('state', '=', 'queued')
            .execute(),
        (rows) => rows.length === 1,
      );
    const first = new Date((await retry())[0]!.run_after!).getTime() - clock().getTime();
    expect((await forwarding(member)).json().connection.lastError.code).toBe('unreachable');
    offsetMs += first + 1_000;
    await eventually(
      () => standIn.next.length,
      (left) => left === 0,
    );
    const second = new Date((await retry())[0]!.run_after!).getTime() - clock().getTime();
    expect(second).toBeGreaterThan(first * 1.5);
    offsetMs += second + 1_000;
    await eventually(
      () => submittedTracks(),
      (tracks) => tracks.length > 0,
    );
    await settled();
    expect(submittedTracks()).toEqual(['Endlessness VI']);
  });

  it('stops when the server refuses the token (401), tells the member, and sends what waited once they give it again', async () => {
    standIn.submissions.length = 0;
    standIn.next.push('401');
    await listens().record(member.user.id, [played('Endlessness VII')], fromPlayer);
    await settled();
    const stopped = (await forwarding(member)).json().connection;
    expect(stopped).toMatchObject({ forwarding: false, lastError: { code: 'token_refused' } });
    await listens().record(member.user.id, [played('Endlessness VIII')], fromPlayer);
    await settled();
    expect(standIn.submissions).toEqual([]);

    const again = await connect(member, { token: GOOD_TOKEN, apiRoot });
    expect(again.json().connection).toMatchObject({ forwarding: true, lastError: null });
    await settled();
    expect(submittedTracks()).toEqual(['Endlessness VII', 'Endlessness VIII']);
  });

  it('resumes after a restart from the last listen sent', async () => {
    standIn.submissions.length = 0;
    standIn.next.push('503');
    await listens().record(member.user.id, [played('Endlessness IX')], fromPlayer);
    await app().app.domainEvents.idle();
    await eventually(
      () => linkRow(member),
      (row) => row?.last_error === 'unreachable',
    );
    // The server stops with the retry waiting; a new process takes over the same database.
    await t.app.close();
    restarted = await createTestApp({
      clock,
      sameDatabaseAs: t,
      env: { JOB_THREAD: 'false', LISTENBRAINZ_FORWARDING: 'on', LISTENBRAINZ_ALLOW_PRIVATE: 'true' },
    });
    await listens().record(member.user.id, [played('Endlessness X')], fromPlayer);
    offsetMs += 60_000;
    await eventually(
      () => submittedTracks(),
      (tracks) => tracks.length >= 2,
    );
    await settled();
    expect(submittedTracks()).toEqual(['Endlessness IX', 'Endlessness X']);
    expect((await forwarding(member)).json().connection.forwardedCount).toBe(10);
  });

  it('forgets the token when the member stops forwarding', async () => {
    const stopped = await app().inject({ method: 'DELETE', url: '/api/me/listening/forwarding', headers: { cookie: member.cookie } });
    expect(stopped.json()).toEqual({ connection: null });
    expect(await linkRow(member)).toBeUndefined();
    standIn.submissions.length = 0;
    await listens().record(member.user.id, [played('After stopping')], fromPlayer);
    await settled();
    expect(standIn.submissions).toEqual([]);
  });
});
