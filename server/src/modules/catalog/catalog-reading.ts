import type {
  AlbumCard,
  AlbumDetail,
  AlbumListQuery,
  ArtistCard,
  ArtistDetail,
  DiscographyRow,
  ExternalLink,
  Genre,
  LinkService,
  ReleaseType,
} from '@hearsay/contracts/catalog';
import { RELEASE_TYPES } from '@hearsay/contracts/constants';
import { pageFields, type Page } from '@hearsay/contracts/pagination';
import type { IdRange } from '../../platform/db/id-ranges.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { mergedTarget } from './album-merges.repository.ts';
import { latestReleaseYears, listAlbumIds, ratingPrior as catalogRatingPrior } from './album-lists.repository.ts';
import { presentAlbumCard, presentAlbumCards } from '../../hydration/albums.presenter.ts';
import { albumSlugsWithIdsBetween, countAlbums, findAlbumIdByRef, findAlbumPage, findConfirmedAlbum } from './albums.repository.ts';
import { albumMatchKey } from './catalog-writer.ts';
import {
  artistAlbumIds,
  artistReleaseGroups,
  artistSlugsByMbid,
  artistSlugsWithIdsBetween,
  artistSummaries,
  findArtistByRef,
  popularArtistIds,
} from './artists.repository.ts';
import type { CatalogContext, SharedAlbum } from './catalog-context.ts';
import { parseJsonArray, presentAlbumDetail, presentArtistCard, yearOf } from './catalog.presenter.ts';
import { findGenre, genreAlbumCounts } from './genres.repository.ts';
import { musicbrainzReleaseType } from './musicbrainz-ingest.ts';

/** How many single years the search's year filter offers before "Before …". */
const RELEASE_YEAR_CHOICES = 5;

/** "Listen on" links with the viewer's own service first; the rest keep their stored order. */
function withPreferredFirst(links: ExternalLink[], preferred: LinkService | null): ExternalLink[] {
  if (!preferred) return links;
  return [...links.filter((link) => link.service === preferred), ...links.filter((link) => link.service !== preferred)];
}

