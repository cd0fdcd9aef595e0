import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postRawJson } from '../../../test/app.ts';
import { storedResetIdentifier } from '../../platform/auth/auth.ts';
import { createTestAppWithMailbox, type TestAppWithMailbox } from '../../../test/mailbox.ts';
import { createUser, sessionCookie } from '../../../test/users.ts';
import { errorAnswer } from '../../../test/requests.ts';
import { usingPostgres } from '../../../test/database.ts';
import { usernameBase } from './usernames.ts';

let t: TestAppWithMailbox;

beforeAll(async () => {
  t = await createTestAppWithMailbox();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, payload: payload as object, headers });

describe('registration', () => {
  it('creates the account, a profile and a username, and starts an http-only session', async () => {
    const response = await post('/api/auth/register', { name: 'Zoë O’Brien', email: 'Zoe@Example.com', password: 'Quiet-Library-42' });
    expect(response.statusCode, response.body).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({ name: 'Zoë O’Brien', email: 'zoe@example.com', username: 'zoe_obrien', onboardingCompleted: false });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await t.inject({ url: '/api/me', headers: { cookie: sessionCookie(response.headers['set-cookie']) } });
    expect(me.json().user).toMatchObject({ id: user.id, username: 'zoe_obrien' });
    const profile = await t.db.selectFrom('profile').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    expect(profile).toBeDefined();
  });

  it('says "This email is already registered" for a taken address, whatever its case', async () => {
    await createUser(t, { email: 'taken@example.com' });
    const response = await post('/api/auth/register', { name: 'Someone Else', email: 'TAKEN@example.com', password: 'Quiet-Library-42' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This email is already registered');
  });

  it('gives people with the same name different usernames, never a reserved one', async () => {
    const first = await createUser(t, { name: 'Sam Lee' });
    const second = await createUser(t, { name: 'Sam Lee' });
    expect(first.user.username).toBe('sam_lee');
    expect(second.user.username).toBe('sam_lee2');
    const me = await createUser(t, { name: 'Me' });
    expect(me.user.username).not.toBe('me');
    expect(usernameBase('guest')).toBe('guest_1');
  });

  it('reads a name as NFKC and refuses invisible characters and words mixing look-alike alphabets', async () => {
    const register = (name: string, n: number) =>
      post('/api/auth/register', { name, email: `lookalike${n}@example.com`, password: 'Quiet-Library-42' });
    const refusals: [string, string][] = [
      ['\u0430lice', 'Write each word of your name in one alphabet'],
      ['Al\u200Bice', 'Your name cannot contain invisible characters'],
      ['Alice\u202E', 'Your name cannot contain invisible characters'],
      ['\u3164', 'Your name cannot contain invisible characters'],
      ['\u00A0 \u2003', 'Please enter your name'],
    ];
    for (const [n, [name, message]] of refusals.entries()) {
      const refused = await register(name, n);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().error.issues[0].message, name).toBe(message);
    }
    // Full-width letters are plain ones; other alphabets, and emoji joined into one, are welcome.
    expect((await register('\uFF21\uFF4C\uFF49\uFF43\uFF45', 10)).json().user.name).toBe('Alice');
    for (const [n, name] of ['Дмитрий Ivanov', 'Αλέξης', '田中 花子', 'Ana 👩\u200D🎤'].entries()) {
      const accepted = await register(name, 20 + n);
      expect(accepted.statusCode, name).toBe(200);
      expect(accepted.json().user.name).toBe(name);
    }
    const person = await createUser(t);
    const renamed = await t.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { name: 'B\u043Eb' },
      headers: { cookie: person.cookie },
    });
    expect(renamed.statusCode).toBe(400);
  });

  it('keeps names that speak for the site from usernames, chosen or given', async () => {
    for (const name of ['Moderator', 'Hearsay Team', 'Site Admin']) {
      const person = await createUser(t, { name });
      expect(person.user.username, name).toMatch(/^listener\d*$/);
    }
    const person = await createUser(t);
    for (const username of ['moderator', 'hearsay_team', 'admin2', 'the_moderator', 'staff', 'official_news']) {
      const changed = await t.inject({
        method: 'PUT',
        url: '/api/me/username',
        payload: { username, password: person.password },
        headers: { cookie: person.cookie },
      });
      expect(changed.statusCode, username).toBe(400);
      expect(changed.json().error.issues[0].message, username).toBe('That username is reserved. Please choose another');
    }
  });

  it('refuses short, overlong and common passwords, checking them exactly as typed', async () => {
    const short = await post('/api/auth/register', { name: 'A', email: 'a1@example.com', password: 'Ab1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('at least 8 characters');
    const long = await post('/api/auth/register', { name: 'A', email: 'a2@example.com', password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    const common = await post('/api/auth/register', { name: 'A', email: 'a3@example.com', password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toContain('too common');
    const spaces = await createUser(t, { password: '  spaced out passphrase  ' });
    const signIn = await post('/api/auth/sign-in', { email: spaces.user.email, password: 'spaced out passphrase' });
    expect(signIn.statusCode).toBe(401);
    const exact = await post('/api/auth/sign-in', { email: spaces.user.email, password: '  spaced out passphrase  ' });
    expect(exact.statusCode).toBe(200);
  });

  it('stores argon2id hashes at OWASP parameters, never the password', async () => {
    const person = await createUser(t);
    const account = await t.db.selectFrom('account').select('password').where('user_id', '=', person.user.id).executeTakeFirstOrThrow();
    expect(account.password).toMatch(/^\$argon2id\$v=19\$/);
    expect(account.password).toMatch(/[$,]m=19456[,$]/);
    expect(account.password).toMatch(/[$,]t=2[,$]/);
    expect(account.password).toMatch(/[$,]p=1[,$]/);
    expect(account.password).not.toContain(person.password);
  });

  it('answers malformed input with 400, never 500', async () => {
    for (const payload of [
      {},
      { name: 'x' },
      { name: 'x', email: 'not-an-email', password: 'Quiet-Library-42' },
      { name: 'x'.repeat(500), email: 'b@example.com', password: 'Quiet-Library-42' },
    ]) {
      const response = await post('/api/auth/register', payload);
      expect(response.statusCode).toBe(400);
    }
    const broken = await postRawJson(t, '/api/auth/sign-in', '{"email":');
    expect(broken.statusCode).toBe(400);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in, and signing out ends the session on the server', async () => {
    const person = await createUser(t);
    const signIn = await post('/api/auth/sign-in', { email: person.user.email, password: person.password });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn.headers['set-cookie']);
    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/hearsay\.session_token=;|Max-Age=0/i);
    const me = await t.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().user).toBeNull();
  });

  it('gives the same message for a wrong password and an unknown address', async () => {
    const person = await createUser(t);
    const wrong = await post('/api/auth/sign-in', { email: person.user.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/sign-in', { email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorAnswer(wrong)).toEqual(errorAnswer(unknown));
    expect(wrong.json().error.message).toBe('Failed to sign in. Please check your credentials.');
    const empty = await post('/api/auth/sign-in', { email: '', password: '' });
    expect(empty.json().error.message).toContain('Please fill in all fields');
  });

  it('keeps at most 10 sessions per person, signing out the oldest', async () => {
    const person = await createUser(t);
    const cookies = [person.cookie];
    for (let index = 0; index < 10; index++) {
      const response = await post('/api/auth/sign-in', { email: person.user.email, password: person.password });
      cookies.push(sessionCookie(response.headers['set-cookie']));
    }
    const sessions = await t.db.selectFrom('session').select('id').where('user_id', '=', person.user.id).execute();
    expect(sessions).toHaveLength(10);
    expect((await t.inject({ url: '/api/me', headers: { cookie: cookies[0]! } })).json().user).toBeNull();
    expect((await t.inject({ url: '/api/me', headers: { cookie: cookies[10]! } })).json().user).not.toBeNull();
  });
});

describe('rate limits', () => {
  it('locks an address after 10 failed sign-ins in an hour, with Retry-After; other addresses still work', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      strict.inject({ method: 'POST', url, payload: payload as object, headers });
    try {
      const person = await createUser(strict);
      for (let attempt = 0; attempt < 10; attempt++) {
        expect(
          (
            await post(
              '/api/auth/sign-in',
              { email: person.user.email, password: 'wrong-password' },
              { 'x-forwarded-for': `10.0.0.${attempt}` },
            )
          ).statusCode,
        ).toBe(401);
      }
      const locked = await post('/api/auth/sign-in', { email: person.user.email, password: person.password });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.json().error.message).toMatch(/Too many attempts/);
      const other = await createUser(strict);
      expect((await post('/api/auth/sign-in', { email: other.user.email, password: other.password })).statusCode).toBe(200);
      // The owner can still recover by e-mail.
      expect((await post('/api/auth/forgot-password', { email: person.user.email })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('limits sign-ups to 10 an hour from one address, and X-Forwarded-For does not reset it without a trusted proxy', async () => {
    const fresh = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });
    try {
      for (let index = 0; index < 10; index++) {
        const response = await fresh.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: `P ${index}`, email: `p${index}@example.com`, password: 'Quiet-Library-42' },
          headers: { 'x-forwarded-for': `192.0.2.${index}` },
        });
        expect(response.statusCode).toBe(200);
      }
      const eleventh = await fresh.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'P 11', email: 'p11@example.com', password: 'Quiet-Library-42' },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(eleventh.statusCode).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('password recovery', () => {
  it('answers identically for unknown addresses, and mails a single-use link that resets the password', async () => {
    const person = await createUser(t, { email: 'forgetful@example.com' });
    const known = await post('/api/auth/forgot-password', { email: 'forgetful@example.com' });
    const unknown = await post('/api/auth/forgot-password', { email: 'stranger@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);

    const mail = await t.mailbox.next('forgetful@example.com');
    expect(mail.subject).toBe('Reset your Hearsay password');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.origin + link.pathname).toBe('http://hearsay.test/reset-password');
    const userId = link.searchParams.get('userId')!;
    const secret = link.searchParams.get('secret')!;
    expect(userId).toBe(person.user.id);

    const wrongUser = await post('/api/auth/reset-password', { userId: 'someone-else', secret, password: 'Brand-New-Secret-77' });
    expect(wrongUser.statusCode).toBe(400);
    const reset = await post('/api/auth/reset-password', { userId, secret, password: 'Brand-New-Secret-77' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.inject({ url: '/api/me', headers: { cookie: person.cookie } })).json().user).toBeNull();
    expect((await post('/api/auth/sign-in', { email: person.user.email, password: 'Brand-New-Secret-77' })).statusCode).toBe(200);
    expect((await post('/api/auth/sign-in', { email: person.user.email, password: person.password })).statusCode).toBe(401);

    const again = await post('/api/auth/reset-password', { userId, secret, password: 'Another-Secret-88' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This password reset link has expired or has already been used. Please request a new one.');
    expect(t.mailbox.received.filter((message) => message.to === 'stranger@example.com')).toEqual([]);
  });

  it('expires reset links after an hour', async () => {
    await createUser(t, { email: 'late@example.com' });
    await post('/api/auth/forgot-password', { email: 'late@example.com' });
    const mail = await t.mailbox.next('late@example.com');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    const secret = link.searchParams.get('secret')!;
    const row = await t.db
      .selectFrom('verification')
      .select('expires_at')
      .where('identifier', '=', storedResetIdentifier(secret))
      .executeTakeFirstOrThrow();
    const minutes = (new Date(row.expires_at as string).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
    await t.db
      .updateTable('verification')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() as never })
      .where('identifier', '=', storedResetIdentifier(secret))
      .execute();
    const response = await post('/api/auth/reset-password', {
      userId: link.searchParams.get('userId'),
      secret,
      password: 'Brand-New-Secret-77',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/me', () => {
  it('is null for a visitor and for a forged cookie', async () => {
    expect((await t.inject('/api/me')).json()).toEqual({ user: null });
    expect((await t.inject({ url: '/api/me', headers: { cookie: 'hearsay.session_token=forged.value' } })).json()).toEqual({ user: null });
  });
});

describe('onboarding', () => {
  it('is for members only', async () => {
    expect((await t.inject('/api/me/onboarding')).statusCode).toBe(401);
    expect((await t.inject({ method: 'PUT', url: '/api/me/onboarding', payload: { step: 1 } })).statusCode).toBe(401);
  });

  it('offers the default genre groups, saves each step, resumes, and finishes', async () => {
    const person = await createUser(t);
    const headers = { cookie: person.cookie };
    const start = (await t.inject({ url: '/api/me/onboarding', headers })).json();
    expect(start).toMatchObject({ lastCompletedStep: 0, completed: false, preferredGenres: [], favoriteArtists: [] });
    expect(start.genreGroups.map((group: { name: string }) => group.name)).toEqual(['Rock', 'Electronic', 'Hip Hop', 'Jazz', 'Other']);
    // The site's genres include Rock itself (decision 077), which leads its group.
    expect(start.genreGroups[0].genres.map((genre: { name: string }) => genre.name)).toEqual([
      'Rock',
      'Alternative',
      'Indie',
      'Classic',
      'Post-Rock',
    ]);

    const genres = await t.inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers,
      payload: { step: 1, preferredGenres: ['jazz', 'indie'] },
    });
    expect(genres.statusCode, genres.body).toBe(200);
    expect(genres.json()).toMatchObject({ lastCompletedStep: 1, preferredGenres: ['jazz', 'indie'] });

    const bad = await t.inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers,
      payload: { step: 2, favoriteArtists: ['no-such-artist'] },
    });
    expect(bad.statusCode).toBe(400);
    const badStep = await t.inject({ method: 'PUT', url: '/api/me/onboarding', headers, payload: { step: 7 } });
    expect(badStep.statusCode).toBe(400);

    const done = await t.inject({ method: 'PUT', url: '/api/me/onboarding', headers, payload: { step: 3, completed: true } });
    expect(done.json()).toMatchObject({ lastCompletedStep: 3, completed: true, preferredGenres: ['jazz', 'indie'] });
    expect((await t.inject({ url: '/api/me', headers })).json().user.onboardingCompleted).toBe(true);
  });
});

describe('ASVS checks', () => {
  it('allows long passwords: 64 and 128 characters (ASVS 6.2.9)', async () => {
    for (const length of [64, 128]) {
      const password = 'Long-passphrase-'.repeat(10).slice(0, length);
      const person = await createUser(t, { password });
      expect((await post('/api/auth/sign-in', { email: person.user.email, password })).statusCode).toBe(200);
    }
  });

  it('never truncates or case-folds (ASVS 6.2.8): passwords differing only at character 75, or in case, are different', async () => {
    const password = `${'a'.repeat(74)}X${'b'.repeat(5)}`;
    const person = await createUser(t, { password });
    const late = `${'a'.repeat(74)}Y${'b'.repeat(5)}`;
    expect((await post('/api/auth/sign-in', { email: person.user.email, password: late })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in', { email: person.user.email, password: password.toUpperCase() })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in', { email: person.user.email, password })).statusCode).toBe(200);
  });

  it('accepts a long all-lowercase password: no composition rules (ASVS 6.2.5)', async () => {
    const person = await createUser(t, { password: 'correct horse battery staple' });
    expect(person.user.id).toBeTruthy();
  });

  it('issues a fresh 128-bit-plus session token at every sign-in (ASVS 7.2.3, 7.2.4)', async () => {
    const person = await createUser(t);
    const first = await post('/api/auth/sign-in', { email: person.user.email, password: person.password }, { cookie: person.cookie });
    const token = sessionCookie(first.headers['set-cookie']).split('=')[1]!.split('.')[0]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(sessionCookie(first.headers['set-cookie'])).not.toBe(person.cookie);
  });

  // On PostgreSQL also while the database is too busy to issue a token. On SQLite a lock held by another connection of
  // the same process stalls that process outright, so whether the answer waited cannot be told apart from the stall.
  it('answers recovery for known and unknown addresses in the same time, within noise, and on PostgreSQL while the database is too busy to issue a token (ASVS 6.3.8)', async () => {
    const person = await createUser(t);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 25; round++) {
      let started = performance.now();
      await post('/api/auth/forgot-password', { email: person.user.email });
      known.push(performance.now() - started);
      started = performance.now();
      await post('/api/auth/forgot-password', { email: `nobody-${round}@example.com` });
      unknown.push(performance.now() - started);
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(10);
    if (!usingPostgres) return;

    const busy = await createUser(t, { email: 'busy-day@example.com' });
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    const tokens = async () => (await t.db.selectFrom('verification').select('id').execute()).length;
    const before = await tokens();
    try {
      await holder.query('begin');
      await holder.query('lock table verification in exclusive mode');
      const answers = await Promise.race([
        Promise.all([
          post('/api/auth/forgot-password', { email: busy.user.email }),
          post('/api/auth/forgot-password', { email: 'nobody-busy@example.com' }),
        ]),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000)),
      ]);
      expect(answers).not.toBe('waited');
      const [knownAnswer, unknownAnswer] = answers as Awaited<ReturnType<typeof post>>[];
      expect(knownAnswer!.statusCode).toBe(200);
      expect(knownAnswer!.body).toBe(unknownAnswer!.body);
      expect(await tokens()).toBe(before);
      await holder.query('commit');
      expect((await t.mailbox.next(busy.user.email)).subject).toBe('Reset your Hearsay password');
    } finally {
      await holder.end();
    }
  });

  it('ends sessions past their absolute lifetime of 90 days, however active (ASVS 7.3.2)', async () => {
    let now = new Date();
    const clocked = await createTestApp({ clock: () => now });
    try {
      const person = await createUser(clocked);
      expect((await clocked.inject({ url: '/api/me', headers: { cookie: person.cookie } })).json().user).not.toBeNull();
      now = new Date(Date.now() + 91 * 24 * 3600 * 1000);
      expect((await clocked.inject({ url: '/api/me', headers: { cookie: person.cookie } })).json().user).toBeNull();
    } finally {
      await clocked.close();
    }
  });
});
