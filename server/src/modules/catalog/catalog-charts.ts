import type { Chart, ChartPeriod, ChartQuery, DiscoverPage, DiscoverQuery } from '@hearsay/contracts/catalog';
import { pageFields } from '@hearsay/contracts/pagination';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import { listAlbumIds, type AlbumFilters } from './album-lists.repository.ts';
import type { CatalogContext } from './catalog-context.ts';
import { chartPeriodStart } from './chart-counting.ts';
import type { CatalogReading } from './catalog-reading.ts';
import {
  activeAlbumIds,
  allOf,
  chartCounting,
  countedChartRows,
  findDescriptor,
  genreWithDescendants,
  liveChartRows,
  recentlyActiveAlbumIds,
  type ChartRow,
  type ChartSliceFilter,
} from './charts.repository.ts';
import { chartPermalink } from '@hearsay/contracts/catalog';
import { earliestYearOfRule } from '../../db/genre-rules.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import { findGenre, type GenreFilter } from './genres.repository.ts';

/** A member's first albums come from their first this-many genres and artists chosen at onboarding. */
const STARTER_GENRES = 5;
const STARTER_ARTISTS = 50;

const DAY = 24 * 60 * 60 * 1000;
const periodStart = (period: ChartPeriod, now: Date): string | undefined => chartPeriodStart(period, now) ?? undefined;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** What to listen to next: Discover, the charts of /trending, and a new member's first albums. */
export function createCatalogCharts(context: CatalogContext, reading: CatalogReading) {
  const { db, deps, currentYear, chartCache, activeCache } = context;
  const { albumCards, genreFilter, ratingPrior, viewerRatingsFor } = reading;
  /** What a member has not rated, as the ratings write it (nothing left out for a visitor). */
  const notRated = (raterId: string | undefined) =>
    raterId === undefined ? undefined : (albumColumn: string) => deps.ratings.notRatedBy(raterId, albumColumn);

  /**
   * Discover: "trending" is what people rated and reviewed most in the last 7 days, topped up with all-time
   * popularity when the week was quiet; "recent" is what people rated and reviewed lately, newest first.
   */
  async function discover(query: DiscoverQuery, viewerId?: string): Promise<DiscoverPage> {
    const genre = await genreFilter(query.genre);
    if (query.tab === 'recent') {
      const moments = { rated: deps.ratings.moments(), reviewed: deps.reviews.moments() };
      const { ids, total } = await recentlyActiveAlbumIds(db, moments, {
        filters: { genreSlug: query.genre, notRated: notRated(viewerId) },
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
      const made = { rated: deps.ratings.albumsRatedSince(since), reviewed: deps.reviews.albumsReviewedSince(since) };
      active = await activeAlbumIds(db, made, { genreSlug: query.genre }, genre, currentYear());
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
      filters: { genreSlug: query.genre, excludeIds: active, notRated: notRated(viewerId) },
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
          filters: { ...filters, notRated: notRated(choice.notRatedBy) },
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

  /** A slice's genre (with the genres below it), descriptor and the rest of its conditions; unknown names are 404s. */
  async function sliceOf(query: ChartQuery) {
    const [genre, descriptor] = await Promise.all([
      genreFilter(query.genre),
      query.descriptor ? findDescriptor(db, query.descriptor) : Promise.resolve(undefined),
    ]);
    if (query.descriptor && !descriptor) throw notFound('descriptor_not_found', { descriptor: query.descriptor });
    const filter: ChartSliceFilter = { year: query.year, decade: query.decade, country: query.country, type: query.type };
    if (genre) {
      const earliestYear = earliestYearOfRule(genre.rule, currentYear());
      if (earliestYear !== null) filter.earliestYear = earliestYear;
      else filter.genreIds = await genreWithDescendants(db, genre.id);
    }
    if (descriptor) filter.descriptorId = descriptor.id;
    return { filter, genre, descriptor };
  }

  /**
   * The charts of /trending (decision 081): a Bayesian weighted rating over the ratings made in the period, sliced by
   * release year or decade, genre with its children, descriptor, artist's country and release type. Everyone's ratings
   * are counted by the chart job, each weighted by its rater's standing; the people a member follows are counted for
   * the answer, each rating alike. Before the job's first counting, everyone's chart is counted for the answer too.
   */
  async function chart(query: ChartQuery, viewerId?: string): Promise<Chart> {
    if (query.scope === 'following' && !viewerId) throw unauthorized();
    const { filter, genre, descriptor } = await sliceOf(query);
    const offset = (query.page - 1) * query.limit;
    const page = { limit: query.limit, offset };
    const following = query.scope === 'following';
    // Charts move slowly; one computation a minute per slice is plenty (a member's own slice is theirs alone).
    const key = JSON.stringify([query, following ? viewerId : null]);
    let computed = chartCache.get(key);
    if (!computed) {
      const counting = await chartCounting(db, query.period);
      const since = counting && !following ? (counting.since ?? undefined) : periodStart(query.period, deps.clock());
      let mean: number;
      let read: (minRatings: number) => Promise<{ rows: ChartRow[]; total: number }>;
      let minRatings = deps.charts.minRatings;
      if (following) {
        // The people a member chose to follow: each of their ratings counts, and one is enough to chart.
        minRatings = 1;
        mean = counting ? Number(counting.mean) : (await deps.ratings.periodMean(since)).mean;
        const raters = (column: string) =>
          allOf([deps.hydrator.conditions.followedBy(viewerId!, column), deps.hydrator.conditions.sharesRatings(column)]);
        read = (min) =>
          liveChartRows(db, deps.ratings.periodStats(since, min, raters), filter, { weight: deps.charts.priorWeight, mean }, page);
      } else if (counting) {
        mean = Number(counting.mean);
        read = (min) =>
          countedChartRows(
            db,
            { generation: Number(counting.generation), period: query.period, topWeight: Number(counting.top_weight) },
            filter,
            min,
            page,
          );
      } else {
        mean = (await deps.ratings.periodMean(since)).mean;
        read = (min) => liveChartRows(db, deps.ratings.periodStats(since, min), filter, { weight: deps.charts.priorWeight, mean }, page);
      }
      let found = await read(minRatings);
      // Nothing reaches the minimum (a young site, a quiet period): the albums rated at all, labelled as such.
      const provisional = found.total === 0 && minRatings > 1;
      if (provisional) found = await read(1);
      computed = {
        ...found,
        mean,
        provisional,
        minRatings,
        since: since ?? null,
        trustWeighted: !following && counting !== undefined,
        computedAt: !following && counting ? counting.computed_at : null,
      };
      chartCache.set(key, computed);
    }
    const { rows, total, mean, provisional } = computed;
    return {
      items: (await deps.hydrator.withAlbums(rows, (row) => row.albumId, viewerId)).map(({ row, album }) => ({
        rank: offset + rows.indexOf(row) + 1,
        album: presentAlbumCard(album),
        weightedRating: round1(row.weighted),
        average: round1(row.average),
        ratings: row.ratings,
      })),
      ...pageFields(query, total),
      period: query.period,
      since: computed.since,
      priorWeight: deps.charts.priorWeight,
      meanRating: round1(mean),
      minRatings: computed.minRatings,
      provisional,
      slice: {
        genre: genre ? { slug: genre.slug, name: genre.name } : null,
        descriptor: descriptor ? { slug: descriptor.slug, name: descriptor.name, names: descriptor.names } : null,
        country: query.country ?? null,
        type: query.type ?? null,
        year: query.year ?? null,
        decade: query.decade ?? null,
        scope: query.scope,
      },
      permalink: chartPermalink(query),
      trustWeighted: computed.trustWeighted,
      computedAt: computed.computedAt,
    };
  }

  return { discover, startingAlbumIds, chart };
}
