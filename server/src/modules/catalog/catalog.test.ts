import type { AlbumCard, AlbumDetail, ArtistDetail, Chart, DiscoverPage } from '@hearsay/contracts/catalog';
import type { Page } from '@hearsay/contracts/pagination';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { postgresIndexDefinition, sqlitePlan, usingPostgres } from '../../../test/database.ts';
import { buildAlbum, buildMember, seedRatings } from '../../../test/factories.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW, env: { CHART_PRIOR_WEIGHT: '5', CHART_MIN_RATINGS: '3' } });
  ids.loud = await buildAlbum(t.db, {
    title: 'Loud Album',
    artist: 'The Testers',
    releaseDate: '1997-05-21',
    genres: ['Rock', 'Alternative Rock'],
    label: 'Test Label',
    tracks: [
      { position: 1, title: 'Opening', durationMs: 201_000 },
      { position: 2, title: 'Closing', durationMs: 185_000 },
    ],
  });
  ids.quiet = await buildAlbum(t.db, { title: 'Quiet Album', artist: 'The Testers', releaseDate: '1999', genres: ['Jazz', 'Cool Jazz'] });
  ids.live = await buildAlbum(t.db, {
    title: 'Live at Home',
    artist: 'The Testers',
    releaseDate: '2003',
    releaseType: 'live',
    genres: ['Rock'],
  });
  ids.fresh = await buildAlbum(t.db, {
    title: 'Fresh Sounds',
    artist: 'Newcomer & Friend',
    releaseDate: '2026-03',
    genres: ['Electronic'],
  });
  ids.old = await buildAlbum(t.db, { title: 'Old Standard', artist: 'Veteran', releaseDate: '1958', genres: ['Jazz'] });
  // Quiet Album: many great ratings long ago. Loud Album: a few good ones this week.
  await seedRatings(t.db, ids.quiet, [9, 9, 9.5, 9, 10, 9], new Date(NOW.getTime() - 400 * DAY));
  await seedRatings(t.db, ids.loud, [8, 8.5, 7.5], new Date(NOW.getTime() - 2 * DAY));
  await seedRatings(t.db, ids.fresh, [6, 7], new Date(NOW.getTime() - 1 * DAY));
});
afterAll(() => t.close());

