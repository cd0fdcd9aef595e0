import type { Landing } from '@hearsay/contracts/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum, buildMember, seedRatings } from '../../../test/factories.ts';
import { LANDING_GENRES } from './site.service.ts';

let t: TestApp;
const NOW = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW, env: { CHART_MIN_RATINGS: '2' } });
});
afterAll(() => t.close());

const landing = async () => (await t.inject('/api/site/landing')).json<Landing>();

describe('GET /api/site/landing', () => {
  it('on an empty site shows zero counts, no invented figures, and four catalog picks', async () => {
    for (let index = 0; index < 6; index++) await buildAlbum(t.db, { title: `Pick ${index}`, genres: index % 2 ? ['Jazz'] : ['Rock'] });
    const page = await landing();
    expect(page.stats).toEqual({ members: 0, ratings: 0, albums: 6 });
    expect(page.featuredAlbums).toHaveLength(4);
    expect(page.testimonials).toEqual([]);
    expect((await landing()).featuredAlbums.map((album) => album.id)).toEqual(page.featuredAlbums.map((album) => album.id));
  });

  it('counts genres exactly and lists the twelve landing genres in order', async () => {
    const page = await landing();
    expect(page.genres.map((genre) => genre.name)).toEqual(LANDING_GENRES);
    expect(LANDING_GENRES).toHaveLength(12);
    expect(page.genres.find((genre) => genre.slug === 'rock')?.albumCount).toBe(3);
    expect(page.genres.find((genre) => genre.slug === 'jazz')?.albumCount).toBe(3);
    expect(page.genres.find((genre) => genre.slug === 'metal')?.albumCount).toBe(0);
  });

  it('features the best-rated albums once people rate, and counts members and ratings', async () => {
    const ids = [];
    for (let index = 0; index < 4; index++) ids.push(await buildAlbum(t.db, { title: `Rated ${index}` }));
    await seedRatings(t.db, ids[0]!, [10, 9.5]);
    await seedRatings(t.db, ids[1]!, [9, 9]);
    await seedRatings(t.db, ids[2]!, [8, 8]);
    await seedRatings(t.db, ids[3]!, [7, 7.5]);
    await buildMember(t.db, 'Lurker');
    const page = await landing();
    expect(page.stats).toEqual({ members: 9, ratings: 8, albums: 10 });
    expect(page.featuredAlbums.map((album) => album.title)).toEqual(['Rated 0', 'Rated 1', 'Rated 2', 'Rated 3']);
    const stats = (await t.inject('/api/site/stats')).json();
    expect(stats).toEqual(page.stats);
  });
});
