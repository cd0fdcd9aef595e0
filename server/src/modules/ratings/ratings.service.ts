import { pageFields } from '@hearsay/contracts/pagination';
import { halfStepDistribution, roundRating } from '@hearsay/contracts/catalog';
import type { AlbumRating, MyRatingsPage, MyRatingsQuery } from '@hearsay/contracts/ratings';
import type { Expression, QueryCreator, SqlBool, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation, type DB } from '../../platform/db/index.ts';
import type { AlbumTotals, CatalogService, RatingLookup } from '../catalog/catalog.service.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { EventBus } from '../../platform/events.ts';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import * as asked from './asked.repository.ts';
import * as repository from './ratings.repository.ts';
import * as trackRepository from './track-ratings.repository.ts';
import { createTrackRatings } from './track-ratings.ts';
import { ratingsAlbumMerge } from './merged-albums.repository.ts';

export interface RatingsServiceDeps {
  db: DB;
  clock: () => Date;
  catalog: CatalogService;
  /** Each rating's album card. */
  hydrator: Pick<Hydrator, 'withAlbums'>;
  /** Told of each rating given, changed or taken back that is news (federation shares it); the job thread has none. */
  events?: Pick<EventBus, 'emit'>;
  /**
   * The rater's count on their profile (profiles' counters), moved in the rating's transaction or statement. Profiles
   * uses this service, so it is handed in as the shape needed here, not as the profiles service.
   */
  profileCounters: {
    shiftCounters(executor: DB, userId: string, deltas: { ratings_count: number }): Promise<void>;
    shiftCountersQuery: (
      db: QueryCreator<Database>,
      userId: string,
      deltas: { ratings_count: number },
    ) => UpdateQueryBuilder<Database, 'profile', 'profile', UpdateResult>;
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;

/**
 * What the catalog asks of ratings (a person's own ratings, the charts' counts, what Discover leaves out): reads of the
 * rating table alone, or parts of the catalog's statements that read it (decision 066), made before the catalog exists so that the catalog and the ratings service do not need each other.
 */
export function createRatingLookup(db: DB): RatingLookup {
  return {
    viewerRatings: (userId, albumIds) => repository.viewerRatings(db, userId, albumIds),
    viewerAlbumRatings: (userId, albumId) => trackRepository.viewerAlbumRatings(db, userId, albumId),
    periodMean: (since) => asked.periodMean(db, since),
    periodStats: (since, minRatings, raters) => asked.periodStats(db, since, minRatings, raters),
    ratingsAfter: (afterId, limit) => asked.ratingsAfter(db, afterId, limit),
    albumsRatedSince: (since) => asked.albumsRatedSince(db, since),
    moments: () => asked.ratingMoments(db),
    notRatedBy: asked.notRatedBy,
  };
}

export function createRatingsService(deps: RatingsServiceDeps) {
  const { db, catalog, profileCounters } = deps;
  const insertFirstRating = repository.firstRatingStatement({
    albumTotals: catalog.firstRatingTotalsQuery,
    profileRatings: (db, userId, onlyIf) => profileCounters.shiftCountersQuery(db, userId, { ratings_count: 1 }).where(onlyIf),
  });

  type Totals = AlbumTotals | undefined;
  /** Ratings of an album's tracks (decision 078). */
  const tracks = createTrackRatings(deps);

  /** The answer to a change: `totals` as the write's own update returned them (read again when unknown). */
  async function summary(albumId: string, rating: number | null, known?: Totals): Promise<AlbumRating> {
    const totals = known ?? (await catalog.ratingTotals(albumId));
    return {
      albumId,
      rating,
      averageRating: roundRating(totals?.average ?? null),
      ratingCount: totals?.count ?? 0,
      ratingDistribution: halfStepDistribution(totals?.distribution ?? new Map()),
    };
  }

  /**
   * Rates an album, or changes the rating; the rating row (which is also its entry in followers' feeds, decision 042)
   * and all totals change in one transaction (decision 037: a first rating on PostgreSQL is one statement). `quiet`
   * keeps the rating out of feeds: an import's hundreds of old ratings would flood followers' feeds. `at` dates the
   * rating when it was given elsewhere (an imported Hearsay export keeps when each album was rated).
   */
  async function rate(
    userId: string,
    albumRef: string,
    rating: number,
    options: { quiet?: boolean; at?: string; partOfReview?: boolean } = {},
  ): Promise<AlbumRating> {
    const albumId = await catalog.resolveAlbumId(albumRef);
    const now = deps.clock().toISOString();
    // A review carries its rating: it is shared as the review. An import's ratings are not news.
    const told = () => {
      if (options.quiet) return;
      // Into followers' home timelines by a job (decision 087), queued once the rating is committed: a first rating
      // is one statement on PostgreSQL (decision 037).
      deps.events?.emit('rating.news', { userId, albumId });
      if (!options.partOfReview) deps.events?.emit('rating.changed', { userId, albumId, ratingId: null });
    };
    const written: repository.RatingWrite = { userId, albumId, value: rating, at: options.at ?? now, feedAt: options.quiet ? null : now };
    // Most ratings are a person's first of an album: on PostgreSQL one statement. A change, and any rating on SQLite, is the transaction.
    const first = await insertFirstRating(db, { ...written, now });
    if (first) {
      catalog.invalidateAlbum(albumId);
      told();
      return summary(albumId, rating, catalog.totalsOf(first.totals));
    }
    const write = () =>
      db.transaction().execute(async (trx) => {
        const existing = await repository.findRating(trx, userId, albumId);
        if (existing) {
          // A new value is news again; the same value given again is not.
          const changed = Number(existing.rating) !== rating;
          await repository.updateRating(trx, existing.id, rating, written.at, changed ? (written.feedAt ?? undefined) : undefined);
          return catalog.moveRatingTotals(trx, albumId, { from: Number(existing.rating), to: rating }, now);
        }
        await repository.insertRating(trx, written);
        const totals = await catalog.moveRatingTotals(trx, albumId, { from: null, to: rating }, now);
        await profileCounters.shiftCounters(trx, userId, { ratings_count: 1 });
        return totals;
      });
    let totals: Totals;
    try {
      totals = await write();
    } catch (error) {
      // Two first ratings by one person at the same moment: the second becomes a change.
      if (!isUniqueViolation(error)) throw error;
      totals = await write();
    }
    catalog.invalidateAlbum(albumId);
    told();
    return summary(albumId, rating, totals);
  }

  async function unrate(userId: string, albumRef: string): Promise<AlbumRating> {
    const albumId = await catalog.resolveAlbumId(albumRef);
    let removedId: string | null = null;
    const totals = await db.transaction().execute(async (trx) => {
      const existing = await repository.findRating(trx, userId, albumId);
      if (!existing) return undefined;
      removedId = existing.id;
      const now = deps.clock().toISOString();
      // Its feed entry goes with the row.
      await repository.deleteRating(trx, existing.id);
      const after = await catalog.moveRatingTotals(trx, albumId, { from: Number(existing.rating), to: null }, now);
      await profileCounters.shiftCounters(trx, userId, { ratings_count: -1 });
      return after;
    });
    catalog.invalidateAlbum(albumId);
    if (removedId) deps.events?.emit('rating.changed', { userId, albumId, ratingId: removedId });
    return summary(albumId, null, totals);
  }

  /** Your ratings, each with its album: newest first unless sorted otherwise, optionally filtered (the library). */
  async function mine(userId: string, query: Partial<MyRatingsQuery> & { page: number; limit: number }): Promise<MyRatingsPage> {
    const genre = await catalog.genreFilter(query.genre);
    const { rows, total } = await repository.ratedAlbumIds(db, userId, query.limit, (query.page - 1) * query.limit, {
      genre,
      decade: query.decade,
      minRating: query.minRating,
      currentYear: deps.clock().getUTCFullYear(),
      sort: query.sort ?? 'date',
      order: query.order ?? 'desc',
    });
    return {
      items: (await deps.hydrator.withAlbums(rows, (row) => row.album_id, userId)).map(({ row, album }) => ({
        album: presentAlbumCard(album),
        rating: Number(row.rating),
        ratedAt: row.updated_at,
      })),
      ...pageFields(query, total),
    };
  }

  /** Account deletion: the person's ratings leave every album's totals before their rows go. */
  async function forgetPerson(userId: string): Promise<void> {
    await tracks.forgetPerson(userId);
    const albumIds = await db.transaction().execute(async (trx) => {
      const rows = await repository.ratingsBy(trx, userId);
      const now = deps.clock().toISOString();
      for (const row of rows) await catalog.moveRatingTotals(trx, row.album_id, { from: Number(row.rating), to: null }, now);
      await repository.deleteRatingsBy(trx, userId);
      return rows.map((row) => row.album_id);
    });
    for (const albumId of albumIds) catalog.invalidateAlbum(albumId);
  }

  /** A person's ratings per half step (the profile's Ratings tab). */
  async function distributionOf(userId: string) {
    return halfStepDistribution(await repository.personDistribution(db, userId));
  }

  /** A person's ratings of these albums (album id -> value), for an import deciding what it changes. */
  const ratingsOf = (userId: string, albumIds: readonly string[]) => repository.viewerRatings(db, userId, albumIds);

  /** A person's rating of an album as it stands (null: none), for sharing it with other sites. */
  async function current(userId: string, albumId: string) {
    const row = await repository.currentRating(db, userId, albumId);
    return row ? { id: row.id, rating: Number(row.rating), createdAt: row.created_at, updatedAt: row.updated_at } : null;
  }

  /** Every album both people rated, with both ratings (a profile's compatibility). */
  const sharedRatings = (userId: string, otherId: string) => asked.sharedRatings(db, userId, otherId);

  /** A person's ratings a page at a time, and how many: Download my data (decision 028). */
  const exported = {
    count: async (userId: string) => (await asked.exportedCount(db, userId)) + (await tracks.exportedCount(userId)),
    ratings: (userId: string, after: string, limit: number) => asked.exportedRatings(db, userId, after, limit),
    /** Track ratings, keyed `album id|track id`, each with its track's disc, position and title. */
    trackRatings: (userId: string, after: string, limit: number) => tracks.exported(userId, after, limit),
  };

  /** Albums most rated since an instant by the raters every condition keeps (the feed's "popular among"). */
  const mostRatedSince = (since: string, limit: number, raters: readonly asked.PersonCondition[]) =>
    asked.mostRatedSince(db, since, limit, raters);
  /** Who rated an album among the raters every condition keeps, newest first, and how many (an album page). */
  const ratersOfAlbum = (albumId: string, limit: number, raters: readonly asked.PersonCondition[]) =>
    asked.ratersOfAlbum(db, albumId, limit, raters);
  /** People who rate highly what this person rates highly, kept by every condition (the feed's suggestions). */
  const tasteNeighbours = (
    userId: string,
    options: { threshold: number; basis: number; limit: number },
    others: readonly asked.PersonCondition[],
  ) => asked.tasteNeighbours(db, userId, options, others);

  /** A person's ratings between two instants, of albums `listed` keeps: how many of each value, and the best. */
  const ratingsOfPeriod = (
    userId: string,
    between: { from: string; to: string },
    limit: number,
    listed: (album: string) => Expression<SqlBool>,
  ) => asked.ratingsOfPeriod(db, userId, between, limit, listed);

  return {
    tracks,
    current,
    /** Ratings follow an album merged into another (decision 080). */
    albumMerge: ratingsAlbumMerge({
      writeRatingTotals: catalog.writeRatingTotals,
      shiftRatingsCount: (executor, userId, delta) => profileCounters.shiftCounters(executor, userId, { ratings_count: delta }),
      albumTracks: catalog.albumTracks,
      writeTrackRatingTotals: catalog.writeTrackRatingTotals,
    }),
    rate,
    unrate,
    mine,
    forgetPerson,
    distributionOf,
    ratingsOf,
    sharedRatings,
    exported,
    mostRatedSince,
    ratersOfAlbum,
    tasteNeighbours,
    ratingsOfPeriod,
  };
}
