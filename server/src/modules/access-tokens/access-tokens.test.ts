import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { capturedLogs } from '../../../test/logs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const ADMIN = 'tokens-admin@example.com';
const DAY = 24 * 3600_000;
const CROSS_SITE = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };

let t: TestApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { ADMIN_EMAILS: ADMIN } });
});
afterAll(() => t.close());

/** Creates a token with the person's cookie, confirmed with their password unless the body says otherwise. */
function createToken(app: TestApp, person: TestUser, body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/me/tokens',
    headers: { cookie: person.cookie },
    payload: { password: person.password, ...body },
  });
}

async function newToken(app: TestApp, person: TestUser, body: object = { name: 'Script', scopes: ['read'] }): Promise<string> {
  const response = await createToken(app, person, body);
  if (response.statusCode !== 201) throw new Error(`token not created: ${response.statusCode} ${response.body}`);
  return response.json().secret;
}

const bearer = (secret: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${secret}`, ...extra });

describe('personal access tokens', () => {
  it('are shown once when created and listed without their secret', async () => {
    const person = await createUser(t);
    const created = await createToken(t, person, { name: '  Play counter  ', scopes: ['write'] });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { token, secret } = created.json();
    expect(secret).toMatch(/^hsy_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Play counter', scopes: ['read', 'write'], prefix: secret.slice(4, 12), lastUsedOn: null });
    // The default expiry is 90 days.
    expect(new Date(token.expiresAt).getTime() - new Date(token.createdAt).getTime()).toBe(90 * DAY);

    const listed = await t.inject({ method: 'GET', url: '/api/me/tokens', headers: { cookie: person.cookie } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ limit: 20, tokens: [{ id: token.id, name: 'Play counter' }] });
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toContain(secret.slice(4));

    const never = (await createToken(t, person, { name: 'Forever', scopes: ['read'], expiresIn: 'never' })).json();
    expect(never.token.expiresAt).toBeNull();
  });

  it('refuse names that are blank or too long, unknown scopes and expiries, with a clear 400', async () => {
    const person = await createUser(t);
    for (const body of [
      { name: '   ', scopes: ['read'] },
      { name: 'x'.repeat(61), scopes: ['read'] },
      { name: 'Script', scopes: [] },
      { name: 'Script', scopes: ['admin'] },
      { name: 'Script', scopes: ['read'], expiresIn: '2y' },
    ]) {
      const response = await createToken(t, person, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('invalid_request');
    }
  });

  it('are limited to 20 active ones per member; revoking one makes room', async () => {
    const person = await createUser(t);
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) ids.push((await createToken(t, person, { name: `T${n}`, scopes: ['read'] })).json().token.id);
    const refused = await createToken(t, person, { name: 'One more', scopes: ['read'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('token_limit');
    const revoked = await t.inject({ method: 'DELETE', url: `/api/me/tokens/${ids[0]}`, headers: { cookie: person.cookie } });
    expect(revoked.statusCode).toBe(200);
    expect((await createToken(t, person, { name: 'One more', scopes: ['read'] })).statusCode).toBe(201);
  });

  it('a read token reads as its owner and is refused a write', async () => {
    const person = await createUser(t);
    const secret = await newToken(t, person);
    const me = await t.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe(person.user.username);
    expect((await t.inject({ method: 'GET', url: '/api/me/ratings', headers: bearer(secret) })).statusCode).toBe(200);

    const albumId = await buildAlbum(t.db);
    const write = await t.inject({ method: 'PUT', url: `/api/albums/${albumId}/rating`, headers: bearer(secret), payload: { rating: 8 } });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toMatchObject({ code: 'token_scope' });
    expect(write.json().error.message).toContain('write scope');
  });

  it('a write token writes even with a cross-site Origin, while the same write with a cookie is refused', async () => {
    const person = await createUser(t);
    const secret = await newToken(t, person, { name: 'Rater', scopes: ['read', 'write'] });
    const albumId = await buildAlbum(t.db);
    const rated = await t.inject({
      method: 'PUT',
      url: `/api/albums/${albumId}/rating`,
      headers: bearer(secret, CROSS_SITE),
      payload: { rating: 7.5 },
    });
    expect(rated.statusCode).toBe(200);
    const mine = await t.inject({ method: 'GET', url: '/api/me/ratings', headers: bearer(secret) });
    expect(mine.json().items).toEqual([expect.objectContaining({ rating: 7.5 })]);

    const withCookie = await t.inject({
      method: 'PUT',
      url: `/api/albums/${albumId}/rating`,
      headers: { cookie: person.cookie, ...CROSS_SITE },
      payload: { rating: 3 },
    });
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json().error.code).toBe('csrf_rejected');
    // A proxy's Basic authorization is no token: the cookie request still gets the full check.
    const basic = await t.inject({
      method: 'PUT',
      url: `/api/albums/${albumId}/rating`,
      headers: { cookie: person.cookie, authorization: 'Basic dXNlcjpwYXNz', ...CROSS_SITE },
      payload: { rating: 3 },
    });
    expect(basic.json().error.code).toBe('csrf_rejected');
  });

  it('authenticate by the token alone: a bad token with a valid cookie is 401, never the cookie person or a visitor', async () => {
    const person = await createUser(t);
    for (const secret of ['hsy_' + 'A'.repeat(43), 'not-a-token', '']) {
      const response = await t.inject({ method: 'GET', url: '/api/me', headers: { ...bearer(secret), cookie: person.cookie } });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('token_invalid');
    }
  });

  it('a revoked token is refused with 401', async () => {
    const person = await createUser(t);
    const created = (await createToken(t, person, { name: 'Old script', scopes: ['read'] })).json();
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: bearer(created.secret) })).statusCode).toBe(200);
    await t.inject({ method: 'DELETE', url: `/api/me/tokens/${created.token.id}`, headers: { cookie: person.cookie } });
    const refused = await t.inject({ method: 'GET', url: '/api/me', headers: bearer(created.secret) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('token_invalid');
    const listed = await t.inject({ method: 'GET', url: '/api/me/tokens', headers: { cookie: person.cookie } });
    expect(listed.json().tokens).toEqual([]);
    // Someone else's token is not found for you.
    const other = await createUser(t);
    const mine = (await createToken(t, person, { name: 'Mine', scopes: ['read'] })).json().token.id;
    expect((await t.inject({ method: 'DELETE', url: `/api/me/tokens/${mine}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  });

  it('an expired token is refused with 401 token_expired, and is listed as expired', async () => {
    const person = await createUser(t);
    const secret = await newToken(t, person, { name: 'Monthly', scopes: ['read'], expiresIn: '30d' });
    clock.advance(29 * DAY);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) })).statusCode).toBe(200);
    clock.advance(2 * DAY);
    const refused = await t.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('token_expired');
    const listed = (await t.inject({ method: 'GET', url: '/api/me/tokens', headers: { cookie: person.cookie } })).json();
    expect(listed.tokens[0]).toMatchObject({ expired: true });
  });

  it('record the day they were last used, at most once a minute', async () => {
    const person = await createUser(t);
    const secret = await newToken(t, person);
    await t.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) });
    const row = async () =>
      t.db.selectFrom('access_token').select('last_used_at').where('user_id', '=', person.user.id).executeTakeFirstOrThrow();
    const first = (await row()).last_used_at;
    expect(first).toBe(clock.now().toISOString());
    clock.advance(30_000);
    await t.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) });
    expect((await row()).last_used_at).toBe(first);
    clock.advance(31_000);
    await t.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) });
    expect((await row()).last_used_at).toBe(clock.now().toISOString());
    const listed = (await t.inject({ method: 'GET', url: '/api/me/tokens', headers: { cookie: person.cookie } })).json();
    expect(listed.tokens[0].lastUsedOn).toBe(clock.now().toISOString().slice(0, 10));
  });

  it('no token reaches the account security, whatever its scope', async () => {
    const person = await createUser(t);
    const secret = await newToken(t, person, { name: 'Everything', scopes: ['read', 'write'] });
    const attempts: [string, string, object?][] = [
      ['GET', '/api/me/tokens'],
      ['POST', '/api/me/tokens', { name: 'Another', scopes: ['write'], password: person.password }],
      ['DELETE', '/api/me/tokens/anything'],
      ['POST', '/api/me/password', { currentPassword: person.password, newPassword: 'Another-Horse-Battery-8' }],
      ['GET', '/api/me/security'],
      ['POST', '/api/me/two-factor/enable', { password: person.password }],
      ['POST', '/api/me/sessions/sign-out-others', {}],
      ['PUT', '/api/me/username', { username: 'taken_over', password: person.password }],
      ['POST', '/api/me/email', { email: 'attacker@example.com', password: person.password }],
      ['POST', '/api/auth/sign-out', {}],
      ['DELETE', '/api/me', { password: person.password }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await t.inject({ method: method as 'GET', url, headers: bearer(secret), payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('token_scope');
      expect(response.json().error.message).toContain('Sign in on the website');
    }
    // The password still works and the account is still there.
    const signIn = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: person.user.email, password: person.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("a suspended member's token is held to their standing like their session", async () => {
    const admin = await createUser(t, { email: ADMIN });
    const person = await createUser(t);
    const secret = await newToken(t, person);
    const decided = await t.inject({
      method: 'POST',
      url: '/api/moderation/decisions',
      headers: { cookie: admin.cookie },
      payload: { subjectType: 'profile', subjectId: person.user.id, action: 'suspend', reason: 'Spam links', days: 7 },
    });
    expect(decided.statusCode).toBeLessThan(300);
    const held = await t.inject({ method: 'GET', url: '/api/me/ratings', headers: bearer(secret) });
    expect(held.statusCode).toBe(403);
    expect(held.json().error.code).toBe('account_suspended');
  });

  it("are deleted with their member's account", async () => {
    const person = await createUser(t);
    const secret = await newToken(t, person);
    const deleted = await t.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: person.cookie },
      payload: { password: person.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.selectFrom('access_token').select('id').where('user_id', '=', person.user.id).execute()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) })).statusCode).toBe(401);
  });
});

