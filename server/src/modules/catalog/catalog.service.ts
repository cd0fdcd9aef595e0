import type {
  DiscographyRow,
  ExternalLink,
  LinkService,
  AlbumCard,
  AlbumDetail,
  AlbumListQuery,
  ArtistCard,
  ArtistDetail,
  Chart,
  ChartPeriod,
  ChartQuery,
  DiscoverPage,
  DiscoverQuery,
  Genre,
  ReleaseType,
  AlbumByHand,
  AlbumByHandBody,
} from '@hearsay/contracts/catalog';
import { pageFields, type Page } from '@hearsay/contracts/pagination';
import type { IdRange } from '../../platform/db/id-ranges.ts';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { latestReleaseYears, listAlbumIds, ratingPrior as catalogRatingPrior, type AlbumFilters } from './album-lists.repository.ts';
import {
  albumSlugsWithIdsBetween,
  countAlbums,
  findAlbumIdByRef,
  findAlbumPage,
  hydrateAlbums,
  type CardAlbum,
  type HydratedAlbum,
} from './albums.repository.ts';
import {
  artistAlbumIds,
  artistReleaseGroups,
  artistSlugsByMbid,
  artistSlugsWithIdsBetween,
  artistSummaries,
  findArtistByRef,
  popularArtistIds,
} from './artists.repository.ts';
import type { Confirmation } from './catalog-ingest.repository.ts';
import * as writer from './catalog-writer.ts';
import { parseJsonArray, presentAlbumCard, presentAlbumDetail, presentArtistCard, yearOf } from './catalog.presenter.ts';
import { musicbrainzReleaseType } from './musicbrainz-ingest.ts';
import { activeAlbumIds, chartRows, periodMean, recentlyActiveAlbumIds, type ChartRow } from './charts.repository.ts';
import { findGenre, genreAlbumCounts, type GenreFilter } from './genres.repository.ts';
import { splitArtistCredit } from './normalise.ts';
import { memoryCache, type CacheMode } from '../../platform/memory-cache.ts';
import { countAlbumsAddedBy, pendingAlbums, rejectAlbums } from './pending-albums.repository.ts';
import { RELEASE_TYPES } from '@hearsay/contracts/constants';
import type { ClientOrigin } from '../../platform/http/client-origin.ts';
import { DEFAULT_MEMBER_CONFIRMATION, type MemberConfirmationRule } from './member-confirmation.ts';

/** What the catalog needs to know about ratings; provided by the ratings module. */
export interface RatingLookup {
  viewerRatings(userId: string, albumIds: readonly string[]): Promise<Map<string, number>>;
}

export interface CatalogServiceDeps {
  db: DB;
  clock: () => Date;
  charts: { priorWeight: number; minRatings: number };
  ratings: RatingLookup;
  /**
   * CACHES: with caches off, album pages, cards, charts and active lists are read for every request. The catalog's
   * rating prior and genre counts are still kept a minute: each is a scan of the whole catalog no request should pay.
   */
  caches?: CacheMode;
  /** When members' finds confirm a pending album (decision 058); the defaults when not given. */
  memberConfirmation?: MemberConfirmationRule;
  /** The streaming service whose "Listen on" link comes first for this member (their linked account), if any. */
  preferredLinkService?: (userId: string) => Promise<LinkService | null>;
}

/** "Listen on" links with the viewer's own service first; the rest keep their stored order. */
function withPreferredFirst(links: ExternalLink[], preferred: LinkService | null): ExternalLink[] {
  if (!preferred) return links;
  return [...links.filter((link) => link.service === preferred), ...links.filter((link) => link.service !== preferred)];
}

export type CatalogService = ReturnType<typeof createCatalogService>;
type SharedAlbum = Omit<AlbumDetail, 'viewerRating'>;
export type { CatalogEntry } from './catalog-writer.ts';

