import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@hearsay/contracts/realtime-connection';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { listen, openTab, TEST_SITE } from '../../../test/realtime.ts';
import { createUser, deleteAccount, type TestUser } from '../../../test/users.ts';

const LONG = 'A record that rewards patience: every listen turns up another small detail worth hearing.';

/** The answer to a WebSocket upgrade request: 101 when a socket opens, otherwise the refusal's status. */
function upgradeStatus(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      // A fresh connection each time: the server ends one after refusing an upgrade.
      agent: false,
      path: REALTIME_PATH,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

async function reviewBy(app: TestApp, author: TestUser): Promise<string> {
  const album = await buildAlbum(app.db);
  const response = await app.inject({
    method: 'POST',
    url: `/api/albums/${album}/reviews`,
    payload: { rating: 8, content: LONG },
    headers: { cookie: author.cookie },
  });
  return response.json().id as string;
}

describe('the realtime socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_SITE } });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('refuses a foreign origin, a missing origin and a visitor without a session; opens for the site with a session', async () => {
    const person = await createUser(t);
    for (const [headers, status] of [
      [{ origin: 'https://evil.example', cookie: person.cookie }, 403],
      [{ cookie: person.cookie }, 403],
      [{ origin: TEST_SITE }, 401],
      [{ origin: TEST_SITE, cookie: 'hearsay.session_token=forged' }, 401],
      [{ origin: TEST_SITE, cookie: person.cookie }, 101],
    ] as const)
      expect(await upgradeStatus(port, headers), JSON.stringify(headers)).toBe(status);
  });

  it('shows another person’s like in the author’s open pages within a second, and answers pings', async () => {
    const [author, fan] = await Promise.all([createUser(t), createUser(t)]);
    const id = await reviewBy(t, author);
    const [tab, otherTab] = await Promise.all([openTab(port, author), openTab(port, author)]);
    const started = Date.now();
    await t.inject({ method: 'PUT', url: `/api/reviews/${id}/like`, headers: { cookie: fan.cookie } });
    expect(await tab.next('notifications.unread')).toEqual({ type: 'notifications.unread', unread: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await otherTab.next('notifications.unread')).toEqual({ type: 'notifications.unread', unread: 1 });

    // Reading them in one tab updates the other.
    await t.inject({ method: 'POST', url: '/api/notifications/read', payload: {}, headers: { cookie: author.cookie } });
    expect(await otherTab.next('notifications.unread')).toEqual({ type: 'notifications.unread', unread: 0 });

    const pong = new Promise((resolve) => tab.socket.addEventListener('message', (message) => message.data === 'pong' && resolve(true)));
    tab.socket.send('ping');
    expect(await pong).toBe(true);
    tab.socket.close();
    otherTab.socket.close();
  });

  it('closes the socket when its session signs out', async () => {
    const person = await createUser(t);
    const tab = await openTab(port, person);
    const closed = new Promise<number>((resolve) => tab.socket.addEventListener('close', (event) => resolve(event.code)));
    const signOut = await t.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {}, headers: { cookie: person.cookie } });
    expect(signOut.statusCode).toBe(200);
    expect(await closed).toBe(4401);
  });

  it('closes a socket at its next ping once its session has ended elsewhere (the account was deleted)', async () => {
    const person = await createUser(t);
    const tab = await openTab(port, person);
    const closed = new Promise<number>((resolve) => tab.socket.addEventListener('close', (event) => resolve(event.code)));
    expect((await deleteAccount(t, person)).statusCode).toBe(200);
    tab.socket.send('ping');
    expect(await closed).toBe(4401);
  });
});

/** Finds a free port by listening on 0 and letting it go. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('several server processes (REDIS_URL)', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_SITE } });
  });
  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => (child.exitCode === null ? (child.once('exit', resolve), child.kill('SIGTERM')) : resolve(null))),
      ),
    );
    await t.close();
  });

  /** `node src/main.ts`, a real server process on the test's database, ready when /healthz answers. */
  async function startProcess(): Promise<number> {
    const port = await freePort();
    const child = spawn(process.execPath, [join(import.meta.dirname, '../../main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: TEST_SITE,
        DATABASE_URL: t.config.databaseUrl,
        DATA_DIR: t.config.dataDir,
        AUTH_SECRET: t.config.authSecret,
        REDIS_URL: 'redis://127.0.0.1:6379',
        COVER_ART: 'off',
        LOG_LEVEL: 'info',
        JOB_THREAD: 'false',
        RATE_LIMIT_MULTIPLIER: '100',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    // Ready when it says so (main.ts logs "Hearsay is ready" once listening), or failed when it exits first.
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('Hearsay is ready')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the server process exited with ${code}: ${output.slice(-2000)}`)));
    });
    return port;
  }

  it('delivers an event raised on one process to a socket held by another', { timeout: 60_000 }, async () => {
    // An album first, so the processes find a catalog and load no starter one.
    await buildAlbum(t.db);
    const [a, b] = await Promise.all([startProcess(), startProcess()]);
    const [author, fan] = await Promise.all([createUser(t), createUser(t)]);
    const id = await reviewBy(t, author);
    const tab = await openTab(a, author);
    const started = Date.now();
    const like = await fetch(`http://127.0.0.1:${b}/api/reviews/${id}/like`, {
      method: 'PUT',
      headers: { cookie: fan.cookie, origin: TEST_SITE },
    });
    expect(like.status).toBe(200);
    expect(await tab.next('notifications.unread')).toEqual({ type: 'notifications.unread', unread: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
    tab.socket.close();
  });
});
