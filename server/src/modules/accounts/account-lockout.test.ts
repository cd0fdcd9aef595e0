import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestAppWithMailbox, type TestAppWithMailbox } from '../../../test/mailbox.ts';
import { manualClock } from '../../../test/clock.ts';
import { createUser, sessionCookie } from '../../../test/users.ts';

/**
 * Someone who knows an address must not be able to lock its owner out of both sign-in and recovery. The limits here
 * are the production ones (RATE_LIMIT_MULTIPLIER=1); each test plays its people from client addresses of its own.
 */
let t: TestAppWithMailbox;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestAppWithMailbox({ RATE_LIMIT_MULTIPLIER: '1' }, clock.now);
});
afterAll(() => t.close());

const signIn = (app: TestApp, email: string, password: string, ip: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

const recover = (email: string, ip: string) =>
  t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });

const setCookies = (header: string | string[] | undefined) => (Array.isArray(header) ? header : header ? [header] : []);

/** The device cookie a response set, as `name=value` for a Cookie header. */
function deviceCookie(header: string | string[] | undefined): string {
  const cookie = setCookies(header).find((entry) => /^(__Secure-)?hearsay\.device=/.test(entry));
  if (!cookie) throw new Error('no device cookie was set');
  return cookie.split(';')[0]!;
}

const resetLink = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

describe('device cookies', () => {
  it('are set after a successful sign-in only: signed, http-only, SameSite=Lax, for /api, Secure on an https site; one browser keeps its id across accounts', async () => {
    const person = await createUser(t);
    const wrong = await signIn(t, person.user.email, 'not-the-password', '192.0.2.10');
    expect(setCookies(wrong.headers['set-cookie']).some((entry) => entry.includes('hearsay.device'))).toBe(false);

    const right = await signIn(t, person.user.email, person.password, '192.0.2.10');
    expect(right.statusCode, right.body).toBe(200);
    const cookie = setCookies(right.headers['set-cookie']).find((entry) => entry.startsWith('hearsay.device='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/api(;|$)/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(cookie).not.toMatch(/; Secure/);
    expect(cookie.split(';')[0]).not.toContain(person.password);

    // Another account signed in from the same browser: the cookie names it, and keeps the browser's id (decision 058).
    const deviceId = (value: string) => value.split(';')[0]!.split('.')[2];
    const other = await createUser(t);
    const again = await signIn(t, other.user.email, other.password, '192.0.2.10', cookie.split(';')[0]);
    const otherCookie = deviceCookie(again.headers['set-cookie']);
    expect(otherCookie.split('=')[1]!.startsWith(`${other.user.id}.`)).toBe(true);
    expect(deviceId(otherCookie)).toBe(deviceId(cookie));
    expect(deviceId(deviceCookie((await signIn(t, other.user.email, other.password, '192.0.2.10')).headers['set-cookie']))).not.toBe(
      deviceId(cookie),
    );

    const https = await createTestApp({ env: { PUBLIC_URL: 'https://hearsay.test' } });
    try {
      const member = await createUser(https);
      const secure = await signIn(https, member.user.email, member.password, '192.0.2.11');
      expect(secure.statusCode, secure.body).toBe(200);
      const secureCookie = setCookies(secure.headers['set-cookie']).find((entry) => entry.startsWith('__Secure-hearsay.device='));
      expect(secureCookie).toMatch(/; Secure/);
      expect(secureCookie).toMatch(/; HttpOnly/);
    } finally {
      await https.close();
    }
  });

  it('lock out each guessing address, not the owner: ten addresses guess ten times, and the owner signs in anywhere, told of it', async () => {
    const owner = await createUser(t, { name: 'Guessed Owner' });
    const ownerIp = '198.51.100.20';
    const attackers = Array.from({ length: 10 }, (_, n) => `203.0.113.${100 + n}`);
    const device = deviceCookie((await signIn(t, owner.user.email, owner.password, ownerIp)).headers['set-cookie']);

    for (const ip of attackers) {
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await signIn(t, owner.user.email, `guess-${attempt}-wrong`, ip)).statusCode).toBe(401);
      }
    }
    // Each guessing address is held back, even with the right password...
    const attacker = await signIn(t, owner.user.email, owner.password, attackers[0]!);
    expect(attacker.statusCode).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0);
    // ...and neither its own device cookie nor one rewritten to name the owner opens it.
    const accomplice = await createUser(t);
    const ownCookie = deviceCookie((await signIn(t, accomplice.user.email, accomplice.password, '203.0.113.99')).headers['set-cookie']);
    const forged = ownCookie.replace(accomplice.user.id, owner.user.id);
    expect(forged).not.toBe(ownCookie);
    expect((await signIn(t, owner.user.email, owner.password, attackers[0]!, forged)).statusCode).toBe(429);

    // The owner signs in from a device never used before, and from their own.
    const fresh = await signIn(t, owner.user.email, owner.password, '192.0.2.44');
    expect(fresh.statusCode, fresh.body).toBe(200);
    const me = await t.inject({ url: '/api/me', headers: { cookie: sessionCookie(fresh.headers['set-cookie']) } });
    expect(me.json().user.id).toBe(owner.user.id);
    expect((await signIn(t, owner.user.email, owner.password, ownerIp, device)).statusCode).toBe(200);

    // One notice, however many guesses.
    const notice = await t.mailbox.next(owner.user.email);
    expect(notice.subject).toBe('Someone is trying to sign in to your Hearsay account');
    expect(notice.text).toContain('10 sign-ins to your account failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mailbox.received.filter((mail) => mail.to === owner.user.email)).toEqual([]);
  });

  it('count their own failures: after 10 in an hour a device cookie is no longer trusted', async () => {
    const owner = await createUser(t);
    const ownerIp = '198.51.100.30';
    const device = deviceCookie((await signIn(t, owner.user.email, owner.password, ownerIp)).headers['set-cookie']);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(t, owner.user.email, `guess-${attempt}-wrong`, '203.0.113.77')).statusCode).toBe(401);
    }

    // The device has an allowance of its own...
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(t, owner.user.email, `typo-${attempt}-wrong`, ownerIp, device)).statusCode).toBe(401);
    }
    // ...and once it is spent, the cookie counts for nothing: its address's limit, spent by the same guesses, holds.
    expect((await signIn(t, owner.user.email, owner.password, ownerIp, device)).statusCode).toBe(429);
  });
});