/** Reading the catalog: album and artist pages, cards, lists, genres and the counts they show. */
export function createCatalogReading(context: CatalogContext) {
  const { db, deps, currentYear, albumCache, albumRefs } = context;
  let priorCache: { value: { mean: number; ratings: number }; at: number } | undefined;
  // Albums added or confirmed: the genre counts and the years offered may have changed.
  context.onChange((albumId) => {
    if (albumId !== null) return;
    genreCountCache = undefined;
    releaseYearCache = undefined;
  });

  /** The catalog-wide mean rating, a smoothing constant: recomputed at most once a minute. */
  async function ratingPrior() {
    const now = Date.now();
    if (!priorCache || now - priorCache.at > 60_000) priorCache = { value: await catalogRatingPrior(db), at: now };
    return priorCache.value;
  }

  async function viewerRatingsFor(viewerId: string | undefined, albumIds: readonly string[]) {
    if (!viewerId || albumIds.length === 0) return new Map<string, number>();
    return deps.ratings.viewerRatings(viewerId, albumIds);
  }

  /** The catalog's own lists' cards, for the given ids in that order: the hydration layer's albums, presented. */
  async function albumCards(ids: readonly string[], viewerId?: string): Promise<AlbumCard[]> {
    return presentAlbumCards(ids, await deps.hydrator.albums(ids, viewerId));
  }

  async function resolveAlbumId(ref: string): Promise<string> {
    const id = await findAlbumIdByRef(db, ref);
    if (!id) throw notFound('album_not_found', { context: 'removed' });
    return id;
  }

  /** The album page without the viewer's own bits, in one query: the album keeps its rating distribution. */
  async function sharedAlbum(ref: string): Promise<SharedAlbum> {
    const knownId = albumRefs.get(ref);
    const cached = knownId === undefined ? undefined : albumCache.get(knownId);
    // A slug that moved to another album (or away) no longer matches: read it again.
    if (cached && (cached.id === ref || cached.slug === ref)) return cached;
    const generation = context.generation();
    const page = await findAlbumPage(db, ref);
    if (!page) throw notFound('album_not_found', { context: 'removed' });
    if (page.album.status === 'merged') {
      // Merged into another album (decision 080): the API answers where it is now, for good.
      const target = await mergedTarget(db, page.album.id);
      if (!target) throw notFound('album_not_found', { context: 'removed' });
      throw new AppError(301, 'album_moved', {
        params: { slug: target.slug },
        headers: { location: `/api/albums/${encodeURIComponent(target.slug)}` },
      });
    }
    const { viewerRating: _none, ...shared } = presentAlbumDetail(page, page.tracks, page.distribution, null);
    if (generation === context.generation()) {
      albumCache.set(shared.id, shared);
      albumRefs.set(ref, shared.id);
    }
    return shared;
  }

  async function getAlbum(ref: string, viewerId?: string): Promise<AlbumDetail> {
    const album = await sharedAlbum(ref);
    const [mine, preferred] = await Promise.all([
      // With tracks, the album's rating and the tracks' are one read (decision 078).
      album.tracks.length > 0 && viewerId
        ? deps.ratings.viewerAlbumRatings(viewerId, album.id)
        : viewerRatingsFor(viewerId, [album.id]).then((ratings) => ({ album: ratings.get(album.id) ?? null, tracks: undefined })),
      viewerId && album.links.length > 1 && deps.preferredLinkService ? deps.preferredLinkService(viewerId) : null,
    ]);
    const trackRatings = mine.tracks;
    return {
      ...album,
      tracks: trackRatings?.size
        ? album.tracks.map((track) => ({ ...track, viewerRating: trackRatings.get(track.id) ?? null }))
        : album.tracks,
      links: withPreferredFirst(album.links, preferred),
      viewerRating: mine.album,
    };
  }

  /** The genre a list is filtered by, from its slug (none without one); not found when no genre has the slug. */
  async function genreFilter(slug: string | undefined) {
    if (!slug) return undefined;
    const genre = await findGenre(db, slug);
    if (!genre) throw notFound('genre_not_found', { genre: slug });
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
    if (!artist) throw notFound('artist_not_found');
    const [[summary], albumIds, releaseGroups] = await Promise.all([
      artistSummaries(db, [artist.id]),
      artistAlbumIds(db, artist.id),
      artistReleaseGroups(db, artist.id),
    ]);
    // The cards and the rows they are made from: the rows give each album's MusicBrainz id and secondary types. A
    // pending album is listed to whoever's import added it only.
    const hydrated = [...(await deps.hydrator.albums(albumIds, viewerId)).values()].filter(deps.hydrator.thingRules.albumListed);
    const albums = hydrated.map(presentAlbumCard);
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

  return {
    ratingPrior,
    viewerRatingsFor,
    genreFilter,
    albumCards,
    resolveAlbumId,
    getAlbum,
    listAlbums,
    filterAlbumIds,
    getArtist,
    listArtists,
    artistCards,
    listGenres,
    genreCounts,
    releaseYears,
    countAlbums: () => countAlbums(db),
    /** The confirmed album another site means: by its MusicBrainz release-group id, else by artist and title. */
    findConfirmedAlbum: (ref: { mbid: string | null; artist: string; title: string }) =>
      findConfirmedAlbum(db, { mbid: ref.mbid, matchKey: ref.artist && ref.title ? albumMatchKey(ref.artist, ref.title) : null }),
    /** The confirmed albums and artists whose ids are in [from, to) (to null: no end), for a sitemap. */
    sitemapShare: async (range: IdRange) => {
      const [albums, artists] = await Promise.all([albumSlugsWithIdsBetween(db, range), artistSlugsWithIdsBetween(db, range)]);
      const entry = (path: string) => (row: { slug: string; updated_at: string }) => ({
        path: `/${path}/${encodeURIComponent(row.slug)}`,
        updatedAt: row.updated_at,
      });
      return [...albums.map(entry('album')), ...artists.map(entry('artist'))];
    },
  };
}

export type CatalogReading = ReturnType<typeof createCatalogReading>;
