/**
 * Looking up `@name@host` makes this site ask another server: a member (or an address) may do it often enough for
 * any person, but not enough to use the site to scan other servers. The limits are the real ones (no multiplier).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let member: TestUser;
let asked = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'http://127.0.0.1:9', RATE_LIMIT_MULTIPLIER: '1' },
    // Every other server is there and knows nobody.
    fetch: async () => {
      asked++;
      return new Response(null, { status: 404 });
    },
  });
  member = await createUser(t);
});
afterAll(() => t.close());

const lookUp = (index: number) =>
  t.inject({
    method: 'GET',
    url: `/api/federation/people?q=${encodeURIComponent(`@someone${index}@127.0.0.1:8${String(index).padStart(3, '0')}`)}`,
    headers: { cookie: member.cookie },
  });

describe('looking up people of other sites', () => {
  it('answers a member 120 times an hour, then asks them to wait, without asking another server again', async () => {
    for (let index = 0; index < 120; index++) expect((await lookUp(index)).statusCode).toBe(404);
    const askedBefore = asked;
    const refused = await lookUp(120);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(asked).toBe(askedBefore);
  });
});
