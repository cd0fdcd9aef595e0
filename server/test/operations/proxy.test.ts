/**
 * Several servers for real: two `node server/src/main.ts` processes on one PostgreSQL database and one Redis, behind
 * nginx with TLS, configured by the operator's own file (deploy/nginx/hearsay.conf). Runs with the PostgreSQL tests
 * (vitest.config.ts): several processes on one SQLite file is not a setup Hearsay offers.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { TOTP } from 'otpauth';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@hearsay/contracts/realtime';
import { REALTIME_RESTART_CLOSE, restartReconnectDelayMs } from '@hearsay/contracts/realtime-connection';
import { openDatabase, type DatabaseHandle } from '../../src/platform/db/index.ts';
import { openSocket, send, sessionFrom, startNginx, type Answer, type Nginx } from '../nginx.ts';
import { emptyDatabase, freePort, startServer, stopAll, temporaryDirectory, type ServerProcess } from '../processes.ts';

const REDIS_URL = 'redis://127.0.0.1:6379/9';
const PASSWORD = 'Correct-Horse-Battery-9';
const directory = temporaryDirectory('proxy');
let database: Awaited<ReturnType<typeof emptyDatabase>>;
let handle: DatabaseHandle;
let nginx: Nginx;
let ports: [number, number];
const servers: ServerProcess[] = [];
let environment: Record<string, string>;

function start(index: 0 | 1): Promise<ServerProcess> {
  return startServer({ databaseUrl: database.url, dataDir: directory.path, port: ports[index], env: environment }).then((server) => {
    servers[index] = server;
    return server;
  });
}

beforeAll(async () => {
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  database = await emptyDatabase(directory.path);
  handle = openDatabase(database.url, { poolSize: 2 });
  ports = [await freePort(), await freePort()];
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  environment = {
    PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
    // nginx runs on this machine: only its address is believed about who the client is.
    TRUST_PROXY: '127.0.0.1',
    REDIS_URL,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // The production limits: the test plays its clients from addresses of their own.
    RATE_LIMIT_MULTIPLIER: '1',
  };
  // Two processes starting together on a new database: one migrates and loads the catalog, the other waits.
  await Promise.all([start(0), start(1)]);
  nginx = await startNginx({ directory: directory.path, httpsPort, httpPort, upstreams: ports });
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await stopAll();
  await handle?.destroy();
  await database?.drop();
  directory.remove();
});

const viaProxy = (method: string, path: string, options: Parameters<typeof send>[3] = {}) => send(nginx, method, path, options);
/** Straight to one process, skipping nginx, as nothing on the internet can (the processes listen on 127.0.0.1). */
const direct = (index: 0 | 1, method: string, path: string, options: Parameters<typeof send>[3] = {}) =>
  send(nginx, method, path, { ...options, to: servers[index]!.url });

