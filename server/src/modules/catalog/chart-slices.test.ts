import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chartPermalink, type Chart } from '@hearsay/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum, buildMember } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

/**
 * Charts you can slice (decision 081): every slice of everyone's chart, as the chart job counted it, against a recount
 * of the ratings this test made; the brigade of new accounts that cannot lift an album; the chart of the people a
 * member follows; the permalinks; and the clear answers to slices that cannot be.
 */

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const PRIOR = 5;
const MIN = 3;
let t: TestApp;
let viewer: TestUser;

interface SeededAlbum {
  id: string;
  year: number;
  type: string;
  country: string | null;
  /** The genres it carries (the slug of each), and the descriptors. */
  genres: string[];
  descriptors: string[];
}
interface SeededRating {
  albumId: string;
  userId: string;
  memberSince: Date;
  rating: number;
  at: Date;
}
const albums: Record<string, SeededAlbum> = {};
const ratings: SeededRating[] = [];
const established = new Date(NOW.getTime() - 400 * DAY);

/** The trust weight as decision 077 states it, written again here: 0.01 for a new account, growing to 1 at 90 days. */
const trustWeight = (memberSince: Date, now: Date) =>
  0.01 + 0.99 * Math.min(1, Math.max(0, (now.getTime() - memberSince.getTime()) / DAY / 90));

async function member(since: Date): Promise<string> {
  const id = await buildMember(t.db);
  await t.db
    .updateTable('user')
    .set({ created_at: since.toISOString() as never })
    .where('id', '=', id)
    .execute();
  return id;
}

