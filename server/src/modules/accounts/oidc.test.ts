import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, sessionCookie } from '../../../test/users.ts';

/**
 * Sign-in with a generic OpenID Connect provider, against a real local provider (discovery, JWKS-signed
 * ID tokens, PKCE, userinfo) started by this test. Only the browser hops are played by hand.
 */
let provider: OAuth2Server;
let t: TestApp;
let claims: { sub: string; email: string; name: string; email_verified: boolean };

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const issuer = provider.issuer.url!;
  provider.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, claims);
  });
  provider.service.on(Events.BeforeUserinfo, (response) => {
    response.body = { ...claims };
  });
  t = await createTestApp({
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'hearsay-test', OIDC_CLIENT_SECRET: 'test-client-secret', OIDC_NAME: 'Community Login' },
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

const cookieHeader = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .filter((cookie) => !/max-age=0/i.test(cookie))
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** Start → the provider's authorize page (which answers at once) → our callback, with the browser's cookies. */
async function signInThroughProvider(start: { url: string; cookie?: string; redirect?: string }) {
  const begin = await t.inject({
    method: 'POST',
    url: start.url,
    payload: start.redirect ? { redirect: start.redirect } : {},
    headers: start.cookie ? { cookie: start.cookie } : {},
  });
  expect(begin.statusCode, begin.body).toBe(200);
  const authorizeUrl = new URL(begin.json().url);
  expect(authorizeUrl.origin).toBe(provider.issuer.url);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/callback/oidc');
  const stateCookies = cookieHeader(begin.headers['set-cookie']);
  return t.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: [start.cookie, stateCookies].filter(Boolean).join('; ') },
  });
}

describe('OpenID Connect sign-in', () => {
  it('is offered under its configured name', async () => {
    const providers = (await t.inject({ method: 'GET', url: '/api/auth/providers' })).json().providers;
    expect(providers).toContainEqual({ id: 'oidc', name: 'Community Login', available: true });
  });

  it('creates an account with a username and a profile on first sign-in, then signs the same person in again', async () => {
    claims = { sub: 'oidc-person-1', email: 'ada.lovelace@example.org', name: 'Ada Lovelace', email_verified: true };
    const callback = await signInThroughProvider({ url: '/api/auth/oauth/oidc', redirect: '/album/ok-computer' });
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toContain('/auth/callback');
    const cookie = sessionCookie(callback.headers['set-cookie']);
    const me = (await t.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    expect(me).toMatchObject({ email: 'ada.lovelace@example.org', name: 'Ada Lovelace', username: 'ada_lovelace' });

    const again = await signInThroughProvider({ url: '/api/auth/oauth/oidc' });
    expect(again.statusCode).toBe(302);
    const second = (
      await t.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(again.headers['set-cookie']) } })
    ).json();
    expect(second.user.id).toBe(me.id);
    const security = (await t.inject({ method: 'GET', url: '/api/me/security', headers: { cookie } })).json();
    expect(security).toMatchObject({ hasPassword: false, connectedAccounts: [{ provider: 'oidc' }] });
  });

  it('refuses a callback whose state does not belong to this browser', async () => {
    claims = { sub: 'oidc-person-2', email: 'grace@example.org', name: 'Grace Hopper', email_verified: true };
    const begin = await t.inject({ method: 'POST', url: '/api/auth/oauth/oidc', payload: {} });
    const authorize = await fetch(begin.json().url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    // No state cookie: another browser replaying the link.
    const forged = await t.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(forged.headers['set-cookie'] ?? '').not.toContain('hearsay.session_token=');
    expect(String(forged.headers.location ?? '')).toContain('error');
  });

  it('never links a provider sign-in to an existing account by e-mail alone (ASVS 6.8.1)', async () => {
    const owner = await createUser(t);
    claims = { sub: 'attacker-at-provider', email: owner.user.email, name: 'Not The Owner', email_verified: true };
    const callback = await signInThroughProvider({ url: '/api/auth/oauth/oidc' });
    expect(String(callback.headers['set-cookie'] ?? '')).not.toContain('hearsay.session_token=');
    expect(String(callback.headers.location)).toContain('error');
    const security = (await t.inject({ method: 'GET', url: '/api/me/security', headers: { cookie: owner.cookie } })).json();
    expect(security.connectedAccounts).toEqual([]);
  });

  it('signs in once per authorization: replaying the callback does nothing', async () => {
    claims = { sub: 'oidc-person-5', email: 'replay@example.org', name: 'Replay Person', email_verified: true };
    const begin = await t.inject({ method: 'POST', url: '/api/auth/oauth/oidc', payload: {} });
    const authorize = await fetch(begin.json().url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    const request = {
      method: 'GET' as const,
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookieHeader(begin.headers['set-cookie']) },
    };
    const first = await t.inject(request);
    expect(String(first.headers['set-cookie'])).toContain('hearsay.session_token=');
    const replay = await t.inject(request);
    expect(String(replay.headers['set-cookie'] ?? '')).not.toContain('hearsay.session_token=');
    expect(String(replay.headers.location)).toContain('error');
  });

  it('connects the provider to an existing account from Settings, and disconnects it', async () => {
    const person = await createUser(t);
    claims = { sub: 'oidc-person-3', email: 'someone.else@example.org', name: 'Linked Person', email_verified: true };
    const callback = await signInThroughProvider({ url: '/api/me/connected-accounts/oidc', cookie: person.cookie });
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toContain('/settings');
    const security = (await t.inject({ method: 'GET', url: '/api/me/security', headers: { cookie: person.cookie } })).json();
    expect(security.connectedAccounts).toEqual([{ provider: 'oidc', connectedAt: expect.any(String) }]);

    // Signing in with the provider now reaches the same person.
    const viaProvider = await signInThroughProvider({ url: '/api/auth/oauth/oidc' });
    const me = (
      await t.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(viaProvider.headers['set-cookie']) } })
    ).json();
    expect(me.user.id).toBe(person.user.id);

    const unlink = await t.inject({ method: 'DELETE', url: '/api/me/connected-accounts/oidc', headers: { cookie: person.cookie } });
    expect(unlink.statusCode).toBe(200);
    const again = await t.inject({ method: 'DELETE', url: '/api/me/connected-accounts/oidc', headers: { cookie: person.cookie } });
    expect(again.statusCode).toBe(404);
  });

  it('keeps the only sign-in method of a password-less account connected', async () => {
    claims = { sub: 'oidc-person-4', email: 'only.provider@example.org', name: 'Only Provider', email_verified: true };
    const callback = await signInThroughProvider({ url: '/api/auth/oauth/oidc' });
    const cookie = sessionCookie(callback.headers['set-cookie']);
    const unlink = await t.inject({ method: 'DELETE', url: '/api/me/connected-accounts/oidc', headers: { cookie } });
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json().error.code).toBe('last_sign_in_method');
    // Deleting a password-less account is confirmed by typing DELETE.
    expect((await t.inject({ method: 'DELETE', url: '/api/me', payload: {}, headers: { cookie } })).statusCode).toBe(400);
    const deleted = await t.inject({ method: 'DELETE', url: '/api/me', payload: { confirmation: 'DELETE' }, headers: { cookie } });
    expect(deleted.statusCode).toBe(200);
  });
});
