import type { AliasableExpression, Expression, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AlbumDetail, LinkService } from '@hearsay/contracts/catalog';
import type { DB } from '../../platform/db/index.ts';
import { memoryCache, type CacheMode } from '../../platform/memory-cache.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { ChartRow } from './charts.repository.ts';
import { DEFAULT_MEMBER_CONFIRMATION, type MemberConfirmationRule } from './member-confirmation.ts';

/** A read of another module's table, written by its owner, that a statement of the catalog unites with another or joins. */
export type StatementPart<Row> = SelectQueryBuilder<Database, keyof Database, Row>;

/**
 * What the catalog needs to know about ratings; provided by the ratings module, which writes every read of its table,
 * the parts of the catalog's statements that read it too (decision 066).
 */
export interface RatingLookup {
  viewerRatings(userId: string, albumIds: readonly string[]): Promise<Map<string, number>>;
  /** A person's rating of an album and of each of its tracks (track id -> value), in one read: the album page. */
  viewerAlbumRatings(userId: string, albumId: string): Promise<{ album: number | null; tracks: Map<string, number> }>;
  /** Mean rating and number of ratings made since the instant (undefined: all time), a chart's prior. */
  periodMean(since: string | undefined): Promise<{ mean: number; ratings: number }>;
  /** Per album, the number (v) and average (r) of the ratings made since the instant, among albums with `minRatings`. */
  periodStats(
    since: string | undefined,
    minRatings: number,
    raters?: (column: string) => Expression<SqlBool>,
  ): AliasableExpression<{ album_id: string; v: number; r: number }>;
  /** A page of every rating in id order after an id, for the chart job (decision 081). */
  ratingsAfter(
    afterId: string,
    limit: number,
  ): Promise<{ id: string; album_id: string; user_id: string; rating: number; created_at: string }[]>;
  /** The album of each rating made since the instant. */
  albumsRatedSince(since: string): StatementPart<{ album_id: string }>;
  /** Each rating's album, and when it was last made or changed. */
  moments(): StatementPart<{ album_id: string; at: string }>;
  /** Not rated by this person, as a condition on a column naming an album. */
  notRatedBy(raterId: string, albumColumn: string): Expression<SqlBool>;
}

/** What the catalog needs to know about reviews, as parts of its statements; provided by the reviews module. */
export interface ReviewLookup {
  /** The album of each review written since the instant. */
  albumsReviewedSince(since: string): StatementPart<{ album_id: string }>;
  /** Each review's album, and when it was written. */
  moments(): StatementPart<{ album_id: string; at: string }>;
}

export interface CatalogServiceDeps {
  db: DB;
  clock: () => Date;
  charts: { priorWeight: number; minRatings: number };
  /**
   * How much a member's rating counts in everyone's charts, by when they joined: the trust weight of decision 077
   * (`genres/trust-weight.ts`), handed in so the catalog does not depend on the module that votes genres.
   */
  raterWeight: (memberSince: string | Date, now: Date) => number;
  ratings: RatingLookup;
  reviews: ReviewLookup;
  /**
   * Album cards (the hydration layer keeps what they are made from, and the catalog tells it when an album changes);
   * the people who added pending albums and found them (their usernames, their account's age).
   */
  hydrator: Pick<Hydrator, 'albums' | 'withAlbums' | 'thingRules' | 'forgetAlbum' | 'forgetAlbums' | 'people' | 'conditions'>;
  /**
   * CACHES: with caches off, album pages, charts and active lists are read for every request. The catalog's
   * rating prior and genre counts are still kept a minute: each is a scan of the whole catalog no request should pay.
   */
  caches?: CacheMode;
  /** When members' finds confirm a pending album (decision 058); the defaults when not given. */
  memberConfirmation?: MemberConfirmationRule;
  /** The streaming service whose "Listen on" link comes first for this member (their linked account), if any. */
  preferredLinkService?: (userId: string) => Promise<LinkService | null>;
}

export type SharedAlbum = Omit<AlbumDetail, 'viewerRating'>;

/**
 * What the catalog's parts (reading, charts, writing, confirming) share: the dependencies, the short caches of album
 * pages, charts and active lists (album cards are the hydration layer's, told here), and their invalidation. Every
 * write that changes what an album shows calls `invalidateAlbum()`, in this process or, through the change events, in
 * every other one; the TTL only bounds what could be missed (a cover found in the background).
 */
export function createCatalogContext(deps: CatalogServiceDeps) {
  const caches = deps.caches ?? 'on';
  /** The viewer-independent part of album pages, by album id (refs map slugs and ids to it). */
  const albumCache = memoryCache<string, SharedAlbum>(caches, { max: 20_000, ttl: 60_000 });
  const albumRefs = memoryCache<string, string>(caches, { max: 20_000 });
  const chartCache = memoryCache<
    string,
    {
      rows: ChartRow[];
      total: number;
      mean: number;
      provisional: boolean;
      minRatings: number;
      since: string | null;
      trustWeighted: boolean;
      computedAt: string | null;
    }
  >(caches, {
    max: 500,
    ttl: 60_000,
  });
  const activeCache = memoryCache<string, string[]>(caches, { max: 200, ttl: 60_000 });
  /** Bumped by every invalidation: a page built while one happened is served but not kept. */
  let generation = 0;
  /** Told of every change: the album's id, or null when any album may have changed. */
  const changeListeners: ((albumId: string | null) => void)[] = [];

  return {
    deps,
    db: deps.db,
    memberConfirmation: deps.memberConfirmation ?? DEFAULT_MEMBER_CONFIRMATION,
    currentYear: () => deps.clock().getUTCFullYear(),
    now: () => deps.clock().toISOString(),
    albumCache,
    albumRefs,
    chartCache,
    activeCache,
    generation: () => generation,
    /** Called after a write that changes what an album shows (ratings, reviews, likes). */
    invalidateAlbum(albumId: string) {
      generation++;
      albumCache.delete(albumId);
      deps.hydrator.forgetAlbum(albumId);
      chartCache.clear();
      activeCache.clear();
      for (const listener of changeListeners) listener(albumId);
    },
    /** Called after albums are added or confirmed: every cached list may now be missing one. */
    invalidateAll() {
      generation++;
      albumCache.clear();
      albumRefs.clear();
      deps.hydrator.forgetAlbums();
      chartCache.clear();
      activeCache.clear();
      for (const listener of changeListeners) listener(null);
    },
    /** Register a cache (of a route, say) to be dropped whenever catalog data changes. */
    onChange: (listener: (albumId: string | null) => void) => changeListeners.push(listener),
  };
}

export type CatalogContext = ReturnType<typeof createCatalogContext>;