async function get<T>(url: string): Promise<T> {
  const response = await t.inject(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('albums', () => {
  it('serves the album page by id or slug, with credits, tracks and the rating distribution', async () => {
    const byId = await get<AlbumDetail>(`/api/albums/${ids.loud}`);
    const bySlug = await get<AlbumDetail>(`/api/albums/${byId.slug}`);
    expect(bySlug.id).toBe(ids.loud);
    expect(byId).toMatchObject({
      title: 'Loud Album',
      artistCredit: 'The Testers',
      label: 'Test Label',
      releaseDate: '1997-05-21',
      releaseType: 'album',
      averageRating: 8,
      ratingCount: 3,
    });
    expect(byId.artists[0]).toMatchObject({ name: 'The Testers', slug: 'the-testers' });
    expect(byId.tracks.map((track) => track.title)).toEqual(['Opening', 'Closing']);
    expect(byId.coverUrl).toMatch(new RegExp(`^/covers/albums/${ids.loud}`));
    expect(byId.ratingDistribution).toHaveLength(19);
    expect(byId.genres.map((genre) => genre.slug)).toContain('rock');
  });

  it('answers an unknown album with 404 and a clear message', async () => {
    const response = await t.inject('/api/albums/no-such-album');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'album_not_found' });
  });

  it('filters by genre, decade, year and release type', async () => {
    const jazz = await get<Page<AlbumCard>>('/api/albums?genre=jazz');
    expect(jazz.items.map((album) => album.title).sort()).toEqual(['Old Standard', 'Quiet Album']);
    // A genre is looked up per album for the popular order, from the genre's own albums for the others and for counts.
    for (const sort of ['popularity', 'rating', 'release_date', 'title', 'recent']) {
      const sorted = await get<Page<AlbumCard>>(`/api/albums?genre=jazz&sort=${sort}`);
      expect([sorted.total, sorted.items.map((album) => album.title).sort()], sort).toEqual([2, ['Old Standard', 'Quiet Album']]);
    }
    const jazzOfTheNineties = await get<Page<AlbumCard>>('/api/albums?genre=jazz&decade=1990&sort=title');
    expect([jazzOfTheNineties.total, jazzOfTheNineties.items.map((album) => album.title)]).toEqual([1, ['Quiet Album']]);
    const nineties = await get<Page<AlbumCard>>('/api/albums?decade=1990');
    expect(nineties.items.map((album) => album.title).sort()).toEqual(['Loud Album', 'Quiet Album']);
    const year = await get<Page<AlbumCard>>('/api/albums?year=2003');
    expect(year.items.map((album) => album.title)).toEqual(['Live at Home']);
    const live = await get<Page<AlbumCard>>('/api/albums?type=live');
    expect(live.total).toBe(1);
    const fresh = await get<Page<AlbumCard>>('/api/albums?genre=new');
    expect(fresh.items.map((album) => album.title)).toEqual(['Fresh Sounds']);
  });

  it('sorts by rating, popularity, release date and title', async () => {
    const titles = async (sort: string) => (await get<Page<AlbumCard>>(`/api/albums?sort=${sort}`)).items.map((album) => album.title);
    expect((await titles('rating')).slice(0, 2)).toEqual(['Quiet Album', 'Loud Album']);
    expect((await titles('popularity'))[0]).toBe('Quiet Album');
    expect((await titles('release_date'))[0]).toBe('Fresh Sounds');
    expect(await titles('title')).toEqual(['Fresh Sounds', 'Live at Home', 'Loud Album', 'Old Standard', 'Quiet Album']);
  });

  it('pages within bounds', async () => {
    const first = await get<Page<AlbumCard>>('/api/albums?sort=title&limit=2');
    expect(first).toMatchObject({ page: 1, limit: 2, total: 5, totalPages: 3 });
    const last = await get<Page<AlbumCard>>('/api/albums?sort=title&limit=2&page=3');
    expect(last.items.map((album) => album.title)).toEqual(['Quiet Album']);
    const beyond = await get<Page<AlbumCard>>('/api/albums?limit=2&page=9');
    expect(beyond.items).toEqual([]);
  });

  it('rejects bad query values with 400 naming the parameter, and unknown genres with 404', async () => {
    for (const [query, parameter] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['decade=1995', 'decade'],
      ['type=cassette', 'type'],
      ['sort=loudness', 'sort'],
    ] as const) {
      const response = await t.inject(`/api/albums?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toContain(`"${parameter}"`);
    }
    const unknown = await t.inject('/api/albums?genre=space-polka');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('genre_not_found');
  });
});

describe('artists and genres', () => {
  it('serves the artist with the discography grouped by release type and sorted by year', async () => {
    const artist = await get<ArtistDetail>('/api/artists/the-testers');
    expect(artist.albumCount).toBe(3);
    expect(artist.discography.map((group) => group.releaseType)).toEqual(['album', 'live']);
    expect(artist.discography[0]?.rows.map((row) => row.title)).toEqual(['Loud Album', 'Quiet Album']);
    expect(artist.discography[0]?.rows.every((row) => row.album !== null)).toBe(true);
    expect(artist.ratingCount).toBe(9);
    const unknown = await t.inject('/api/artists/nobody-at-all');
    expect(unknown.statusCode).toBe(404);
  });

  it('lists genres with their album counts', async () => {
    const genres = await get<{ items: { slug: string; albumCount: number; kind: string }[] }>('/api/genres?kind=genre');
    expect(genres.items.find((genre) => genre.slug === 'jazz')?.albumCount).toBe(2);
    expect(genres.items.every((genre) => genre.kind === 'genre')).toBe(true);
    const bad = await t.inject('/api/genres?kind=mood');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/discover', () => {
  it('trending puts this week’s most-rated albums first, then all-time popularity', async () => {
    const page = await get<DiscoverPage>('/api/discover?tab=trending');
    expect(page.items.slice(0, 2).map((album) => album.title)).toEqual(['Loud Album', 'Fresh Sounds']);
    expect(page.items[2]?.title).toBe('Quiet Album');
    expect(page.total).toBe(5);
    expect(page.fallback).toBe(true);
    const second = await get<DiscoverPage>('/api/discover?tab=trending&limit=2&page=2');
    expect(second.items.map((album) => album.title)[0]).toBe('Quiet Album');
  });

  it('both tabs filter by genre', async () => {
    const jazz = await get<DiscoverPage>('/api/discover?tab=trending&genre=jazz');
    expect(jazz.items.map((album) => album.title)).toEqual(['Quiet Album', 'Old Standard']);
    expect((await t.inject('/api/discover?tab=popular')).statusCode).toBe(400);
  });

  it('recent lists the albums people rated and reviewed lately, newest activity first, with their real ratings', async () => {
    const recent = await get<DiscoverPage>('/api/discover?tab=recent');
    expect(recent.items.map((album) => album.title)).toEqual(['Fresh Sounds', 'Loud Album', 'Quiet Album']);
    expect(recent.total).toBe(3);
    expect(recent.fallback).toBe(false);
    expect(recent.items[0]).toMatchObject({ averageRating: 6.5, ratingCount: 2 });
    expect(recent.items[2]).toMatchObject({ averageRating: 9.3, ratingCount: 6 });

    // A review counts as activity too, and an album shows once however many ratings it had.
    const at = new Date(NOW.getTime() - 60 * 60 * 1000).toISOString();
    await t.db
      .insertInto('review')
      .values({
        id: 'review-recent-1',
        user_id: await buildMember(t.db),
        album_id: ids.old!,
        rating: 8,
        title: 'Still swings',
        content_html: '<p>Still swings.</p>',
        content_text: 'Still swings.',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const jazz = await get<DiscoverPage>('/api/discover?tab=recent&genre=jazz');
    expect(jazz.items.map((album) => album.title)).toEqual(['Old Standard', 'Quiet Album']);
    const paged = await get<DiscoverPage>('/api/discover?tab=recent&limit=2&page=2');
    expect(paged.items.map((album) => album.title)).toEqual(['Loud Album', 'Quiet Album']);
    expect(paged.total).toBe(4);
  });
});

describe('GET /api/charts', () => {
  it('ranks by the Bayesian weighted rating over the period, with the parameters to explain it', async () => {
    const all = await get<Chart>('/api/charts?period=all');
    expect(all).toMatchObject({ period: 'all', since: null, priorWeight: 5, minRatings: 3 });
    expect(all.items.map((entry) => entry.album.title)).toEqual(['Quiet Album', 'Loud Album']);
    const c = (9 * 4 + 9.5 + 10 + 8 + 8.5 + 7.5 + 6 + 7) / 11;
    expect(all.meanRating).toBeCloseTo(Math.round(c * 10) / 10, 5);
    const quiet = all.items[0]!;
    const r = (9 * 4 + 9.5 + 10) / 6;
    expect(quiet.weightedRating).toBeCloseTo(Math.round(((6 / 11) * r + (5 / 11) * c) * 10) / 10, 5);
    expect(quiet).toMatchObject({ rank: 1, ratings: 6, average: 9.3 });
  });

  it('counts only ratings made in the period, and needs the minimum number of them', async () => {
    const week = await get<Chart>('/api/charts?period=week');
    expect(week.items.map((entry) => entry.album.title)).toEqual(['Loud Album']);
    expect(week.since).toBe(new Date(NOW.getTime() - 7 * DAY).toISOString());
    const year = await get<Chart>('/api/charts?period=year');
    expect(year.items.map((entry) => entry.album.title)).toEqual(['Loud Album']);
    const decade = await get<Chart>('/api/charts?period=decade');
    expect(decade.items).toHaveLength(2);
  });

  it('lists the albums rated at all, with their counts and marked provisional, when none reaches the minimum', async () => {
    expect((await get<Chart>('/api/charts?period=week')).provisional).toBe(false);
    const electronic = await get<Chart>('/api/charts?period=all&genre=electronic');
    expect(electronic).toMatchObject({ provisional: true, minRatings: 3, total: 1 });
    expect(electronic.items.map((entry) => [entry.album.title, entry.ratings, entry.average])).toEqual([['Fresh Sounds', 2, 6.5]]);
    // Nothing rated at all: still empty.
    const unrated = await get<Chart>('/api/charts?period=all&year=1958');
    expect(unrated.items).toEqual([]);
  });

  it('filters by genre and release year and validates its parameters', async () => {
    const jazz = await get<Chart>('/api/charts?period=all&genre=jazz');
    expect(jazz.items.map((entry) => entry.album.title)).toEqual(['Quiet Album']);
    const year = await get<Chart>('/api/charts?period=all&year=1997');
    expect(year.items.map((entry) => entry.album.title)).toEqual(['Loud Album']);
    const bad = await t.inject('/api/charts?period=fortnight');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('"period"');
  });
});

describe('storage', () => {
  // Every album card and album page reads its album's credits and genres by album, in their order. On SQLite the
  // tables are stored in their key's order (WITHOUT ROWID), so that is one walk of one B-tree rather than the key's
  // index and then the table; credits are keyed in their order, genres have an index in theirs, so neither is sorted.
  it("reads an album's credits and genres by album, already in their order", async () => {
    const inOrder = [
      {
        table: 'album_artist',
        index: 'album_artist_pk',
        columns: 'album_id, "position"',
        plan: 'SEARCH album_artist USING PRIMARY KEY (album_id=?)',
      },
      {
        table: 'album_genre',
        index: 'album_genre_position_idx',
        columns: 'album_id, "position"',
        plan: 'SEARCH album_genre USING COVERING INDEX album_genre_position_idx (album_id=?)',
      },
    ] as const;
    for (const { table, index, columns, plan } of inOrder) {
      if (usingPostgres) {
        expect(await postgresIndexDefinition(t.db, index)).toMatch(new RegExp(` ON (\\w+\\.)?${table} USING btree \\(${columns}\\)$`));
      } else {
        // What the cards' triggers read of each (album_genre also keeps its votes' kind and weight, read by album alone).
        const query = t.db.selectFrom(table).select(['album_id', 'position']).where('album_id', '=', ids.loud!).orderBy('position');
        expect(await sqlitePlan(t.db, query)).toEqual([plan]);
      }
    }
  });
});