let people = 0;
/** Signs someone up through nginx from a client address. */
async function signUp(from: string, headers: Record<string, string> = {}) {
  people++;
  const email = `proxy-${people}-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await viaProxy('POST', '/api/auth/register', {
    from,
    headers,
    body: { name: `Proxy Person ${people}`, email, password: PASSWORD },
  });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { id: answer.body.user.id as string, username: answer.body.user.username as string, email, cookie: sessionFrom(answer) };
}

/** Every cookie an answer set, as one Cookie header (removals left out). */
function cookiesOf(answer: Answer): string {
  return ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .filter((cookie) => !/max-age=0/i.test(cookie))
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

async function anyAlbumId(offset = 0): Promise<string> {
  const rows = await sql<{ id: string }>`select id from album order by id limit 1 offset ${offset}`.execute(handle.db);
  return rows.rows[0]!.id;
}

/** A socket through nginx that collects live events. */
function liveTab(cookie: string) {
  const socket = openSocket(nginx, cookie);
  const events: RealtimeEvent[] = [];
  socket.on('message', (data) => {
    if (String(data) !== 'pong') events.push(JSON.parse(String(data)) as RealtimeEvent);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, events, opened };
}

/**
 * A page's live connection as the browser keeps it (web/src/shared/realtime/connection.ts): told the server is
 * restarting (1012), it opens again after `restartReconnectDelayMs()`; any other close is a failure here.
 */
function browserTab(cookie: string) {
  const closes: { code: number; at: number }[] = [];
  const opens: number[] = [];
  const events: RealtimeEvent[] = [];
  let ended = false;
  let current: ReturnType<typeof openSocket>;
  let resolveFirst: () => void;
  const firstOpen = new Promise<void>((resolve) => (resolveFirst = resolve));
  const connect = () => {
    const socket = openSocket(nginx, cookie);
    current = socket;
    socket.on('open', () => {
      opens.push(Date.now());
      resolveFirst();
    });
    socket.on('message', (data) => {
      if (String(data) !== 'pong') events.push(JSON.parse(String(data)) as RealtimeEvent);
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (ended) return;
      closes.push({ code, at: Date.now() });
      setTimeout(connect, code === REALTIME_RESTART_CLOSE ? restartReconnectDelayMs() : 1_000);
    });
  };
  connect();
  return {
    closes,
    opens,
    events,
    firstOpen,
    end() {
      ended = true;
      current.close();
    },
  };
}

describe('two servers behind nginx with TLS, on PostgreSQL and Redis', () => {
  it('serve the site over TLS, send plain http to https, and pass nginx’s request id into error answers', async () => {
    const health = await viaProxy('GET', '/readyz');
    expect(health.status).toBe(200);
    expect(health.body.checks).toEqual({ database: 'ok', redis: 'ok' });

    const plain = await send({ url: `http://127.0.0.1:${nginx.httpPort}`, certificate: '' }, 'GET', '/albums');
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/albums');

    const missing = await viaProxy('GET', '/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body.error.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(missing.headers['x-request-id']).toBe(missing.body.error.requestId);
  });

  it('keep a session made on one process valid on the other', async () => {
    const person = await signUp('127.0.0.3');
    const [one, two] = await Promise.all([
      direct(0, 'GET', '/api/me', { cookie: person.cookie }),
      direct(1, 'GET', '/api/me', { cookie: person.cookie }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.user.id).toBe(person.id);
    expect(two.body.user.id).toBe(person.id);

    const signedIn = await direct(1, 'POST', '/api/auth/sign-in', { body: { email: person.email, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    expect((await direct(0, 'GET', '/api/me', { cookie: sessionFrom(signedIn) })).body.user.id).toBe(person.id);
  });

  it('take the client’s address from nginx, and a forged X-Forwarded-For changes nothing, through nginx or around it', async () => {
    const currentSessionAddress = async (cookie: string, index?: 0 | 1) => {
      const security =
        index === undefined
          ? await viaProxy('GET', '/api/me/security', { cookie })
          : await direct(index, 'GET', '/api/me/security', { cookie });
      return (security.body.sessions as { current: boolean; ipAddress: string | null }[]).find((session) => session.current)?.ipAddress;
    };
    const throughNginx = await signUp('127.0.0.4', { 'x-forwarded-for': '203.0.113.7' });
    expect(await currentSessionAddress(throughNginx.cookie)).toBe('127.0.0.4');

    // Around the proxy (from an address that is not nginx's), the header is not believed either.
    const around = await direct(0, 'POST', '/api/auth/register', {
      from: '127.0.0.5',
      headers: { 'x-forwarded-for': '203.0.113.8' },
      body: { name: 'Around The Proxy', email: `around-${randomBytes(4).toString('hex')}@example.com`, password: PASSWORD },
    });
    expect(around.status).toBe(200);
    expect(await currentSessionAddress(sessionFrom(around), 0)).toBe('127.0.0.5');
  });

  it('count rate limits on every process together: the 11th sign-up from one address within the hour is refused', async () => {
    const logged = nginx.upstreams().length;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt++) {
      const answer = await viaProxy('POST', '/api/auth/register', {
        from: '127.0.0.2',
        // A different forged address each time: were it believed, no limit would ever be reached.
        headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
        body: { name: `Limited ${attempt}`, email: `limited-${attempt}-${randomBytes(4).toString('hex')}@example.com`, password: PASSWORD },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // nginx shared the attempts between both processes.
    const answeredBy = new Set(nginx.upstreams().slice(logged));
    expect(answeredBy).toEqual(new Set(ports.map((port) => `127.0.0.1:${port}`)));
  });

  it('refuse a two-factor code used on one process when it comes again on the other', async () => {
    const person = await signUp('127.0.0.3');
    const enrolment = await direct(0, 'POST', '/api/me/two-factor/enable', { cookie: person.cookie, body: { password: PASSWORD } });
    expect(enrolment.status).toBe(200);
    const secret = new URL(enrolment.body.totpUri as string).searchParams.get('secret')!;
    const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
    const code = (step: number) => totp.generate({ timestamp: Date.now() + step * 30_000 });
    expect((await direct(0, 'POST', '/api/me/two-factor/confirm', { cookie: person.cookie, body: { code: code(0) } })).status).toBe(200);

    const challenge = async (index: 0 | 1) => {
      const first = await direct(index, 'POST', '/api/auth/sign-in', { body: { email: person.email, password: PASSWORD } });
      expect(first.body).toEqual({ twoFactorRequired: true });
      return cookiesOf(first);
    };
    const used = code(1);
    const accepted = await direct(0, 'POST', '/api/auth/two-factor', { cookie: await challenge(0), body: { method: 'totp', code: used } });
    expect(accepted.status).toBe(200);
    const replayed = await direct(1, 'POST', '/api/auth/two-factor', { cookie: await challenge(1), body: { method: 'totp', code: used } });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.message).toBe('This code has already been used. Please wait for the next one.');
  });

  it('drop a changed album from both processes’ caches at once', async () => {
    const albumId = await anyAlbumId(3);
    const fan = await signUp('127.0.0.3');
    const count = async (index: 0 | 1) => (await direct(index, 'GET', `/api/albums/${albumId}`)).body.ratingCount as number;
    const before = await count(0);
    const cached = Date.now();
    expect(await count(1)).toBe(before);
    expect((await direct(1, 'PUT', `/api/albums/${albumId}/rating`, { cookie: fan.cookie, body: { rating: 7 } })).status).toBe(200);
    // The visitors' copy on process 0 lives 5 s; the change must show before that.
    await expect.poll(() => count(0), { timeout: 3_000, interval: 25 }).toBe(before + 1);
    expect(Date.now() - cached, 'the change showed only once the cached copy had expired').toBeLessThan(5_000);
  });

  it('deliver a live event to a socket through nginx, whichever process holds it and whichever raised it', async () => {
    const author = await signUp('127.0.0.3');
    const tabs = [liveTab(author.cookie), liveTab(author.cookie)];
    await Promise.all(tabs.map((tab) => tab.opened));
    // Whichever process nginx gave each socket to, one of the two events below is raised on the other.

    const unread = (tab: (typeof tabs)[number]) => tab.events.filter((event) => event.type === 'notifications.unread').at(-1);
    for (const [index, expected] of [
      [0, 1],
      [1, 2],
    ] as const) {
      const follower = await signUp('127.0.0.6');
      expect((await direct(index, 'PUT', `/api/users/${author.username}/follow`, { cookie: follower.cookie })).status).toBe(200);
      for (const tab of tabs)
        await expect.poll(() => unread(tab), { timeout: 2_000 }).toEqual({ type: 'notifications.unread', unread: expected });
    }
    for (const tab of tabs) tab.socket.close();
  });

  it('run a background job once, on one process', async () => {
    const person = await signUp('127.0.0.6');
    const started = await viaProxy('POST', '/api/me/exports', { cookie: person.cookie });
    expect(started.status).toBe(202);
    await expect
      .poll(async () => (await viaProxy('GET', '/api/me/exports/latest', { cookie: person.cookie })).body.export?.status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('done');
    const jobs = await sql<{
      state: string;
      attempts: number;
    }>`select state, attempts from job where kind = 'data-export' and owner = ${person.id}`.execute(handle.db);
    expect(jobs.rows.map((row) => [row.state, Number(row.attempts)])).toEqual([['done', 1]]);
    // The notification is written after the export is done (a listener of the event), so it may come a moment later.
    const ready = async () =>
      Number(
        (
          await sql<{
            count: string;
          }>`select count(*) as count from notification where recipient_id = ${person.id} and kind = 'export_ready'`.execute(handle.db)
        ).rows[0]!.count,
      );
    await expect.poll(ready, { timeout: 10_000, interval: 100 }).toBe(1);
  });

  it('restart one at a time under load without a failed request, each socket back within its reconnect', { timeout: 180_000 }, async () => {
    const members = await Promise.all([0, 1, 2, 3].map(() => signUp('127.0.0.7')));
    const albums = await Promise.all(Array.from({ length: 20 }, (_, index) => anyAlbumId(10 + index)));
    // A job at work while its process stops: the process finishes the batch in hand, the job goes on elsewhere.
    const exporter = members[0]!;
    expect((await viaProxy('POST', '/api/me/exports', { cookie: exporter.cookie })).status).toBe(202);

    const tabs = members.map((member) => browserTab(member.cookie));
    await Promise.all(tabs.map((tab) => tab.firstOpen));

    let running = true;
    let answered = 0;
    const logged = new Map<string, number>();
    const failures: string[] = [];
    const client = async (n: number) => {
      for (let turn = 0; running; turn++) {
        const member = members[(n + turn) % members.length]!;
        const albumId = albums[(n * 7 + turn) % albums.length]!;
        const [method, path, options] = [
          ['GET', `/api/albums/${albumId}`, {}],
          ['GET', `/api/albums/${albumId}`, { cookie: member.cookie }],
          ['GET', '/api/me', { cookie: member.cookie }],
          ['PUT', `/api/albums/${albumId}/rating`, { cookie: member.cookie, body: { rating: 1 + ((n + turn) % 10) } }],
          // Not idempotent: nginx never sends it twice, so only a process that finishes it can answer it.
          ['POST', '/api/me/journal', { cookie: member.cookie, body: { albumId } }],
        ][turn % 5] as [string, string, Parameters<typeof send>[3]];
        try {
          const answer = await viaProxy(method, path, { ...options, from: '127.0.0.8' });
          answered++;
          if (method === 'POST' && answer.status === 201) logged.set(member.id, (logged.get(member.id) ?? 0) + 1);
          if (answer.status >= 300) failures.push(`${answer.status} ${method} ${path}: ${JSON.stringify(answer.body).slice(0, 200)}`);
        } catch (error) {
          failures.push(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await pause(1_500);
    const exits: string[] = [];
    // The operator's rolling restart (deploy/rolling-restart.sh): out of nginx, SIGTERM, start, ready, back in.
    for (const index of [0, 1] as const) {
      await nginx.setDown(ports[index], true);
      exits.push(await servers[index]!.kill('SIGTERM'));
      await start(index);
      await nginx.setDown(ports[index], false);
    }
    await pause(1_000);
    running = false;
    await load;

    expect(exits).toEqual(['0', '0']);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(200);
    // Every listen acknowledged is there, once.
    const entries = await sql<{
      user_id: string;
      count: string;
    }>`select user_id, count(*) as count from journal_entry group by user_id`.execute(handle.db);
    expect(new Map(entries.rows.filter((row) => logged.has(row.user_id)).map((row) => [row.user_id, Number(row.count)]))).toEqual(logged);

    for (const tab of tabs) {
      // Every socket's process restarted once: told so with 1012, it was open again within the hint's 1.25 s
      // plus the time to connect (TLS, the upgrade, the session) on a busy machine.
      expect(tab.closes.length).toBeGreaterThanOrEqual(1);
      expect(tab.closes.map((close) => close.code)).toEqual(tab.closes.map(() => REALTIME_RESTART_CLOSE));
      for (const close of tab.closes) {
        const reopened = tab.opens.find((at) => at >= close.at);
        expect(reopened, 'the socket opened again').toBeDefined();
        expect(reopened! - close.at).toBeLessThan(3_000);
      }
    }
    // Live events reach every tab on the restarted processes.
    const follower = await signUp('127.0.0.6');
    for (const member of members)
      expect((await viaProxy('PUT', `/api/users/${member.username}/follow`, { cookie: follower.cookie })).status).toBe(200);
    for (const tab of tabs)
      await expect.poll(() => tab.events.some((event) => event.type === 'notifications.unread'), { timeout: 2_000 }).toBe(true);
    for (const tab of tabs) tab.end();

    await expect
      .poll(async () => (await viaProxy('GET', '/api/me/exports/latest', { cookie: exporter.cookie })).body.export?.status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('done');
  });
});