async function rate(albumId: string, values: readonly number[], daysAgo: number, since: Date = established): Promise<string[]> {
  const raters: string[] = [];
  for (const [index, rating] of values.entries()) {
    const userId = await member(since);
    const at = new Date(NOW.getTime() - daysAgo * DAY - index * 1000);
    await t.db
      .insertInto('rating')
      .values({
        id: `rating-${albumId}-${ratings.length}`,
        user_id: userId,
        album_id: albumId,
        rating,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .execute();
    ratings.push({ albumId, userId, memberSince: since, rating, at });
    raters.push(userId);
  }
  return raters;
}

async function album(
  key: string,
  spec: {
    year: number;
    type?: 'album' | 'ep' | 'single' | 'compilation';
    genres: string[];
    country: string | null;
    descriptors?: string[];
  },
) {
  const id = await buildAlbum(t.db, {
    title: `Chart ${key}`,
    artist: `Artist ${key}`,
    releaseDate: String(spec.year),
    releaseType: spec.type ?? 'album',
    genres: spec.genres.map((genre) => genre[0]!.toUpperCase() + genre.slice(1)),
  });
  const artist = await t.db.selectFrom('album_artist').select('artist_id').where('album_id', '=', id).executeTakeFirstOrThrow();
  await t.db.updateTable('artist').set({ country: spec.country }).where('id', '=', artist.artist_id).execute();
  albums[key] = {
    id,
    year: spec.year,
    type: spec.type ?? 'album',
    country: spec.country,
    genres: spec.genres,
    descriptors: spec.descriptors ?? [],
  };
  return id;
}

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'hearsay-charts-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--hearsay:head--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({
    clock: () => NOW,
    env: { CHART_PRIOR_WEIGHT: String(PRIOR), CHART_MIN_RATINGS: String(MIN), WEB_DIST: webDist, PUBLIC_URL: 'https://music.example.org' },
  });
  await album('classic', { year: 1997, genres: ['rock'], country: 'GB', descriptors: ['melancholic'] });
  // Tagged only with a genre below rock: rock's chart has it.
  await album('dreamy', { year: 1994, type: 'ep', genres: ['jazz'], country: 'JP' });
  await album('standard', { year: 1959, genres: ['jazz'], country: 'US', descriptors: ['melancholic'] });
  await album('brigaded', { year: 2026, type: 'single', genres: ['rock'], country: 'US' });
  await album('loved', { year: 2025, genres: ['rock'], country: 'GB' });
  await album('filler', { year: 2005, type: 'compilation', genres: ['pop'], country: 'FR' });
  await album('once', { year: 1993, genres: ['rock'], country: 'JP' });
  // A genre below rock, and the dreamy EP carrying it (instead of jazz).
  const rock = await t.db.selectFrom('genre').select('id').where('slug', '=', 'rock').executeTakeFirstOrThrow();
  await t.db
    .insertInto('genre')
    .values({
      id: 'genre-dream-test',
      slug: 'dream-test',
      name: 'Dream Test',
      kind: 'style',
      parent_id: rock.id,
      rule: null,
      created_at: NOW.toISOString(),
    })
    .execute();
  await t.db.deleteFrom('album_genre').where('album_id', '=', albums.dreamy!.id).execute();
  await t.db.insertInto('album_genre').values({ album_id: albums.dreamy!.id, genre_id: 'genre-dream-test', position: 0 }).execute();
  albums.dreamy!.genres = ['dream-test', 'rock'];
  // The descriptor vocabulary comes with the site (decision 077); two albums carry "melancholic" as if voted.
  const melancholic = await t.db.selectFrom('descriptor').select('id').where('slug', '=', 'melancholic').executeTakeFirstOrThrow();
  for (const key of ['classic', 'standard'])
    await t.db.insertInto('album_descriptor').values({ album_id: albums[key]!.id, descriptor_id: melancholic.id, weight: 1 }).execute();

  await rate(albums.classic!.id, [9, 9.5, 9, 8.5, 9, 10], 200);
  await rate(albums.dreamy!.id, [8.5, 8, 9, 8.5, 8], 2);
  await rate(albums.standard!.id, [8, 8, 8.5, 7.5], 20);
  // Fifty accounts made yesterday give the single a 10 each.
  await rate(
    albums.brigaded!.id,
    Array.from({ length: 50 }, () => 10),
    1,
    new Date(NOW.getTime() - DAY),
  );
  await rate(albums.loved!.id, [8.5, 8.5, 9, 8, 8.5, 8.5, 9, 8, 8.5, 8.5], 3);
  await rate(albums.filler!.id, [5.5, 5, 6, 5.5, 5, 6, 5.5, 5.5], 100);
  await rate(albums.once!.id, [9], 5);

  // The viewer follows two members who rated the classic and the standard, and one who rated the filler.
  viewer = await createUser(t);
  const followed = [ratings.find((r) => r.albumId === albums.classic!.id)!, ratings.find((r) => r.albumId === albums.standard!.id)!];
  followed.push(ratings.find((r) => r.albumId === albums.filler!.id)!);
  for (const { userId } of followed) {
    const { username } = await t.db.selectFrom('user').select('username').where('id', '=', userId).executeTakeFirstOrThrow();
    const response = await t.inject({ method: 'PUT', url: `/api/users/${username}/follow`, headers: { cookie: viewer.cookie } });
    expect(response.statusCode, response.body).toBeLessThan(300);
  }
  // One of them also rated the dreamy EP (and the once-rated album) : their chart has three albums rated once or twice.
  const extra = followed[0]!;
  for (const key of ['dreamy', 'once']) {
    const at = new Date(NOW.getTime() - 2 * DAY);
    await t.db
      .insertInto('rating')
      .values({
        id: `rating-extra-${key}`,
        user_id: extra.userId,
        album_id: albums[key]!.id,
        rating: 7,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .execute();
    ratings.push({ albumId: albums[key]!.id, userId: extra.userId, memberSince: extra.memberSince, rating: 7, at });
  }
  await t.app.countCharts();
}, 120_000);
afterAll(() => t.close());

const PERIOD_DAYS = { week: 7, month: 30, year: 365, decade: 3652, all: Infinity } as const;
type Period = keyof typeof PERIOD_DAYS;

interface Slice {
  period?: Period;
  year?: number;
  decade?: number;
  genre?: string;
  descriptor?: string;
  country?: string;
  type?: 'album' | 'ep' | 'single' | 'compilation';
}

