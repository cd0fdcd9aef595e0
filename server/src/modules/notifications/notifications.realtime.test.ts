import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@hearsay/contracts/realtime-connection';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { listen, openTab, TEST_SITE } from '../../../test/realtime.ts';
import { countStatements } from '../../../test/statements.ts';
import { createUser, deleteAccount, sessionCookie, type TestUser } from '../../../test/users.ts';

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
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: TEST_SITE, ADMIN_EMAILS: 'realtime-admin@example.com' },
      realtime: { sessionCheckMs: 200, maxSocketsPerPerson: 3, maxSocketsPerAddress: 8 },
    });
    port = await listen(t);
    admin = await createUser(t, { email: 'realtime-admin@example.com' });
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

  it('closes a quiet socket once its session has ended elsewhere (the account was deleted)', async () => {
    const person = await createUser(t);
    const tab = await openTab(port, person);
    const closed = new Promise<number>((resolve) => tab.socket.addEventListener('close', (event) => resolve(event.code)));
    expect((await deleteAccount(t, person)).statusCode).toBe(200);
    expect(await closed).toBe(4401);
  });

  it('answers a flood of pings without asking the database: sessions are checked on a timer, once each', async () => {
    const person = await createUser(t);
    const tab = await openTab(port, person);
    let pongs = 0;
    const { statements } = await countStatements(t, async () => {
      const answered = new Promise<void>((resolve) =>
        tab.socket.addEventListener('message', (message) => message.data === 'pong' && ++pongs === 2000 && resolve()),
      );
      for (let n = 0; n < 2000; n++) tab.socket.send('ping');
      await answered;
    });
    tab.close();
    expect(pongs).toBe(2000);
    // At most the timer's few checks of the sockets' sessions meanwhile, not one a ping.
    expect(statements).toBeLessThan(50);
  });

  it('holds a person to a few sockets and an address to a few more (429), and a closed tab frees its place', async () => {
    const [heavy, second, third] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const open = (person: TestUser, count: number) => Promise.all(Array.from({ length: count }, () => openTab(port, person)));
    const tabs = await open(heavy, 3);
    expect(await upgradeStatus(port, { origin: TEST_SITE, cookie: heavy.cookie })).toBe(429);
    // Others from the same address still get theirs, up to the address's limit of 8.
    const others = [...(await open(second, 3)), ...(await open(third, 2))];
    expect(await upgradeStatus(port, { origin: TEST_SITE, cookie: third.cookie })).toBe(429);
    const freed = new Promise((resolve) => tabs[0]!.socket.addEventListener('close', resolve));
    tabs[0]!.close();
    await freed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await upgradeStatus(port, { origin: TEST_SITE, cookie: heavy.cookie })).toBe(101);
    for (const tab of [...tabs.slice(1), ...others]) tab.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('closes a person’s sockets when a moderator suspends them, and other devices’ when they sign out of those', async () => {
    const [member, traveller] = await Promise.all([createUser(t), createUser(t)]);
    const closedWith = (tab: Awaited<ReturnType<typeof openTab>>) =>
      new Promise<number>((resolve) => tab.socket.addEventListener('close', (event) => resolve(event.code)));
    const memberTab = await openTab(port, member);
    const suspended = closedWith(memberTab);
    const decision = await t.inject({
      method: 'POST',
      url: '/api/moderation/decisions',
      headers: { cookie: admin.cookie },
      payload: { subjectType: 'profile', subjectId: member.user.id, action: 'suspend', reason: 'Spam', days: 3 },
    });
    expect(decision.statusCode, decision.body).toBe(200);
    expect(await suspended).toBe(4401);
    expect(await upgradeStatus(port, { origin: TEST_SITE, cookie: member.cookie })).toBe(403);

    // The traveller signs in on a second device, then signs the others out from it.
    const signIn = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: traveller.user.email, password: traveller.password },
    });
    const phone = { ...traveller, cookie: sessionCookie(signIn.headers['set-cookie']) };
    const [laptopTab, phoneTab] = await Promise.all([openTab(port, traveller), openTab(port, phone)]);
    const laptopClosed = closedWith(laptopTab);
    let phoneClosed = false;
    phoneTab.socket.addEventListener('close', () => (phoneClosed = true));
    const out = await t.inject({ method: 'POST', url: '/api/me/sessions/sign-out-others', payload: {}, headers: { cookie: phone.cookie } });
    expect(out.statusCode, out.body).toBe(200);
    expect(await laptopClosed).toBe(4401);
    await phoneTab.settled();
    expect(phoneClosed).toBe(false);
    phoneTab.close();
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
