import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildAlbum } from '../../test/factories.ts';
import { createUser } from '../../test/users.ts';

/** Two servers on one database and one Redis, as behind a load balancer. */
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
  one = await createTestApp({ env });
  two = await createTestApp({ env, sameDatabaseAs: one });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

const visitorView = async (app: TestApp, albumId: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/albums/${albumId}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { ratingCount: number };
};

describe('caches across servers', () => {
  it('a rating on one server shows on the other at once, not when its 5-second cache runs out', async () => {
    const albumId = await buildAlbum(one.db);
    const fan = await createUser(two);
    // Both servers now hold the visitors' copy of the page, for 5 s.
    expect((await visitorView(one, albumId)).ratingCount).toBe(0);
    const cached = Date.now();
    expect((await visitorView(two, albumId)).ratingCount).toBe(0);

    const rated = await two.inject({
      method: 'PUT',
      url: `/api/albums/${albumId}/rating`,
      headers: { cookie: fan.cookie },
      payload: { rating: 8 },
    });
    expect(rated.statusCode, rated.body).toBe(200);

    await expect.poll(async () => (await visitorView(one, albumId)).ratingCount, { timeout: 3_000, interval: 20 }).toBe(1);
    expect(Date.now() - cached, 'the change showed only once the cached copy had expired').toBeLessThan(5_000);
    expect((await visitorView(two, albumId)).ratingCount).toBe(1);
  });

  it('a member’s page, kept per album, shows a rating made on the other server at once', async () => {
    const albumId = await buildAlbum(one.db);
    const [reader, fan] = await Promise.all([createUser(one), createUser(two)]);
    const memberView = async () => {
      const response = await one.inject({ method: 'GET', url: `/api/albums/${albumId}`, headers: { cookie: reader.cookie } });
      expect(response.statusCode).toBe(200);
      return response.json() as { ratingCount: number };
    };
    expect((await memberView()).ratingCount).toBe(0);
    const rated = await two.inject({
      method: 'PUT',
      url: `/api/albums/${albumId}/rating`,
      headers: { cookie: fan.cookie },
      payload: { rating: 6 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    await expect.poll(async () => (await memberView()).ratingCount, { timeout: 3_000, interval: 20 }).toBe(1);
  });
});
