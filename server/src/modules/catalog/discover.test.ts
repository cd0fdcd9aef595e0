import type { DiscoverPage } from '@hearsay/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum, seedRatings } from '../../../test/factories.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let member: TestUser;
const ids: Record<string, string> = {};
const { call, act } = requestsTo(() => t);

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  ids.busy = await buildAlbum(t.db, { title: 'Busy Week', genres: ['Rock'] });
  ids.steady = await buildAlbum(t.db, { title: 'Steady Seller', genres: ['Rock'] });
  ids.classic = await buildAlbum(t.db, { title: 'Old Classic', genres: ['Rock'] });
  await seedRatings(t.db, ids.busy, [8, 8, 9], new Date(NOW.getTime() - DAY));
  await seedRatings(t.db, ids.steady, [7], new Date(NOW.getTime() - 2 * DAY));
  await seedRatings(t.db, ids.classic, [9, 9, 9, 9], new Date(NOW.getTime() - 400 * DAY));
  member = await createUser(t);
});
afterAll(() => t.close());

async function discover(query: string, person: TestUser | null): Promise<DiscoverPage> {
  const response = await call('GET', `/api/discover?${query}`, person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiscoverPage>();
}

const titles = (page: DiscoverPage) => page.items.map((album) => album.title);

describe('Discover for a member', () => {
  it('leaves out the albums the member has rated, on both tabs, and keeps them for everyone else', async () => {
    expect(titles(await discover('tab=trending', member))[0]).toBe('Busy Week');
    await act('PUT', `/api/albums/${ids.busy}/rating`, member, { rating: 6 });
    await act('PUT', `/api/albums/${ids.classic}/rating`, member, { rating: 8 });

    const trending = await discover('tab=trending', member);
    expect(titles(trending)).toEqual(['Steady Seller']);
    expect(trending.total).toBe(1);
    expect(titles(await discover('tab=recent', member))).toEqual(['Steady Seller']);

    // Steady Seller and Old Classic each had one rating this week: their order is the tie's.
    for (const someoneElse of [null, await createUser(t)]) {
      const shown = titles(await discover('tab=trending', someoneElse));
      expect(shown[0]).toBe('Busy Week');
      expect([...shown].sort()).toEqual(['Busy Week', 'Old Classic', 'Steady Seller']);
    }
  });
});