describe('creating a token', () => {
  const tokensOf = (person: TestUser) => t.db.selectFrom('access_token').select('id').where('user_id', '=', person.user.id).execute();

  it('needs the current password: without it or with a wrong one, a clear 400 with its code and no token', async () => {
    const person = await createUser(t);
    for (const password of [undefined, 'Not-My-Password-1']) {
      const refused = await createToken(t, person, { name: 'Stolen session', scopes: ['write'], expiresIn: 'never', password });
      expect(refused.statusCode, String(password)).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'wrong_password',
        message: 'Your current password is incorrect.',
        issues: [{ path: 'body.password', code: 'wrong_password' }],
      });
    }
    expect(await tokensOf(person)).toEqual([]);
    expect((await t.inject({ url: '/api/me/tokens', headers: { cookie: person.cookie } })).json().tokens).toEqual([]);
    expect((await createToken(t, person, { name: 'Mine', scopes: ['write'] })).statusCode).toBe(201);
  });

  it('counts wrong passwords with the other security settings: ten an hour, then 429', async () => {
    const strict = await createTestApp({ clock: clock.now, env: { RATE_LIMIT_MULTIPLIER: '1' } });
    try {
      const person = await createUser(strict);
      for (let n = 0; n < 10; n++) {
        expect((await createToken(strict, person, { name: 'Guess', scopes: ['read'], password: `Guess-${n}-abcdef` })).statusCode).toBe(
          400,
        );
      }
      const locked = await createToken(strict, person, { name: 'Guess', scopes: ['read'] });
      expect(locked.statusCode).toBe(429);
      // The same count guards changing the password.
      const change = await strict.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: { cookie: person.cookie },
        payload: { currentPassword: person.password, newPassword: 'Another-Horse-Battery-8' },
      });
      expect(change.statusCode).toBe(429);
      expect(await strict.db.selectFrom('access_token').select('id').where('user_id', '=', person.user.id).execute()).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('lets members without a password create one within an hour of signing in with their provider', async () => {
    const person = await createUser(t);
    await t.db.updateTable('account').set({ password: null }).where('user_id', '=', person.user.id).execute();
    const body = { name: 'Provider person', scopes: ['read'], password: undefined };
    const signedIn = (hoursAgo: number) =>
      t.db
        .updateTable('session')
        .set({ created_at: new Date(clock.now().getTime() - hoursAgo * 3600_000).toISOString() })
        .where('user_id', '=', person.user.id)
        .execute();
    await signedIn(0.5);
    expect((await createToken(t, person, body)).statusCode).toBe(201);

    await signedIn(2);
    const stale = await createToken(t, person, body);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('sign_in_again');
    expect(await tokensOf(person)).toHaveLength(1);
  });
});

