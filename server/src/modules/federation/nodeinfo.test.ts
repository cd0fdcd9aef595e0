import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
const clock = { now: new Date('2026-12-06T12:00:00.000Z') };

beforeAll(async () => {
  t = await createTestApp({ env: { FEDERATION: 'on', PUBLIC_URL: 'https://music.example.org' }, clock: () => clock.now });
});
afterAll(() => t.close());

const act = async (person: TestUser, method: 'PUT' | 'PATCH' | 'POST', url: string, payload: object) => {
  const response = await t.inject({ method, url, payload, headers: { cookie: person.cookie } });
  expect(response.statusCode, response.body).toBeLessThan(300);
};

async function usage() {
  const response = await t.inject({ method: 'GET', url: '/nodeinfo/2.1', headers: { host: 'music.example.org' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().usage as { users: { total: number; activeMonth: number; activeHalfyear: number }; localPosts: number };
}

describe('NodeInfo’s usage', () => {
  it('counts members who are not private, those active lately, and only the ratings and reviews public profiles share', async () => {
    const [first, second] = [await buildAlbum(t.db, { title: 'Blue' }), await buildAlbum(t.db, { title: 'Court and Spark' })];
    const open = await createUser(t, { name: 'Open Person' });
    const closed = await createUser(t, { name: 'Followers Only' });
    const hidden = await createUser(t, { name: 'Private Person' });
    const quiet = await createUser(t, { name: 'Quiet Rater' });
    await act(closed, 'PUT', '/api/me/visibility', { visibility: 'followers' });
    await act(hidden, 'PUT', '/api/me/visibility', { visibility: 'private' });
    await act(quiet, 'PATCH', '/api/me/settings', { sharing: { ratings: false } });

    // Seven months ago: only the open person rates, twice.
    clock.now = new Date('2026-05-01T12:00:00.000Z');
    await act(open, 'PUT', `/api/albums/${first}/rating`, { rating: 8 });
    await act(open, 'PUT', `/api/albums/${second}/rating`, { rating: 7 });
    // Four months ago: the private person and the followers-only one rate.
    clock.now = new Date('2026-08-01T12:00:00.000Z');
    await act(hidden, 'PUT', `/api/albums/${first}/rating`, { rating: 9 });
    await act(closed, 'PUT', `/api/albums/${first}/rating`, { rating: 6 });
    // Today: the quiet rater rates without sharing it.
    clock.now = new Date('2026-12-06T12:00:00.000Z');
    await act(quiet, 'PUT', `/api/albums/${first}/rating`, { rating: 5 });

    expect(await usage()).toMatchObject({
      // Open, followers-only and quiet: the private person is not counted anywhere.
      users: { total: 3, activeMonth: 1, activeHalfyear: 2 },
      // The open person's two ratings: followers-only and unshared ones are not public.
      localPosts: 2,
    });
  });
});
