import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postRawJson, type TestApp } from '../../../test/app.ts';
import { createUser, sessionCookie } from '../../../test/users.ts';

/**
 * POST routes whose body is optional take a request without one, in both forms clients send it: a JSON
 * content type with nothing after it (fetch with `headers: {'content-type': 'application/json'}` and no body),
 * or neither content type nor body (curl -X POST).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SPOTIFY_CLIENT_ID: 'hearsay-test', SPOTIFY_CLIENT_SECRET: 'test-client-secret' } });
});
afterAll(() => t.close());

const forms = {
  'an empty JSON body': { 'content-type': 'application/json' },
  'no content type and no body': {},
} as const;

const emptyPost = (url: string, form: keyof typeof forms, cookie?: string) =>
  t.inject({ method: 'POST', url, headers: { ...forms[form], ...(cookie ? { cookie } : {}) } });

describe.each(Object.keys(forms) as (keyof typeof forms)[])('POST with %s', (form) => {
  it('signs out', async () => {
    const person = await createUser(t);
    const response = await emptyPost('/api/auth/sign-out', form, person.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await t.inject({ url: '/api/me', headers: { cookie: person.cookie } })).json().user).toBeNull();
  });

  it('signs out of the other devices', async () => {
    const person = await createUser(t);
    const other = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: person.user.email, password: person.password },
    });
    const otherCookie = sessionCookie(other.headers['set-cookie']);
    const response = await emptyPost('/api/me/sessions/sign-out-others', form, person.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 1, tokensRevoked: 0 });
    expect((await t.inject({ url: '/api/me', headers: { cookie: otherCookie } })).json().user).toBeNull();
  });

  it('starts a provider sign-in and a provider link', async () => {
    const start = await emptyPost('/api/auth/oauth/spotify', form);
    expect(start.statusCode, start.body).toBe(200);
    expect(new URL(start.json().url).hostname).toBe('accounts.spotify.com');
    const person = await createUser(t);
    const link = await emptyPost('/api/me/connected-accounts/spotify', form, person.cookie);
    expect(link.statusCode, link.body).toBe(200);
    expect(new URL(link.json().url).hostname).toBe('accounts.spotify.com');
  });

  it('returns the profile that sign-up created', async () => {
    const person = await createUser(t);
    const response = await emptyPost('/api/auth/profile', form, person.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: person.user.id });
  });
});

describe('a route whose body is required', () => {
  it('still answers 400 to an empty body, and to JSON that is only whitespace', async () => {
    const empty = await postRawJson(t, '/api/auth/sign-in');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('invalid_request');
    const blank = await postRawJson(t, '/api/auth/sign-in', ' ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.code).toBe('invalid_json');
  });
});
