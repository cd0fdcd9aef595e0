import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { outboxMail } from '../../../test/outbox.ts';
import { createUser, deleteAccount, sessionCookie, type TestUser } from '../../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** Every cookie a response set that is still alive, as one Cookie header. */
function cookiesFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .filter((cookie) => !/max-age=0/i.test(cookie))
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

const signIn = (person: TestUser, password = person.password, userAgent = FIREFOX_MAC) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: person.user.email, password },
    headers: { 'user-agent': userAgent },
  });

const me = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;

const post = (url: string, cookie: string, payload: object = {}) => t.inject({ method: 'POST', url, payload, headers: { cookie } });

const overview = async (cookie: string) => {
  const response = await t.inject({ method: 'GET', url: '/api/me/security', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** An authenticator app for the enrolment; `generate(step)` gives the code of the current 30 s step plus `step`. */
function authenticator(totpUri: string) {
  const secret = new URL(totpUri).searchParams.get('secret')!;
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return { generate: (step = 0) => totp.generate({ timestamp: Date.now() + step * 30_000 }) };
}

/** A person with two-factor on; codes of steps -1 and 0 are spent on enrolment, so tests start from step 1. */
async function personWithTwoFactor() {
  const person = await createUser(t);
  const enrolment = (await post('/api/me/two-factor/enable', person.cookie, { password: person.password })).json();
  const app = authenticator(enrolment.totpUri);
  const confirmed = await post('/api/me/two-factor/confirm', person.cookie, { code: app.generate(0) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { person, app, backupCodes: enrolment.backupCodes as string[], secret: enrolment.secret as string };
}

const challengeFor = async (person: TestUser) => cookiesFrom((await signIn(person)).headers['set-cookie']);

describe('two-factor authentication', () => {
  it('enrols with a QR code URI and backup codes, and only asks for codes once a first code confirms it', async () => {
    const person = await createUser(t);
    const wrong = await post('/api/me/two-factor/enable', person.cookie, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Your current password is incorrect.');

    const enrolment = await post('/api/me/two-factor/enable', person.cookie, { password: person.password });
    expect(enrolment.statusCode, enrolment.body).toBe(200);
    const { totpUri, secret, backupCodes } = enrolment.json();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/Hearsay:/);
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(backupCodes).toHaveLength(10);
    const cookie = cookiesFrom(enrolment.headers['set-cookie']) || person.cookie;

    // Not confirmed yet: signing in still needs the password only.
    expect((await signIn(person)).json().user).toBeTruthy();
    expect((await overview(cookie)).twoFactorEnabled).toBe(false);

    const badCode = await post('/api/me/two-factor/confirm', cookie, { code: '000000' });
    expect(badCode.statusCode).toBe(400);
    expect((await post('/api/me/two-factor/confirm', cookie, { code: '12ab' })).json().error.message).toContain('6-digit code');
    const confirmed = await post('/api/me/two-factor/confirm', cookie, { code: authenticator(totpUri).generate() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = cookiesFrom(confirmed.headers['set-cookie']) || cookie;
    const state = await overview(after);
    expect(state.twoFactorEnabled).toBe(true);
    expect(state.backupCodesLeft).toBe(10);
  });

  it('challenges at sign-in: no session until the code, wrong codes refused, backup codes work once', async () => {
    const { person, app, backupCodes } = await personWithTwoFactor();

    const first = await signIn(person);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    const challenge = cookiesFrom(first.headers['set-cookie']);
    expect(challenge).not.toContain('hearsay.session_token=');
    expect(await me(challenge)).toBeNull();

    const wrong = await post('/api/auth/two-factor', challenge, { method: 'totp', code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid code. Please try again.');

    const right = await post('/api/auth/two-factor', challenge, { method: 'totp', code: app.generate(1) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user.email).toBe(person.user.email);
    expect((await me(sessionCookie(right.headers['set-cookie']))).id).toBe(person.user.id);

    // The challenge is used up: replaying it signs nobody in.
    const replay = await post('/api/auth/two-factor', challenge, { method: 'totp', code: app.generate(1) });
    expect(replay.statusCode).toBe(401);

    const withBackup = await post('/api/auth/two-factor', await challengeFor(person), { method: 'backup', code: backupCodes[0] });
    expect(withBackup.statusCode, withBackup.body).toBe(200);
    const reused = await post('/api/auth/two-factor', await challengeFor(person), { method: 'backup', code: backupCodes[0] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe('Invalid backup code. Please try again.');

    // Without the challenge cookie there is nothing to complete.
    expect((await post('/api/auth/two-factor', '', { method: 'totp', code: app.generate() })).statusCode).toBe(401);
  });

  it('accepts each code once and refuses codes older than a step (ASVS 6.5.1)', async () => {
    const { person, app } = await personWithTwoFactor();
    const code = app.generate(1);
    expect((await post('/api/auth/two-factor', await challengeFor(person), { method: 'totp', code })).statusCode).toBe(200);
    const again = await post('/api/auth/two-factor', await challengeFor(person), { method: 'totp', code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe('This code has already been used. Please wait for the next one.');
    // The enrolment code cannot be used to sign in either.
    expect((await post('/api/auth/two-factor', await challengeFor(person), { method: 'totp', code: app.generate(0) })).statusCode).toBe(
      401,
    );
    const old = await post('/api/auth/two-factor', await challengeFor(person), { method: 'totp', code: app.generate(-3) });
    expect(old.statusCode).toBe(401);
  });

  it('ends a challenge after five wrong codes (ASVS 6.6.3)', async () => {
    const { person, app } = await personWithTwoFactor();
    const challenge = await challengeFor(person);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await post('/api/auth/two-factor', challenge, { method: 'totp', code: '111111' })).statusCode).toBe(401);
    }
    const sixth = await post('/api/auth/two-factor', challenge, { method: 'totp', code: app.generate(1) });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().error.message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('still asks for the code after a password reset (ASVS 6.4.3)', async () => {
    const { person } = await personWithTwoFactor();
    await t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.user.email } });
    const link = new URL(/https?:\/\/\S+/.exec(await outboxMail(t.config.dataDir, person.user.email))![0]);
    const reset = await t.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { userId: person.user.id, secret: link.searchParams.get('secret'), password: 'Reset-But-Still-Guarded-7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = await signIn(person, 'Reset-But-Still-Guarded-7');
    expect(after.json()).toEqual({ twoFactorRequired: true });
  });

  it('keeps the authenticator secret and backup codes encrypted at rest (ASVS 6.5.2)', async () => {
    const { person, secret, backupCodes } = await personWithTwoFactor();
    const row = await t.db.selectFrom('two_factor').selectAll().where('user_id', '=', person.user.id).executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(secret);
    for (const code of backupCodes) expect(stored).not.toContain(code);
  });

  it('turns off with the password, after which sign-in needs the password only', async () => {
    const person = await createUser(t);
    const enrolment = (await post('/api/me/two-factor/enable', person.cookie, { password: person.password })).json();
    await post('/api/me/two-factor/confirm', person.cookie, { code: authenticator(enrolment.totpUri).generate() });
    const session = sessionCookie(
      (
        await post('/api/auth/two-factor', cookiesFrom((await signIn(person)).headers['set-cookie']), {
          method: 'backup',
          code: enrolment.backupCodes[1],
        })
      ).headers['set-cookie'],
    );

    const renewed = await post('/api/me/two-factor/backup-codes', session, { password: person.password });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().backupCodes).toHaveLength(10);

    expect((await post('/api/me/two-factor/disable', session, { password: 'wrong-password' })).statusCode).toBe(400);
    const off = await post('/api/me/two-factor/disable', session, { password: person.password });
    expect(off.statusCode, off.body).toBe(200);
    expect((await signIn(person)).json().user.id).toBe(person.user.id);
  });

  it('is for signed-in people only', async () => {
    for (const url of [
      '/api/me/two-factor/enable',
      '/api/me/two-factor/confirm',
      '/api/me/two-factor/disable',
      '/api/me/two-factor/backup-codes',
    ]) {
      const response = await t.inject({ method: 'POST', url, payload: { password: 'x', code: '123456' } });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('sessions', () => {
  it('lists each device with browser, device, address and last activity, and ends one or all the others', async () => {
    const person = await createUser(t);
    const laptop = sessionCookie((await signIn(person)).headers['set-cookie']);
    const phone = sessionCookie((await signIn(person, person.password, CHROME_ANDROID)).headers['set-cookie']);

    const { sessions } = await overview(laptop);
    expect(sessions).toHaveLength(3);
    const current = sessions.find((session: { current: boolean }) => session.current);
    expect(current).toMatchObject({ browser: 'Firefox', device: 'macOS' });
    const android = sessions.find((session: { device: string }) => session.device === 'Android');
    expect(android).toMatchObject({ browser: 'Chrome', current: false });
    expect(android.ipAddress).toBeTruthy();
    expect(Date.parse(android.lastActiveAt)).not.toBeNaN();

    expect((await t.inject({ method: 'DELETE', url: `/api/me/sessions/${current.id}`, headers: { cookie: laptop } })).statusCode).toBe(400);
    const ended = await t.inject({ method: 'DELETE', url: `/api/me/sessions/${android.id}`, headers: { cookie: laptop } });
    expect(ended.statusCode).toBe(200);
    expect(await me(phone)).toBeNull();
    expect((await t.inject({ method: 'DELETE', url: `/api/me/sessions/${android.id}`, headers: { cookie: laptop } })).statusCode).toBe(404);

    const others = await post('/api/me/sessions/sign-out-others', laptop);
    expect(others.json()).toEqual({ ended: 1, tokensRevoked: 0 });
    expect(await me(person.cookie)).toBeNull();
    expect((await me(laptop)).id).toBe(person.user.id);
    expect((await overview(laptop)).sessions).toHaveLength(1);
  });

  it("never ends someone else's session", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const ownerSession = (await overview(owner.cookie)).sessions[0].id;
    const attempt = await t.inject({ method: 'DELETE', url: `/api/me/sessions/${ownerSession}`, headers: { cookie: stranger.cookie } });
    expect(attempt.statusCode).toBe(404);
    expect((await me(owner.cookie)).id).toBe(owner.user.id);
  });
});

describe('changing the password', () => {
  it('needs the current password, applies the password rules, and signs other devices out', async () => {
    const person = await createUser(t);
    const other = sessionCookie((await signIn(person)).headers['set-cookie']);
    const change = (payload: object) => post('/api/me/password', person.cookie, payload);

    const wrong = await change({ currentPassword: 'nope-nope', newPassword: 'Another-Good-Pass-42' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Your current password is incorrect.');
    expect((await change({ currentPassword: person.password, newPassword: 'short' })).json().error.message).toContain(
      'Password must be at least 8 characters long',
    );
    expect((await change({ currentPassword: person.password, newPassword: 'password123' })).statusCode).toBe(400);
    expect((await change({ currentPassword: person.password, newPassword: person.password })).json().error.code).toBe('same_password');

    const done = await change({ currentPassword: person.password, newPassword: 'Another-Good-Pass-42' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await me(other)).toBeNull();
    expect((await signIn(person)).statusCode).toBe(401);
    expect((await signIn(person, 'Another-Good-Pass-42')).statusCode).toBe(200);
  });
});

describe('personal access tokens after a password change or "sign out of all other devices"', () => {
  const newToken = async (person: TestUser) => {
    const created = await post('/api/me/tokens', person.cookie, { name: 'Script', scopes: ['read'], password: person.password });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().secret as string;
  };
  const asToken = async (secret: string) =>
    (await t.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${secret}` } })).statusCode;

  it('keep working after a password change unless revoking them is asked for', async () => {
    const person = await createUser(t);
    const kept = await newToken(person);
    const first = await post('/api/me/password', person.cookie, {
      currentPassword: person.password,
      newPassword: 'Another-Good-Pass-42',
      signOutOtherDevices: false,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await asToken(kept)).toBe(200);

    const later = await newToken({ ...person, password: 'Another-Good-Pass-42' });
    const othersToken = await newToken(await createUser(t));
    const second = await post('/api/me/password', person.cookie, {
      currentPassword: 'Another-Good-Pass-42',
      newPassword: 'Third-Good-Pass-43',
      revokeAccessTokens: true,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await asToken(kept)).toBe(401);
    expect(await asToken(later)).toBe(401);
    expect(await asToken(othersToken)).toBe(200);
    const stillSignedIn = sessionCookie(second.headers['set-cookie']);
    expect((await t.inject({ url: '/api/me/tokens', headers: { cookie: stillSignedIn } })).json().tokens).toEqual([]);
  });

  it('a wrong current password revokes nothing', async () => {
    const person = await createUser(t);
    const secret = await newToken(person);
    const wrong = await post('/api/me/password', person.cookie, {
      currentPassword: 'nope-nope',
      newPassword: 'Another-Good-Pass-42',
      revokeAccessTokens: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(await asToken(secret)).toBe(200);
  });

  it('"sign out of all other devices" leaves them unless asked, then revokes them all and says how many', async () => {
    const person = await createUser(t);
    const laptop = sessionCookie((await signIn(person)).headers['set-cookie']);
    const secrets = [await newToken(person), await newToken(person)];

    const plain = await post('/api/me/sessions/sign-out-others', laptop);
    expect(plain.json()).toEqual({ ended: 1, tokensRevoked: 0 });
    for (const secret of secrets) expect(await asToken(secret)).toBe(200);

    const revoking = await post('/api/me/sessions/sign-out-others', laptop, { revokeAccessTokens: true });
    expect(revoking.statusCode, revoking.body).toBe(200);
    expect(revoking.json()).toEqual({ ended: 0, tokensRevoked: 2 });
    for (const secret of secrets) expect(await asToken(secret)).toBe(401);
    expect((await me(laptop)).id).toBe(person.user.id);
  });
});

describe('deleting an account', () => {
  it('needs the password, then removes the person and takes them out of album totals', async () => {
    const albumId = await buildAlbum(t.db, { title: 'Shared Album' });
    const leaving = await createUser(t);
    const staying = await createUser(t);
    const rate = (person: TestUser, rating: number) =>
      t.inject({ method: 'PUT', url: `/api/albums/${albumId}/rating`, payload: { rating }, headers: { cookie: person.cookie } });
    await rate(leaving, 2);
    await rate(staying, 9);
    await t.inject({ method: 'PUT', url: `/api/albums/${albumId}/like`, headers: { cookie: leaving.cookie } });

    const refused = await deleteAccount(t, leaving, 'wrong');
    expect(refused.statusCode).toBe(400);
    expect((await me(leaving.cookie)).id).toBe(leaving.user.id);

    const deleted = await deleteAccount(t, leaving);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(String(deleted.headers['set-cookie'])).toContain('hearsay.session_token=;');
    expect(await me(leaving.cookie)).toBeNull();
    expect((await signIn(leaving)).statusCode).toBe(401);

    const album = (await t.inject({ method: 'GET', url: `/api/albums/${albumId}` })).json();
    expect(album).toMatchObject({ averageRating: 9, ratingCount: 1 });
    const state = (await t.inject({ method: 'GET', url: `/api/albums/${albumId}/me`, headers: { cookie: staying.cookie } })).json();
    expect(state.likeCount).toBe(0);
    const users = (
      await t.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(leaving.user.name)}&type=users`,
        headers: { cookie: staying.cookie },
      })
    ).json();
    expect(JSON.stringify(users)).not.toContain(leaving.user.id);
  });
});

describe('sign-in providers', () => {
  it('lists every provider and shows the ones without credentials as unavailable', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json().providers).toEqual([
      { id: 'spotify', name: 'Spotify', available: false },
      { id: 'apple', name: 'Apple Music', available: false },
      { id: 'facebook', name: 'Facebook', available: false },
      { id: 'x', name: 'X', available: false },
      { id: 'oidc', name: 'OpenID Connect', available: false },
    ]);
    const start = await t.inject({ method: 'POST', url: '/api/auth/oauth/spotify', payload: {} });
    expect(start.statusCode).toBe(400);
    expect(start.json().error.message).toBe('This sign-in provider is not set up on this site.');
    expect((await t.inject({ method: 'POST', url: '/api/auth/oauth/myspace', payload: {} })).statusCode).toBe(400);
  });
});
