import type { TestApp } from './app.ts';
import type { TestUser } from './users.ts';

export type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Requests to a test app as someone (or as a visitor, with null). `call` returns the answer as it is; `act` expects
 * success, waits for the domain events' listeners (notifications are written after the answer) and returns the
 * body. `app` is read at each call, so a file can build its requests before `beforeAll` creates the app.
 */
export function requestsTo(app: () => TestApp) {
  const call = (method: Method, url: string, person: TestUser | null, payload?: object) =>
    app().inject({ method, url, payload, headers: person ? { cookie: person.cookie } : {} });
  async function act(method: Method, url: string, person: TestUser, payload?: object) {
    const response = await call(method, url, person, payload);
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    await app().app.domainEvents.idle();
    return response.statusCode === 204 ? null : response.json();
  }
  return { call, act };
}

/** An error answer as the person reads it: the request id differs from one request to the next. */
export function errorAnswer(response: { json(): unknown }) {
  const { error } = response.json() as { error: { requestId?: string } };
  const { requestId: _requestId, ...rest } = error;
  return rest;
}