/** The chart recounted from the ratings this test made: ids in order, with their weighted rating to one decimal. */
function recount(slice: Slice, options: { weighted: boolean; raters?: Set<string>; mean?: number; min?: number } = { weighted: true }) {
  const period = slice.period ?? 'week';
  const since = NOW.getTime() - PERIOD_DAYS[period] * DAY;
  const inPeriod = ratings.filter((r) => r.at.getTime() >= since);
  const weight = (r: SeededRating) => (options.weighted ? trustWeight(r.memberSince, NOW) : 1);
  const totalWeight = inPeriod.reduce((sum, r) => sum + weight(r), 0);
  const mean = options.mean ?? inPeriod.reduce((sum, r) => sum + weight(r) * r.rating, 0) / totalWeight;
  const counted = options.raters ? inPeriod.filter((r) => options.raters!.has(r.userId)) : inPeriod;
  const keys = Object.keys(albums).filter((key) => {
    const a = albums[key]!;
    return (
      (slice.year === undefined || a.year === slice.year) &&
      (slice.decade === undefined || (a.year >= slice.decade && a.year <= slice.decade + 9)) &&
      (slice.genre === undefined || a.genres.includes(slice.genre)) &&
      (slice.descriptor === undefined || a.descriptors.includes(slice.descriptor)) &&
      (slice.country === undefined || a.country === slice.country) &&
      (slice.type === undefined || a.type === slice.type)
    );
  });
  const rows = keys
    .map((key) => {
      const mine = counted.filter((r) => r.albumId === albums[key]!.id);
      const w = mine.reduce((sum, r) => sum + weight(r), 0);
      const average = mine.reduce((sum, r) => sum + weight(r) * r.rating, 0) / w;
      return { key, id: albums[key]!.id, n: mine.length, w, score: (w / (w + PRIOR)) * average + (PRIOR / (w + PRIOR)) * mean };
    })
    .filter((row) => row.n > 0);
  // A full rating weighs what the period's most trusted rater's does; the minimum is asked in ratings and in weight.
  const full = Math.max(...inPeriod.map(weight));
  const enough = (min: number) => rows.filter((row) => row.n >= min && row.w >= min * full - 1e-9);
  const min = options.min ?? MIN;
  const kept = enough(min).length ? enough(min) : enough(1);
  kept.sort((a, b) => b.score - a.score || b.n - a.n || (a.id < b.id ? -1 : 1));
  return kept.map((row) => ({ key: row.key, weightedRating: Math.round(row.score * 10) / 10, ratings: row.n }));
}

const keyOf = (id: string) => Object.keys(albums).find((key) => albums[key]!.id === id);