describe('recovery limits', () => {
  it("are counted per client and address: one client using up its requests does not stop the owner's", async () => {
    const owner = await createUser(t);
    const attackerIp = '203.0.113.88';
    const answers = [];
    for (let attempt = 0; attempt < 10; attempt++) answers.push(await recover(owner.user.email, attackerIp));
    expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    for (const refused of answers.slice(3)) {
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // That client has also spent its 10 requests for the hour, whatever the address.
    expect((await recover('someone-else@example.com', attackerIp)).statusCode).toBe(429);

    const owners = await recover(owner.user.email, '198.51.100.40');
    expect(owners.statusCode).toBe(200);
    expect(owners.body).toBe(answers[0]!.body);
  });

  it('never refuse the address itself: after 30 requests from ten addresses, the owner still recovers, mails paced to one in 5 minutes', async () => {
    const person = await createUser(t, { email: 'paced@example.com' });
    for (let n = 0; n < 10; n++) {
      for (let request = 0; request < 3; request++) {
        expect((await recover(person.user.email, `203.0.113.${150 + n}`)).statusCode).toBe(200);
      }
    }
    // The first request mailed a link; the other 29 answered the same and sent nothing.
    const first = resetLink((await t.mailbox.next(person.user.email)).text);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mailbox.received.filter((mail) => mail.to === person.user.email)).toEqual([]);

    // Within the interval the owner's own request is answered alike, and the link already sent still works; after it,
    // a new link comes.
    const unknown = await recover('nobody-paced@example.com', '198.51.100.60');
    const owners = await recover(person.user.email, '198.51.100.60');
    expect(owners.statusCode).toBe(200);
    expect(owners.body).toBe(unknown.body);
    clock.advance(5 * 60_000 + 1000);
    expect((await recover(person.user.email, '198.51.100.60')).statusCode).toBe(200);
    const link = resetLink((await t.mailbox.next(person.user.email)).text);
    expect(link.searchParams.get('secret')).not.toBe(first.searchParams.get('secret'));
    const reset = await t.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret'), password: 'Paced-But-Recovered-5' },
      remoteAddress: '198.51.100.60',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(t, person.user.email, 'Paced-But-Recovered-5', '198.51.100.60')).statusCode).toBe(200);
  });
});