export function createCatalogService(deps: CatalogServiceDeps) {
  const { db } = deps;
  const memberConfirmation = deps.memberConfirmation ?? DEFAULT_MEMBER_CONFIRMATION;
  const currentYear = () => deps.clock().getUTCFullYear();

  // The viewer-independent part of album pages, by album id (refs map slugs and ids to it). Every write that changes
  // what an album shows calls invalidateAlbum(), in this process or, through the change events, in every other one;
  // the TTL only bounds what could be missed (a cover found in the background).
  const caches = deps.caches ?? 'on';
  const albumCache = memoryCache<string, SharedAlbum>(caches, { max: 20_000, ttl: 60_000 });
  const albumRefs = memoryCache<string, string>(caches, { max: 20_000 });
  /** What album cards are made from, by album id; kept and dropped like albumCache. */
  const cardCache = memoryCache<string, HydratedAlbum>(caches, { max: 20_000, ttl: 60_000 });
  /** Bumped by every invalidation: a page built while one happened is served but not kept. */
  let albumGeneration = 0;
  const chartCache = memoryCache<string, { rows: ChartRow[]; total: number; mean: number; provisional: boolean }>(caches, {
    max: 500,
    ttl: 60_000,
  });
  const activeCache = memoryCache<string, string[]>(caches, { max: 200, ttl: 60_000 });
  let priorCache: { value: { mean: number; ratings: number }; at: number } | undefined;

  /** The catalog-wide mean rating, a smoothing constant: recomputed at most once a minute. */
  async function ratingPrior() {
    const now = Date.now();
    if (!priorCache || now - priorCache.at > 60_000) priorCache = { value: await catalogRatingPrior(db), at: now };
    return priorCache.value;
  }

  /** Told of every change: the album's id, or null when any album may have changed. */
  const changeListeners: ((albumId: string | null) => void)[] = [];

  /** Called after a write that changes what an album shows (ratings, reviews, likes). */
  function invalidateAlbum(albumId: string) {
    albumGeneration++;
    albumCache.delete(albumId);
    cardCache.delete(albumId);
    chartCache.clear();
    activeCache.clear();
    for (const listener of changeListeners) listener(albumId);
  }

  /** Called after albums are added (an import): every cached list may now be missing one. */
  function invalidateAll() {
    albumGeneration++;
    genreCountCache = undefined;
    releaseYearCache = undefined;
    albumCache.clear();
    albumRefs.clear();
    cardCache.clear();
    chartCache.clear();
    activeCache.clear();
    for (const listener of changeListeners) listener(null);
  }

  async function viewerRatingsFor(viewerId: string | undefined, albumIds: readonly string[]) {
    if (!viewerId || albumIds.length === 0) return new Map<string, number>();
    return deps.ratings.viewerRatings(viewerId, albumIds);
  }

  /** Album cards for the given ids, in that order, with the viewer's own rating where there is one. */
  async function albumCards(ids: readonly string[], viewerId?: string): Promise<AlbumCard[]> {
    return (await hydratedAlbums(ids, viewerId)).map((album) => presentAlbumCard(album, album.viewerRating));
  }

  /**
   * hydrateAlbums, from the card cache where it can: the albums missing from it are read with the viewer's ratings in
   * one statement, and only the cached ones need the viewer's ratings read on their own.
   */
  async function hydratedAlbums(ids: readonly string[], viewerId?: string): Promise<CardAlbum[]> {
    const unique = [...new Set(ids)];
    const cached = new Map(
      unique.flatMap((id) => {
        const album = cardCache.get(id);
        return album ? [[id, album] as const] : [];
      }),
    );
    const missing = unique.filter((id) => !cached.has(id));
    const generation = albumGeneration;
    const [read, mine] = await Promise.all([
      missing.length ? hydrateAlbums(db, missing, viewerId) : [],
      viewerRatingsFor(viewerId, [...cached.keys()]),
    ]);
    const found = new Map<string, CardAlbum>();
    for (const [id, album] of cached) found.set(id, { ...album, viewerRating: mine.get(id) ?? null });
    for (const { viewerRating, ...album } of read) {
      found.set(album.album.id, { ...album, viewerRating });
      if (generation === albumGeneration) cardCache.set(album.album.id, album);
    }
    return unique.flatMap((id) => found.get(id) ?? []);
  }

  /** Joins rows to their albums' cards by id (never by position), leaving out rows whose album is gone. */
  async function joinAlbumCards<Row, Item>(
    rows: readonly Row[],
    albumIdOf: (row: Row) => string,
    viewerId: string | undefined,
    build: (row: Row, album: AlbumCard, index: number) => Item,
  ): Promise<Item[]> {
    const cards = await albumCards([...new Set(rows.map(albumIdOf))], viewerId);
    const byId = new Map(cards.map((card) => [card.id, card]));
    return rows.flatMap((row, index) => {
      const album = byId.get(albumIdOf(row));
      return album ? [build(row, album, index)] : [];
    });
  }

  async function resolveAlbumId(ref: string): Promise<string> {
    const id = await findAlbumIdByRef(db, ref);
    if (!id) throw notFound('album_not_found', 'We could not find that album. It may have been removed.');
    return id;
  }

  /** The album page without the viewer's own bits, in one query: the album keeps its rating distribution. */
  async function sharedAlbum(ref: string): Promise<SharedAlbum> {
    const knownId = albumRefs.get(ref);
    const cached = knownId === undefined ? undefined : albumCache.get(knownId);
    // A slug that moved to another album (or away) no longer matches: read it again.
    if (cached && (cached.id === ref || cached.slug === ref)) return cached;
    const generation = albumGeneration;
    const page = await findAlbumPage(db, ref);
    if (!page) throw notFound('album_not_found', 'We could not find that album. It may have been removed.');
    const { viewerRating: _none, ...shared } = presentAlbumDetail(page, page.tracks, page.distribution, null);
    if (generation === albumGeneration) {
      albumCache.set(shared.id, shared);
      albumRefs.set(ref, shared.id);
    }
    return shared;
  }

  async function getAlbum(ref: string, viewerId?: string): Promise<AlbumDetail> {
    const album = await sharedAlbum(ref);
    const [mine, preferred] = await Promise.all([
      viewerRatingsFor(viewerId, [album.id]),
      viewerId && album.links.length > 1 && deps.preferredLinkService ? deps.preferredLinkService(viewerId) : null,
    ]);
    return { ...album, links: withPreferredFirst(album.links, preferred), viewerRating: mine.get(album.id) ?? null };
  }

  async function genreFilter(slug: string | undefined) {
    if (!slug) return undefined;
    const genre = await findGenre(db, slug);
    if (!genre) throw notFound('genre_not_found', `There is no genre called "${slug}".`);
    return genre;
  }

  async function listAlbums(
    query: AlbumListQuery & { minRating?: number; yearBefore?: number; ids?: readonly string[] },
    viewerId?: string,
  ): Promise<Page<AlbumCard>> {
    const genre = await genreFilter(query.genre);
    const prior = await ratingPrior();
    const defaultOrder = query.sort === 'title' ? 'asc' : 'desc';
    // A genre alone: its count is the one the genre list shows, kept for a minute (allGenreCounts).
    const genreAlone =
      genre && [query.decade, query.year, query.yearBefore, query.type, query.minRating, query.ids].every((filter) => filter === undefined);
    const knownTotal = genreAlone ? (await allGenreCounts()).find((counted) => counted.slug === genre.slug)?.albumCount : undefined;
    const { ids, total } = await listAlbumIds(db, {
      knownTotal,
      filters: {
        genreSlug: query.genre,
        decade: query.decade,
        year: query.year,
        yearBefore: query.yearBefore,
        releaseType: query.type,
        minRating: query.minRating,
        ids: query.ids,
      },
      genre,
      sort: query.sort,
      order: query.order ?? defaultOrder,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      currentYear: currentYear(),
      prior: { weight: deps.charts.priorWeight, mean: prior.mean },
    });
    return {
      items: await albumCards(ids, viewerId),
      ...pageFields(query, total),
    };
  }

  /**
   * The given album ids that pass the filters: in the given order (search relevance) when no sort
   * is asked for, otherwise in that sort's order.
   */
  async function filterAlbumIds(
    ids: readonly string[],
    filters: { genre?: string; year?: number; yearBefore?: number; minRating?: number; sort?: 'release_date' | 'rating' },
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    const unfiltered = !filters.genre && filters.year === undefined && filters.yearBefore === undefined && filters.minRating === undefined;
    if (unfiltered && !filters.sort) return [...ids];
    const genre = await genreFilter(filters.genre);
    const prior = await ratingPrior();
    const { ids: kept } = await listAlbumIds(db, {
      filters: { genreSlug: filters.genre, year: filters.year, yearBefore: filters.yearBefore, minRating: filters.minRating, ids },
      genre,
      sort: filters.sort ?? 'popularity',
      order: 'desc',
      limit: ids.length,
      offset: 0,
      currentYear: currentYear(),
      prior: { weight: deps.charts.priorWeight, mean: prior.mean },
    });
    if (filters.sort) return kept;
    const keep = new Set(kept);
    return ids.filter((id) => keep.has(id));
  }

  /**
   * Discover: "trending" is what people rated and reviewed most in the last 7 days, topped up with all-time
   * popularity when the week was quiet; "recent" is what people rated and reviewed lately, newest first.
   */
  async function discover(query: DiscoverQuery, viewerId?: string): Promise<DiscoverPage> {
    const genre = await genreFilter(query.genre);
    if (query.tab === 'recent') {
      const { ids, total } = await recentlyActiveAlbumIds(db, {
        filters: { genreSlug: query.genre, notRatedBy: viewerId },
        genre,
        currentYear: currentYear(),
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: await albumCards(ids, viewerId), ...pageFields(query, total), tab: 'recent', fallback: false };
    }
    const since = new Date(deps.clock().getTime() - 7 * DAY).toISOString();
    const activeKey = `${query.genre ?? ''}|${since.slice(0, 13)}`;
    let active = activeCache.get(activeKey);
    if (!active) {
      active = await activeAlbumIds(db, since, { genreSlug: query.genre }, genre, currentYear());
      activeCache.set(activeKey, active);
    }
    // A member is shown what they have not rated yet, so Discover never leads with albums they know.
    if (viewerId) {
      const rated = await viewerRatingsFor(viewerId, active);
      if (rated.size) active = active.filter((id) => !rated.has(id));
    }
    const offset = (query.page - 1) * query.limit;
    const fromActive = active.slice(offset, offset + query.limit);
    const missing = query.limit - fromActive.length;
    const prior = await ratingPrior();
    const popular = await listAlbumIds(db, {
      filters: { genreSlug: query.genre, excludeIds: active, notRatedBy: viewerId },
      genre,
      sort: 'popularity',
      order: 'desc',
      limit: Math.max(missing, 1),
      offset: Math.max(0, offset - active.length),
      currentYear: currentYear(),
      prior: { weight: deps.charts.priorWeight, mean: prior.mean },
    });
    const rest = missing > 0 ? popular.ids.slice(0, missing) : [];
    const total = active.length + popular.total;
    return {
      items: await albumCards([...fromActive, ...rest], viewerId),
      ...pageFields(query, total),
      tab: 'trending',
      fallback: active.length < query.limit,
    };
  }

  /**
   * Albums for a member's first days, from what they chose at onboarding: the most rated by their artists, then the
   * most rated of each of their genres in turn (the first STARTER_GENRES of them), each album once; with no choices
   * (or nothing found), the most rated of all. `notRatedBy` leaves out what that member rated.
   */
  async function startingAlbumIds(choice: {
    genreSlugs: readonly string[];
    artistIds: readonly string[];
    notRatedBy?: string;
    limit: number;
  }) {
    const prior = await ratingPrior();
    const popular = async (filters: AlbumFilters, genre?: GenreFilter) =>
      (
        await listAlbumIds(db, {
          filters: { ...filters, notRatedBy: choice.notRatedBy },
          genre,
          sort: 'popularity',
          order: 'desc',
          limit: choice.limit,
          offset: 0,
          currentYear: currentYear(),
          prior: { weight: deps.charts.priorWeight, mean: prior.mean },
          knownTotal: 0,
        })
      ).ids;
    const genres = (
      await Promise.all(choice.genreSlugs.slice(0, STARTER_GENRES).map(async (slug) => ({ slug, genre: await findGenre(db, slug) })))
    ).filter((entry) => entry.genre !== undefined);
    const lists = await Promise.all([
      choice.artistIds.length ? popular({ artistIds: choice.artistIds.slice(0, STARTER_ARTISTS) }) : Promise.resolve([]),
      ...genres.map((entry) => popular({ genreSlug: entry.slug }, entry.genre)),
    ]);
    const chosen = new Set<string>();
    for (let index = 0; chosen.size < choice.limit && lists.some((list) => index < list.length); index++) {
      for (const list of lists) if (list[index] !== undefined && chosen.size < choice.limit) chosen.add(list[index]!);
    }
    return { ids: chosen.size ? [...chosen] : await popular({}), fromChoices: chosen.size > 0 };
  }

  /** The charts of /trending: Bayesian weighted rating over ratings made in the period. */
  async function chart(query: ChartQuery, viewerId?: string): Promise<Chart> {
    const genre = await genreFilter(query.genre);
    const since = periodStart(query.period, deps.clock());
    const offset = (query.page - 1) * query.limit;
    // Charts move slowly; one computation a minute per view is plenty.
    const key = JSON.stringify([query.period, query.genre, query.year, query.page, query.limit]);
    let computed = chartCache.get(key);
    if (!computed) {
      const { mean } = await periodMean(db, since);
      const rowsWith = (minRatings: number) =>
        chartRows(
          db,
          {
            since,
            filters: { genreSlug: query.genre, year: query.year },
            genre,
            currentYear: currentYear(),
            priorWeight: deps.charts.priorWeight,
            minRatings,
            limit: query.limit,
            offset,
          },
          mean,
        );
      let found = await rowsWith(deps.charts.minRatings);
      // Nothing reaches the minimum (a young site, a quiet period): the albums rated at all, labelled as such.
      const provisional = found.total === 0 && deps.charts.minRatings > 1;
      if (provisional) found = await rowsWith(1);
      computed = { ...found, mean, provisional };
      chartCache.set(key, computed);
    }
    const { rows, total, mean, provisional } = computed;
    return {
      items: await joinAlbumCards(
        rows,
        (row) => row.albumId,
        viewerId,
        (row, album, index) => ({
          rank: offset + index + 1,
          album,
          weightedRating: round1(row.weighted),
          average: round1(row.average),
          ratings: row.ratings,
        }),
      ),
      ...pageFields(query, total),
      period: query.period,
      since: since ?? null,
      priorWeight: deps.charts.priorWeight,
      meanRating: round1(mean),
      minRatings: deps.charts.minRatings,
      provisional,
    };
  }

  async function listArtists(query: { page: number; limit: number }): Promise<Page<ArtistCard>> {
    const { ids, total } = await popularArtistIds(db, query.limit, (query.page - 1) * query.limit);
    return {
      items: await artistCards(ids),
      ...pageFields(query, total),
    };
  }

  async function artistCards(ids: readonly string[]): Promise<ArtistCard[]> {
    return (await artistSummaries(db, ids)).map(presentArtistCard);
  }

  async function getArtist(ref: string, viewerId?: string): Promise<ArtistDetail> {
    const artist = await findArtistByRef(db, ref);
    if (!artist) throw notFound('artist_not_found', 'We could not find that artist.');
    const [[summary], albumIds, releaseGroups] = await Promise.all([
      artistSummaries(db, [artist.id]),
      artistAlbumIds(db, artist.id, viewerId),
      artistReleaseGroups(db, artist.id),
    ]);
    // The cards and the rows they are made from: the rows give each album's MusicBrainz id and secondary types.
    const hydrated = await hydratedAlbums(albumIds, viewerId);
    const albums = hydrated.map((album) => presentAlbumCard(album, album.viewerRating));
    const albumsByMbid = new Map<string, AlbumCard>();
    hydrated.forEach(({ album }, index) => {
      if (album.mbid) albumsByMbid.set(album.mbid, albums[index]!);
    });
    const secondaryById = new Map(hydrated.map(({ album }) => [album.id, parseJsonArray<string>(album.secondary_types)]));
    const mbidById = new Map(hydrated.map(({ album }) => [album.id, album.mbid]));
    // Every release group MusicBrainz lists, joined to the catalog's album where there is one, then the catalog's
    // albums MusicBrainz does not list (imports, or an artist not refreshed yet).
    const rows: DiscographyRow[] = releaseGroups.map((group) => {
      const secondaryTypes = parseJsonArray<string>(group.secondary_types);
      const album = albumsByMbid.get(group.mbid) ?? null;
      return {
        mbid: group.mbid,
        title: album?.title ?? group.title,
        year: album?.releaseYear ?? yearOf(group.first_release_date),
        releaseType: album?.releaseType ?? musicbrainzReleaseType(group.primary_type, secondaryTypes),
        secondaryTypes,
        album,
      };
    });
    const listed = new Set(releaseGroups.map((group) => group.mbid));
    for (const album of albums) {
      const mbid = mbidById.get(album.id) ?? null;
      if (mbid && listed.has(mbid)) continue;
      rows.push({
        mbid,
        title: album.title,
        year: album.releaseYear,
        releaseType: album.releaseType,
        secondaryTypes: secondaryById.get(album.id) ?? [],
        album,
      });
    }
    const byYear = (a: DiscographyRow, b: DiscographyRow) => (a.year ?? 9999) - (b.year ?? 9999) || a.title.localeCompare(b.title);
    const discography = RELEASE_TYPES.map((releaseType: ReleaseType) => ({
      releaseType,
      rows: rows.filter((row) => row.releaseType === releaseType).sort(byYear),
    })).filter((group) => group.rows.length > 0);
    const members = parseJsonArray<{ mbid: string | null; name: string; beginDate: string | null; endDate: string | null }>(artist.members);
    const memberSlugs = await artistSlugsByMbid(
      db,
      members.flatMap((member) => (member.mbid ? [member.mbid] : [])),
    );
    const card = presentArtistCard(summary ?? { ...artist, albumCount: 0, ratingSum: 0, ratingCount: 0, genres: [] });
    const links = parseJsonArray<ExternalLink>(artist.links);
    const preferred = viewerId && links.length > 1 && deps.preferredLinkService ? await deps.preferredLinkService(viewerId) : null;
    return {
      ...card,
      ratingCount: summary?.ratingCount ?? 0,
      mbid: artist.mbid,
      type: artist.artist_type,
      area: artist.area,
      disambiguation: artist.disambiguation,
      beginYear: yearOf(artist.begin_date),
      endYear: yearOf(artist.end_date),
      members: members.map((member) => ({
        name: member.name,
        mbid: member.mbid,
        artistSlug: member.mbid ? (memberSlugs.get(member.mbid) ?? null) : null,
        beginYear: yearOf(member.beginDate),
        endYear: yearOf(member.endDate),
      })),
      links: withPreferredFirst(links, preferred),
      discography,
    };
  }

  /**
   * Every genre with its album count, kept a minute (and dropped when albums are added or confirmed): counting walks
   * the whole genre index, too long to run for every page that shows the genres.
   */
  let genreCountCache: { counts: Promise<Genre[]>; at: number } | undefined;
  function allGenreCounts(): Promise<Genre[]> {
    const now = Date.now();
    if (!genreCountCache || now - genreCountCache.at > 60_000) {
      const counts = genreAlbumCounts(db, currentYear());
      genreCountCache = { counts, at: now };
      // A failed count is not kept: the next request counts again.
      counts.catch(() => {
        if (genreCountCache?.counts === counts) genreCountCache = undefined;
      });
    }
    return genreCountCache.counts;
  }

  async function listGenres(kind?: Genre['kind']): Promise<Genre[]> {
    const counts = await allGenreCounts();
    return counts
      .filter((genre) => !kind || genre.kind === kind)
      .sort((a, b) => b.albumCount - a.albumCount || a.name.localeCompare(b.name));
  }

  /** The search's year filter, kept a minute like the genre counts (and dropped with them when albums are confirmed). */
  let releaseYearCache: { years: Promise<{ years: number[]; before: number | null }>; at: number } | undefined;
  function releaseYears(): Promise<{ years: number[]; before: number | null }> {
    const now = Date.now();
    if (!releaseYearCache || now - releaseYearCache.at > 60_000) {
      const years = latestReleaseYears(db, RELEASE_YEAR_CHOICES + 1).then((found) => ({
        years: found.slice(0, RELEASE_YEAR_CHOICES),
        // "Before" the last year shown, when older albums exist.
        before: found.length > RELEASE_YEAR_CHOICES ? (found[RELEASE_YEAR_CHOICES - 1] ?? null) : null,
      }));
      releaseYearCache = { years, at: now };
      years.catch(() => {
        if (releaseYearCache?.years === years) releaseYearCache = undefined;
      });
    }
    return releaseYearCache.years;
  }

  async function genreCounts(slugs: readonly string[]) {
    const counts = await allGenreCounts();
    const bySlug = new Map(counts.map((genre) => [genre.slug, genre]));
    return slugs.flatMap((slug) => {
      const genre = bySlug.get(slug);
      return genre ? [{ slug: genre.slug, name: genre.name, albumCount: genre.albumCount }] : [];
    });
  }

  /**
   * An album a member adds by hand (MusicBrainz cannot be asked): written as an import writes one, so it waits for a
   * moderator or a second person's import, out of every public list, while its link, ratings and reviews work at once.
   */
  async function addAlbumByHand(body: AlbumByHandBody, viewerId: string, origin?: ClientOrigin): Promise<AlbumByHand> {
    const year = body.year ?? null;
    if (year !== null && year > currentYear() + 1) {
      throw badRequest('release_year_in_future', 'The release year cannot be later than next year.', [
        { path: 'body.year', message: 'The release year cannot be later than next year.' },
      ]);
    }
    const credits = splitArtistCredit(body.artist);
    const entry: writer.CatalogEntry = {
      title: body.title,
      credits,
      releaseDate: year === null ? null : String(year),
      releaseType: body.releaseType,
      rawGenres: [],
      label: null,
      description: null,
      mbid: null,
      artistMbids: credits.map(() => null),
      discogsMasterId: null,
      tracks: [],
      source: 'import',
    };
    const problem = writer.entryProblem(entry);
    if (problem) throw badRequest('album_not_addable', `This album cannot be added: ${problem}.`);
    const result = await writer.addCatalogEntries(db, [entry], deps.clock().toISOString(), {
      importedBy: viewerId,
      origin,
      memberConfirmation,
    });
    const albumId = result.albumIds[0]!;
    const added = result.isNew[0] ?? false;
    // Found again: the member's vouch may have been the one a pending album was waiting for.
    if (!added) invalidateAll();
    const [album] = await albumCards([albumId], viewerId);
    if (!album) throw notFound('album_not_found', 'We could not find that album.');
    return { album, added };
  }

  /**
   * A member found these albums (an import's matches): their vouches are recorded for the pending ones, which are
   * confirmed once enough independent members with standing have found them (decision 058).
   */
  async function vouchForAlbums(userId: string, albumIds: readonly string[], origin?: ClientOrigin): Promise<string[]> {
    const confirmed = await writer.vouchForAlbums(db, userId, albumIds, {
      origin,
      rule: memberConfirmation,
      now: deps.clock().toISOString(),
    });
    if (confirmed.length) invalidateAll();
    return confirmed;
  }

  /** Confirms pending albums, with their artists, and drops every cached list they now belong in. */
  async function confirmAlbums(albumIds: readonly string[], confirmation: Omit<Confirmation, 'now'>): Promise<string[]> {
    const confirmed = await writer.confirmAlbums(db, albumIds, { ...confirmation, now: deps.clock().toISOString() });
    if (confirmed.length) invalidateAll();
    return confirmed;
  }

  /** The imported albums waiting for a moderator, oldest first. */
  async function waitingAlbums(query: { page: number; limit: number }) {
    const { rows, total } = await pendingAlbums(db, query.limit, (query.page - 1) * query.limit);
    return { rows, total };
  }

  return {
    waitingAlbums,
    rejectAlbums: (albumIds: readonly string[]) => rejectAlbums(db, albumIds, deps.clock().toISOString()),
    albumCards,
    artistCards,
    joinAlbumCards,
    resolveAlbumId,
    getAlbum,
    listAlbums,
    getArtist,
    listArtists,
    listGenres,
    genreCounts,
    releaseYears,
    filterAlbumIds,
    discover,
    startingAlbumIds,
    chart,
    invalidateAlbum,
    invalidateAll,
    /** Register a cache (of a route, say) to be dropped whenever catalog data changes. */
    onChange: (listener: (albumId: string | null) => void) => changeListeners.push(listener),
    countAlbums: () => countAlbums(db),
    /** The confirmed albums and artists whose ids are in [from, to) (to null: no end), for a sitemap. */
    sitemapShare: async (range: IdRange) => {
      const [albums, artists] = await Promise.all([albumSlugsWithIdsBetween(db, range), artistSlugsWithIdsBetween(db, range)]);
      const entry = (path: string) => (row: { slug: string; updated_at: string }) => ({
        path: `/${path}/${encodeURIComponent(row.slug)}`,
        updatedAt: row.updated_at,
      });
      return [...albums.map(entry('album')), ...artists.map(entry('artist'))];
    },
    confirmAlbums,
    addAlbumByHand,
    /** Adds albums found nowhere in the catalog (an import's are pending until confirmed); see catalog-writer. */
    addEntries: (entries: readonly writer.CatalogEntry[], options: writer.AddOptions) =>
      writer.addCatalogEntries(db, entries, deps.clock().toISOString(), { memberConfirmation, ...options }),
    vouchForAlbums,
    entryProblem: writer.entryProblem,
    albumMatchKey: writer.albumMatchKey,
    splitArtistCredit,
    /** How many albums this member's imports added since the given instant, for the daily limit. */
    countAlbumsAddedBy: (userId: string, since: string) => countAlbumsAddedBy(db, userId, since),
  };
}

/** A member's first albums come from their first this-many genres and artists chosen at onboarding. */
const STARTER_GENRES = 5;
const STARTER_ARTISTS = 50;

/** How many single years the search's year filter offers before "Before …". */
const RELEASE_YEAR_CHOICES = 5;

const DAY = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Record<Exclude<ChartPeriod, 'all'>, number> = { week: 7, month: 30, year: 365, decade: 3652 };

function periodStart(period: ChartPeriod, now: Date): string | undefined {
  return period === 'all' ? undefined : new Date(now.getTime() - PERIOD_DAYS[period] * DAY).toISOString();
}

const round1 = (value: number) => Math.round(value * 10) / 10;
