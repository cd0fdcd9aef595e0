import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestAppWithMailbox, type TestAppWithMailbox } from '../../../test/mailbox.ts';
import { createUser, sessionCookie } from '../../../test/users.ts';

/**
 * Someone who knows an address must not be able to lock its owner out of both sign-in and recovery. The limits here
 * are the production ones (RATE_LIMIT_MULTIPLIER=1); each test plays its people from client addresses of its own.
 */
let t: TestAppWithMailbox;

beforeAll(async () => {
  t = await createTestAppWithMailbox({ RATE_LIMIT_MULTIPLIER: '1' });
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
  it('are set after a successful sign-in only: signed, http-only, SameSite=Lax, for /api/auth, Secure on an https site', async () => {
    const person = await createUser(t);
    const wrong = await signIn(t, person.user.email, 'not-the-password', '192.0.2.10');
    expect(setCookies(wrong.headers['set-cookie']).some((entry) => entry.includes('hearsay.device'))).toBe(false);

    const right = await signIn(t, person.user.email, person.password, '192.0.2.10');
    expect(right.statusCode, right.body).toBe(200);
    const cookie = setCookies(right.headers['set-cookie']).find((entry) => entry.startsWith('hearsay.device='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(cookie).not.toMatch(/; Secure/);
    expect(cookie.split(';')[0]).not.toContain(person.password);

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

  it("let the owner sign in after an attacker's 10 wrong passwords and 10 recovery requests; the attacker stays locked out", async () => {
    const owner = await createUser(t);
    const ownerIp = '198.51.100.20';
    const attackerIp = '203.0.113.66';
    const device = deviceCookie((await signIn(t, owner.user.email, owner.password, ownerIp)).headers['set-cookie']);

    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(t, owner.user.email, `guess-${attempt}-wrong`, attackerIp)).statusCode).toBe(401);
    }
    for (let attempt = 0; attempt < 10; attempt++) {
      expect([200, 429]).toContain((await recover(owner.user.email, attackerIp)).statusCode);
    }

    // Without the owner's device cookie the account stays locked, whoever knows the password and wherever they are.
    const attacker = await signIn(t, owner.user.email, owner.password, attackerIp);
    expect(attacker.statusCode).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(t, owner.user.email, owner.password, ownerIp)).statusCode).toBe(429);

    // Neither the attacker's own device cookie nor one rewritten to name the owner opens it.
    const accomplice = await createUser(t);
    const ownCookie = deviceCookie((await signIn(t, accomplice.user.email, accomplice.password, attackerIp)).headers['set-cookie']);
    expect((await signIn(t, owner.user.email, owner.password, attackerIp, ownCookie)).statusCode).toBe(429);
    const forged = ownCookie.replace(accomplice.user.id, owner.user.id);
    expect(forged).not.toBe(ownCookie);
    expect((await signIn(t, owner.user.email, owner.password, attackerIp, forged)).statusCode).toBe(429);

    const back = await signIn(t, owner.user.email, owner.password, ownerIp, device);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.id).toBe(owner.user.id);
    const me = await t.inject({ url: '/api/me', headers: { cookie: sessionCookie(back.headers['set-cookie']) } });
    expect(me.json().user.id).toBe(owner.user.id);

    expect((await recover(owner.user.email, ownerIp)).statusCode).toBe(200);
  });

  it('count their own failures: after 10 in an hour a device cookie is no longer trusted', async () => {
    const owner = await createUser(t);
    const ownerIp = '198.51.100.30';
    const device = deviceCookie((await signIn(t, owner.user.email, owner.password, ownerIp)).headers['set-cookie']);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(t, owner.user.email, `guess-${attempt}-wrong`, '203.0.113.77')).statusCode).toBe(401);
    }

    // The device has an allowance of its own while the account is locked for everyone else...
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(t, owner.user.email, `typo-${attempt}-wrong`, ownerIp, device)).statusCode).toBe(401);
    }
    // ...and once it is spent, the cookie counts for nothing: the account's lock applies to it too.
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

  it('send at most 3 mails an hour to one address: a 4th request answers the same, mails nothing, and the 3rd link still works', async () => {
    const person = await createUser(t, { email: 'capped@example.com' });
    const links: URL[] = [];
    for (let request = 0; request < 3; request++) {
      const answer = await recover(person.user.email, `198.51.100.${50 + request}`);
      expect(answer.statusCode).toBe(200);
      links.push(resetLink((await t.mailbox.next(person.user.email)).text));
    }
    const fourth = await recover(person.user.email, '198.51.100.53');
    const unknown = await recover('nobody-capped@example.com', '198.51.100.53');
    expect(fourth.statusCode).toBe(200);
    expect(fourth.body).toBe(unknown.body);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(t.mailbox.received.filter((mail) => mail.to === person.user.email)).toEqual([]);

    const third = links[2]!;
    const reset = await t.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { userId: third.searchParams.get('userId'), secret: third.searchParams.get('secret'), password: 'Capped-But-Recovered-5' },
      remoteAddress: '198.51.100.53',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(t, person.user.email, 'Capped-But-Recovered-5', '198.51.100.53')).statusCode).toBe(200);
  });
});