describe('a token’s budget and the logs', () => {
  let limited: TestApp;
  const { lines, logger } = capturedLogs();

  beforeAll(async () => {
    limited = await createTestApp({
      env: { API_TOKEN_RATE_LIMIT: '3', API_TOKEN_WINDOW_SECONDS: '600' },
      logger: logger('trace'),
    });
  });
  afterAll(() => limited.close());

  it('every token answer carries RateLimit headers; past the budget it is 429 with Retry-After; cookies are not counted', async () => {
    const person = await createUser(limited);
    const secret = await newToken(limited, person);
    const remaining: string[] = [];
    for (let n = 0; n < 3; n++) {
      const response = await limited.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(response.headers['ratelimit-reset'])).toBeLessThanOrEqual(600);
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const over = await limited.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    // A refusal for scope still carries the headers.
    const other = await newToken(limited, person);
    const refused = await limited.inject({ method: 'POST', url: '/api/me/tokens', headers: bearer(other), payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['ratelimit-remaining']).toBe('2');

    const cookie = await limited.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } });
    expect(cookie.statusCode).toBe(200);
    expect(cookie.headers['ratelimit-limit']).toBeUndefined();
  });

  it('never writes a token or a cookie to the logs', async () => {
    const person = await createUser(limited);
    const secret = await newToken(limited, person);
    lines.length = 0;
    await limited.inject({ method: 'GET', url: '/api/me/ratings', headers: bearer(secret, { cookie: person.cookie }) });
    await limited.inject({ method: 'GET', url: '/api/nothing-here', headers: bearer(secret) });
    // A log line that includes request headers has the credentials redacted.
    limited.app.log.info({ headers: { authorization: `Bearer ${secret}`, cookie: person.cookie } }, 'headers');
    const logged = lines.join('');
    expect(logged).toContain('/api/me/ratings');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(secret.slice(4, 20));
    expect(logged).not.toContain(person.cookie.split('=')[1]!.slice(0, 16));
  });
});

