import type { TestApp } from './app.ts';

let sequence = 0;

export interface TestUser {
  user: { id: string; username: string; name: string; email: string };
  cookie: string;
  password: string;
}

/** Signs someone up through the real API; `cookie` is the session to send as the Cookie header. */
export async function createUser(app: TestApp, overrides: { name?: string; email?: string; password?: string } = {}): Promise<TestUser> {
  sequence++;
  const name = overrides.name ?? `Test Person ${sequence}`;
  const email = overrides.email ?? `person${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = overrides.password ?? 'Correct-Horse-Battery-9';
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name, email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { user: response.json().user, cookie: sessionCookie(response.headers['set-cookie']), password };
}

/** The name=value part of the session cookie from a Set-Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((cookie) => cookie.includes('hearsay.session_token='));
  if (!session) throw new Error('no session cookie was set');
  return session.split(';')[0]!;
}

/** Deletes the person's account through the API, confirmed with `password` (theirs unless told). */
export function deleteAccount(app: TestApp, person: TestUser, password = person.password) {
  return app.inject({ method: 'DELETE', url: '/api/me', payload: { password }, headers: { cookie: person.cookie } });
}
