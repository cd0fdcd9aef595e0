import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createAuth } from '../../platform/auth/auth.ts';

/**
 * The OAuth callback is the one route that hands a request to the auth library, and the library routes on the URL it
 * is given. These tests send the library's own endpoints through that route, spelled every way a URL parser might
 * turn back into a path, over a real socket so that nothing normalises the path on the way.
 */
let t: TestApp;
let base: URL;
let libraryPaths: string[];

beforeAll(async () => {
  t = await createTestApp({
    env: { SPOTIFY_CLIENT_ID: 'spotify-client', SPOTIFY_CLIENT_SECRET: 'spotify-secret', RATE_LIMIT_MULTIPLIER: '1' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  const library = createAuth({
    db: t.db,
    dialect: t.database.dialect,
    publicUrl: t.config.publicUrl,
    secret: t.config.authSecret,
    secureCookies: false,
    oauth: t.config.oauth,
    mailer: { description: 'none', send: async () => {} },
    onMailError: () => {},
    languageOf: async () => 'en',
    onUserCreated: async () => {},
    onSessionCreated: async () => {},
  });
  libraryPaths = [...new Set(Object.values(library.api).map((endpoint) => (endpoint as { path?: string }).path))].filter(
    (path): path is string => typeof path === 'string' && path.startsWith('/') && !path.startsWith('/callback/'),
  );
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  setCookie: string[];
  body: string;
}

/** Sends the path byte for byte, as `curl --path-as-is` does. */
function send(method: string, path: string, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, setCookie: response.headers['set-cookie'] ?? [], body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Ways to climb from `/api/auth/callback/<provider>` to `/api/auth/<endpoint>` that a lenient parser undoes. */
function spellings(provider: string, endpoint: string): string[] {
  const segments = endpoint.split('/').filter(Boolean);
  const join = (up: string, separator: string) =>
    `/api/auth/callback/${provider}${separator}${up}${separator}${up}${separator}${segments.join(separator)}`;
  const upper = (text: string) => text.toUpperCase();
  return [
    join('..', '\\'),
    join('%2e%2e', '/'),
    join('%2E%2E', '/'),
    join('..', '%2f'),
    join('..', '%2F'),
    join('..', '%5c'),
    join('..', '%5C'),
    join('%2e%2e', '%2f'),
    join('%252e%252e', '%252f'),
    join('..', '%255c'),
    join('..', '%255C'),
    join('.%2e', '\\'),
    join('%2e.', '%5c'),
    `/api/auth/callback/${provider}\\..\\..\\${segments.map(upper).join('\\')}`,
    `/api/auth/CALLBACK/${provider}\\..\\..\\${segments.join('\\')}`,
  ];
}

describe('the OAuth callback route', () => {
  it('answers 404 to every other library endpoint, however its path is spelled', async () => {
    expect(libraryPaths.length).toBeGreaterThan(20);
    expect(libraryPaths).toContain('/sign-in/email');
    const reached: string[] = [];
    for (const endpoint of libraryPaths) {
      for (const provider of ['spotify', 'x', 'twitter', 'oidc']) {
        for (const path of spellings(provider, endpoint)) {
          for (const method of ['GET', 'POST']) {
            const answer = await send(method, path, method === 'POST' ? '{}' : undefined);
            if (answer.status !== 404 || answer.setCookie.length > 0) reached.push(`${method} ${path} → ${answer.status}`);
          }
        }
      }
    }
    expect(reached).toEqual([]);
  });

  it('cannot be used to sign in without our limits, or to sign up past them', async () => {
    const email = 'owner@example.com';
    const password = 'Correct-Horse-Battery-9';
    expect((await t.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Owner', email, password } })).statusCode).toBe(
      200,
    );
    for (let attempt = 0; attempt < 12; attempt++) {
      const wrong = await send(
        'POST',
        '/api/auth/callback/x\\..\\..\\sign-in\\email',
        JSON.stringify({ email, password: `wrong-${attempt}` }),
      );
      expect(wrong.status).toBe(404);
    }
    const right = await send('POST', '/api/auth/callback/x\\..\\..\\sign-in\\email', JSON.stringify({ email, password }));
    expect(right.status).toBe(404);
    expect(right.setCookie).toEqual([]);

    const signUp = await send(
      'POST',
      '/api/auth/callback/x\\..\\..\\sign-up\\email',
      JSON.stringify({ name: 'n'.repeat(5000), email: 'common@example.com', password: 'password' }),
    );
    expect(signUp.status).toBe(404);
    const signIn = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'common@example.com', password: 'password' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('still hands the configured provider its own callback, and names no others', async () => {
    const callback = await send('GET', '/api/auth/callback/spotify?state=unknown&code=abc');
    expect(callback.status).toBe(302);
    const failure = await t.inject('/api/auth/callback/spotify?state=unknown&code=abc');
    expect(failure.headers.location).toMatch(new RegExp(`^${t.config.publicUrl}/auth/callback\\?error=\\w+`));
    const unknown = await send('GET', '/api/auth/callback/facebook?state=unknown&code=abc');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe('route_not_found');
  });
});