async function chart(query: string, cookie?: string): Promise<Chart> {
  const response = await t.inject({ url: `/api/charts?${query}`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Chart>();
}

const shown = (found: Chart) =>
  found.items.map((entry) => ({ key: keyOf(entry.album.id), weightedRating: entry.weightedRating, ratings: entry.ratings }));

describe('slices of everyone’s chart', () => {
  const slices: Slice[] = [
    { period: 'week' },
    { period: 'month' },
    { period: 'year' },
    { period: 'decade' },
    { period: 'all' },
    { period: 'all', year: 1997 },
    { period: 'all', decade: 1990 },
    { period: 'all', genre: 'rock' },
    { period: 'all', genre: 'dream-test' },
    { period: 'all', descriptor: 'melancholic' },
    { period: 'all', country: 'JP' },
    { period: 'all', country: 'GB' },
    { period: 'all', type: 'ep' },
    { period: 'year', genre: 'rock', decade: 1990 },
    { period: 'all', genre: 'rock', country: 'US', type: 'single' },
  ];
  for (const slice of slices) {
    it(`${chartPermalink(slice)} matches a recount of the ratings`, async () => {
      const found = await chart(new URLSearchParams(Object.entries(slice).map(([k, v]): [string, string] => [k, String(v)])).toString());
      expect(found.trustWeighted).toBe(true);
      expect(shown(found)).toEqual(recount(slice));
      expect(found.total).toBe(recount(slice).length);
    });
  }

  it('shows the minimum number of ratings and the prior it is ranked with', async () => {
    const found = await chart('period=all');
    expect(found).toMatchObject({
      minRatings: MIN,
      priorWeight: PRIOR,
      provisional: false,
      computedAt: NOW.toISOString(),
      trustWeighted: true,
    });
    expect(found.items.every((entry) => entry.ratings >= MIN)).toBe(true);
    // The album rated once is not in a chart that asks for three.
    expect(found.items.map((entry) => keyOf(entry.album.id))).not.toContain('once');
  });

  it('lists every rated album, labelled provisional, when none of the slice reaches the minimum', async () => {
    const found = await chart('period=week&year=1993');
    expect(found.provisional).toBe(true);
    expect(shown(found)).toEqual(recount({ period: 'week', year: 1993 }));
  });
});

describe('trust weighting', () => {
  it('fifty new accounts rating a single 10 do not lift it above an album established members rated well', async () => {
    const found = shown(await chart('period=week'));
    const order = found.map((row) => row.key);
    expect(order.slice(0, 2)).toEqual(['loved', 'dreamy']);
    // Fifty ratings weighing about one member's: fewer than the three the chart asks for, so it is not charted.
    expect(order).not.toContain('brigaded');
    // Counted without the weights, the brigade would have put it first: the weighting is what keeps it down.
    expect(recount({ period: 'week' }, { weighted: false })[0]!.key).toBe('brigaded');
    // With the minimum met by established members too, the brigade's weight still barely moves it.
    const members = await rate(albums.brigaded!.id, [6, 6.5, 6], 1);
    await t.app.countCharts();
    const after = shown(await chart('period=week'));
    expect(after).toEqual(recount({ period: 'week' }));
    const brigaded = after.find((row) => row.key === 'brigaded')!;
    expect(brigaded.ratings).toBe(53);
    expect(after.findIndex((row) => row.key === 'brigaded')).toBeGreaterThan(after.findIndex((row) => row.key === 'loved'));
    expect(brigaded.weightedRating).toBeLessThan(after.find((row) => row.key === 'loved')!.weightedRating);
    await t.db.deleteFrom('rating').where('user_id', 'in', members).execute();
    ratings.splice(ratings.length - members.length, members.length);
    await t.app.countCharts();
  });

  it('a rating made after the counting shows once the job counts again', async () => {
    const before = await chart('period=all&country=FR');
    const at = NOW.toISOString();
    const userId = await member(established);
    await t.db
      .insertInto('rating')
      .values({ id: 'rating-late', user_id: userId, album_id: albums.filler!.id, rating: 10, created_at: at, updated_at: at })
      .execute();
    await t.app.countCharts();
    const after = await chart('period=all&country=FR');
    expect(after.items[0]!.ratings).toBe(before.items[0]!.ratings + 1);
    await t.db.deleteFrom('rating').where('id', '=', 'rating-late').execute();
    await t.app.countCharts();
  });
});

describe('among the people I follow', () => {
  it('counts only the ratings of the people the viewer follows, each alike, one rating enough', async () => {
    const follows = await t.db.selectFrom('follow').select('followee_id').where('follower_id', '=', viewer.user.id).execute();
    const raters = new Set(follows.map((row) => row.followee_id));
    for (const period of ['all', 'week'] as const) {
      const found = await chart(`period=${period}&scope=following`, viewer.cookie);
      expect(found).toMatchObject({ minRatings: 1, trustWeighted: false, slice: { scope: 'following' } });
      const mean = (await t.db.selectFrom('chart_counting').select('mean').where('period', '=', period).executeTakeFirstOrThrow()).mean;
      expect(shown(found)).toEqual(recount({ period }, { weighted: false, raters, mean: Number(mean), min: 1 }));
      expect(found.items.length).toBeGreaterThan(0);
    }
    const jp = await chart('period=all&scope=following&country=JP', viewer.cookie);
    const mean = (await t.db.selectFrom('chart_counting').select('mean').where('period', '=', 'all').executeTakeFirstOrThrow()).mean;
    expect(shown(jp)).toEqual(recount({ period: 'all', country: 'JP' }, { weighted: false, raters, mean: Number(mean), min: 1 }));
    expect(
      shown(jp)
        .map((row) => row.key)
        .sort(),
    ).toEqual(['dreamy', 'once']);
  });

  it('asks a visitor to sign in', async () => {
    const response = await t.inject('/api/charts?scope=following');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });
});

describe('permalinks', () => {
  it('every way of asking for a slice answers with its one address, which asks for the same chart', async () => {
    const asked = 'country=jp&limit=25&period=all&genre=rock&page=1&decade=1990&scope=everyone';
    const found = await chart(asked);
    expect(found.permalink).toBe('/trending?period=all&decade=1990&genre=rock&country=JP');
    const again = await chart(found.permalink.split('?')[1]!);
    expect(again.permalink).toBe(found.permalink);
    expect(again.items).toEqual(found.items);
    expect((await chart('')).permalink).toBe('/trending');
    expect((await chart('period=month&type=ep&page=2')).permalink).toBe('/trending?period=month&type=ep&page=2');
  });

  it('a shared slice previews as that chart: its title names the slice, its description the top albums', async () => {
    const page = await t.inject('/trending?genre=rock&period=all&country=GB');
    expect(page.statusCode).toBe(200);
    const meta = (name: string) =>
      new RegExp(`<meta property="og:${name}" content="([^"]*)"`).exec(page.body)?.[1]?.replace(/&#38;/g, '&').replace(/&amp;/g, '&');
    expect(meta('title')).toBe('Top albums · Rock · from United Kingdom, of all time — Hearsay charts');
    const top = recount({ period: 'all', genre: 'rock', country: 'GB' });
    expect(meta('description')).toContain(`1. Chart ${top[0]!.key} — Artist ${top[0]!.key} (${top[0]!.weightedRating.toFixed(1)})`);
    expect(meta('description')).toContain(`2. Chart ${top[1]!.key}`);
    expect(meta('url')).toBe('https://music.example.org/trending?period=all&genre=rock&country=GB');
    expect(/<link rel="canonical" href="([^"]*)">/.exec(page.body)?.[1]?.replace(/&#38;/g, '&')).toBe(
      'https://music.example.org/trending?period=all&genre=rock&country=GB',
    );
    expect(meta('image')).toMatch(/^https:\/\/music\.example\.org\/covers\//);
  });
});

describe('slices that cannot be', () => {
  const bad = [
    'period=fortnight',
    'year=abc',
    'year=1850',
    'decade=1995',
    'year=1997&decade=1990',
    'country=GBR',
    'country=1',
    'type=vinyl',
    'genre=Not%20A%20Slug',
    'descriptor=%3Cscript%3E',
    'scope=friends',
    'page=0',
  ];
  for (const query of bad)
    it(`${query} is a 400 that says what is wrong`, async () => {
      const response = await t.inject(`/api/charts?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.issues.length + (response.json().error.code ? 1 : 0)).toBeGreaterThan(1);
    });

  it('a genre or descriptor nobody has is a 404 naming it', async () => {
    const genre = await t.inject('/api/charts?genre=no-such-genre');
    expect(genre.statusCode).toBe(404);
    expect(genre.json()).toMatchObject({ error: { code: 'genre_not_found', params: { genre: 'no-such-genre' } } });
    const descriptor = await t.inject('/api/charts?descriptor=no-such-descriptor');
    expect(descriptor.statusCode).toBe(404);
    expect(descriptor.json()).toMatchObject({ error: { code: 'descriptor_not_found', params: { descriptor: 'no-such-descriptor' } } });
  });
});