describe('a token’s budget across several server processes (REDIS_URL)', () => {
  it('is one budget, counted in Redis, whichever process answers', async () => {
    const env = { API_TOKEN_RATE_LIMIT: '3', REDIS_URL: 'redis://127.0.0.1:6379' };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env, sameDatabaseAs: first });
    try {
      const person = await createUser(first);
      const secret = await newToken(first, person);
      const answers = [];
      for (const app of [first, second, first, second])
        answers.push(await app.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) }));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes token authentication, the scope of every operation and an example valid against each schema', async () => {
    const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.bearerAuth.description).toContain('RateLimit-Remaining');
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });

    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const problems: string[] = [];
    let operations = 0;
    type Media = { schema?: object; example?: unknown };
    type Operation = {
      tags?: string[];
      'x-token-scope'?: string;
      requestBody?: { content?: Record<string, Media> };
      responses?: Record<string, { content?: Record<string, Media> }>;
    };
    for (const [path, item] of Object.entries<Record<string, Operation>>(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        operations++;
        const name = `${method.toUpperCase()} ${path}`;
        if (!operation.tags?.length) problems.push(`${name}: no tag`);
        // The ListenBrainz-compatible API (/1/) takes a player's token to submit, and any token (or none) to read.
        const scopes = path.startsWith('/1/') ? ['listens:write', 'any'] : ['read', 'write', 'none'];
        if (!scopes.includes(operation['x-token-scope'] ?? '')) problems.push(`${name}: no token scope`);
        const media: [string, Media][] = [
          ...Object.values(operation.requestBody?.content ?? {}).map((content): [string, Media] => ['request', content]),
          ...Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
            Object.values(response.content ?? {}).map((content): [string, Media] => [status, content]),
          ),
        ];
        if (operation.requestBody && !media.some(([kind, content]) => kind === 'request' && content.example !== undefined)) {
          problems.push(`${name}: no request example`);
        }
        if (!media.some(([kind, content]) => kind !== 'request' && content.example !== undefined))
          problems.push(`${name}: no response example`);
        for (const [kind, content] of media) {
          if (content.example === undefined || !content.schema) continue;
          const validate = ajv.compile(content.schema);
          if (!validate(content.example)) problems.push(`${name} ${kind}: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(problems).toEqual([]);

    expect(document.paths['/api/me/ratings'].get['x-token-scope']).toBe('read');
    // The ListenBrainz-compatible API for players states its own token (decision 072).
    expect(document.paths['/1/submit-listens'].post).toMatchObject({
      'x-token-scope': 'listens:write',
      security: [{ listenBrainzToken: [] }],
    });
    expect(document.components.securitySchemes.listenBrainzToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(document.paths['/api/albums/{albumId}/rating'].put['x-token-scope']).toBe('write');
    expect(document.paths['/api/me/tokens'].post).toMatchObject({ 'x-token-scope': 'none', security: [{ sessionCookie: [] }] });
    expect(document.paths['/api/me/password'].post['x-token-scope']).toBe('none');
    // A members-only operation needs a session or a token; any other takes either, or neither (`{}`).
    expect(document.paths['/api/me/ratings'].get).toMatchObject({
      'x-access': 'members',
      security: [{ sessionCookie: [] }, { bearerAuth: [] }],
    });
    expect(document.paths['/api/me/ratings'].get.description).toContain('Signed-in people only');
    expect(document.paths['/api/albums'].get.security).toEqual([{}, { sessionCookie: [] }, { bearerAuth: [] }]);
    expect(document.paths['/api/auth/sign-in'].post.security).toEqual([{}, { sessionCookie: [] }]);
  });
});
