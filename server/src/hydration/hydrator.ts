import type { RawBuilder, SqlBool } from 'kysely';
import { jsonRows } from '../platform/db/json-arrays.ts';
import type { ProfileVisibility } from '../db/schema.ts';
import type { DB } from '../platform/db/index.ts';
import { memoryCache, type CacheMode } from '../platform/memory-cache.ts';
import * as albumRows from './albums.repository.ts';
import * as listRows from './lists.repository.ts';
import * as people from './people.repository.ts';
import * as reviewRows from './reviews.repository.ts';
import * as visibility from './visibility.repository.ts';
import * as years from './years.repository.ts';
import * as followedWeeks from './followed-week.repository.ts';
import * as feedRows from './feed.repository.ts';
import * as usage from './usage.repository.ts';

export type { AlbumGenreRow, AlbumWithCredits, CardAlbumRow, CreditRow } from './albums.repository.ts';
export type { FeedPosition, FeedRow } from './feed.repository.ts';

/**
 * The hydration layer: what every list of people's things needs between its skeleton (the ids a module's own
 * statement chose) and its presenter. It loads people, albums, reviews and lists (collections) by id, one statement
 * per kind, each with the viewer's side of it, and holds the one vocabulary for "may this viewer see this"
 * (`rules` for people, which a statement that must filter in the database takes as a condition, `where`, or as a set
 * of people to leave out, `excluded`; `thingRules` for albums, reviews and lists). It sits below the modules: any
 * module may use it, it uses none (docs/ARCHITECTURE.md, decisions 061 and 063).
 */

/** The viewer's side of a person. All false for a visitor, and for the viewer's own card but `self`. */
export interface Relation {
  self: boolean;
  /** The viewer follows them. */
  following: boolean;
  /** They follow the viewer. */
  followsViewer: boolean;
  /** The viewer asked to follow them and they have not answered. */
  requested: boolean;
  /** The viewer blocked them. */
  blocking: boolean;
  /** They blocked the viewer. */
  blockedBy: boolean;
  /** The viewer muted them. */
  muting: boolean;
}

export interface HydratedPerson {
  id: string;
  username: string | null;
  name: string;
  avatarPath: string | null;
  visibility: ProfileVisibility;
  /** When they joined, as an ISO time. */
  createdAt: string;
  reviewsCount: number;
  publicCollectionsCount: number;
  viewer: Relation;
}

const NO_RELATION: Relation = {
  self: false,
  following: false,
  followsViewer: false,
  requested: false,
  blocking: false,
  blockedBy: false,
  muting: false,
};

function hydrated(row: people.PersonRow, viewerId: string | undefined): HydratedPerson {
  const self = row.id === viewerId;
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatarPath: row.avatar_path,
    visibility: row.visibility ?? 'public',
    createdAt: new Date(row.created_at).toISOString(),
    reviewsCount: Number(row.reviews_count ?? 0),
    publicCollectionsCount: Number(row.public_collections_count ?? 0),
    viewer:
      viewerId && !self
        ? {
            self,
            following: Boolean(row.following),
            followsViewer: Boolean(row.follows_viewer),
            requested: Boolean(row.requested),
            blocking: Boolean(row.blocking),
            blockedBy: Boolean(row.blocked_by),
            muting: Boolean(row.muting),
          }
        : { ...NO_RELATION, self },
  };
}

/**
 * "May this viewer see this person's things", as questions about a person hydrated for the viewer. Each holds for the
 * viewer's own self. The same rules as SQL conditions are `Hydrator['where']`, as sets `Hydrator['excluded']`;
 * `hydration.test.ts` proves the forms agree.
 */
export const rules = {
  /** No block either way. Whom the viewer may message, be notified by, or find at their profile's address. */
  reachable: (person: HydratedPerson): boolean => person.viewer.self || (!person.viewer.blocking && !person.viewer.blockedBy),
  /** Their profile lets the viewer in (public, approved follower, their own), blocks aside: its tabs and a locked page. */
  profileOpen: (person: HydratedPerson): boolean =>
    person.viewer.self || person.visibility === 'public' || (person.visibility === 'followers' && person.viewer.following),
  /** Reachable and open: their reviews, comments, collections, year. */
  canSee: (person: HydratedPerson): boolean => rules.reachable(person) && rules.profileOpen(person),
  /** Reachable and not private: named in lists of people (search, followers) even when what they hold is closed. */
  listable: (person: HydratedPerson): boolean => rules.reachable(person) && (person.viewer.self || person.visibility !== 'private'),
  /** Seen and not muted: in the viewer's feed, its sidebar and their Weekly Digest. */
  activityShown: (person: HydratedPerson): boolean => rules.canSee(person) && !person.viewer.muting,
};

/** The same person as a visitor sees them: what a shared link or a link preview may show. */
export const asVisitor = (person: HydratedPerson): HydratedPerson => ({ ...person, viewer: NO_RELATION });

export type Rule = keyof typeof rules;
/** The rules a statement can take as a condition on a column naming a person. */
export type ConditionRule = Exclude<Rule, 'profileOpen'>;
/** The rules a statement can take as the set of people they leave out. */
export type SetRule = Exclude<Rule, 'profileOpen' | 'activityShown'>;
/** A rule as a condition on a column naming a person, for the viewer. */
export type PersonCondition = (viewerId: string | undefined, column: string) => RawBuilder<SqlBool>;

/** An album card's makings, with the viewer's side of it. */
export interface HydratedAlbum extends albumRows.AlbumWithCredits {
  /** The viewer's own rating (null: none, or a visitor). */
  viewerRating: number | null;
  /** Waiting for confirmation (decision 058). */
  pending: boolean;
  /** The viewer's import added it. */
  addedByViewer: boolean;
}

export interface HydratedReview {
  id: string;
  authorId: string;
  albumId: string;
  title: string;
  contentHtml: string;
  contentText: string;
  /** The author's rating of the album as it is now. */
  rating: number;
  likeCount: number;
  commentCount: number;
  createdAt: string;
  editedAt: string | null;
  /** Set when a moderator hid it. */
  hiddenReason: string | null;
  viewer: { liked: boolean; own: boolean };
}

/** A list (a collection of albums). */
export interface HydratedList {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  isPrivate: boolean;
  ranked: boolean;
  albumCount: number;
  likeCount: number;
  createdAt: string;
  updatedAt: string;
  /** The first albums, in order, whose covers it shows. */
  coverAlbumIds: string[];
  viewer: { liked: boolean; own: boolean };
}

/** A review that passed the rules, with its author and its album. */
export interface ShownReview {
  review: HydratedReview;
  author: HydratedPerson;
  album: HydratedAlbum;
}

/** A list that passed the rules, with its owner. */
export interface ShownList {
  list: HydratedList;
  owner: HydratedPerson;
}

/**
 * "May this viewer see this thing", over what the hydrator read for them. A review or a list is its author's thing:
 * it follows `canSee` on them, and what a moderator hid, or the author made private, shows to the author alone.
 */
export const thingRules = {
  /**
   * Listed where people come across albums (an artist's discography): confirmed, or pending and added by the viewer.
   * By its link, anyone sees any album, pending or not (decision 058).
   */
  albumListed: (album: HydratedAlbum): boolean => !album.pending || album.addedByViewer,
  reviewShown: (review: HydratedReview, author: HydratedPerson): boolean => rules.canSee(author) && thingRules.ownOrOpen(review),
  listShown: (list: HydratedList, owner: HydratedPerson): boolean => rules.canSee(owner) && thingRules.ownOrOpen(list),
  /** The thing's own part of the rule: not hidden by a moderator nor private, or the viewer's own. */
  ownOrOpen: (thing: HydratedReview | HydratedList): boolean =>
    thing.viewer.own || ('hiddenReason' in thing ? thing.hiddenReason === null : !thing.isPrivate),
};

/**
 * The album rule as a condition on a column naming an album, for a statement that must filter in the database (a
 * year's listens and reviews).
 */
export const thingWhere = {
  albumListed: visibility.albumListed,
};

/**
 * A page's ids chosen by a statement that took the person rule (`canSee`) as a condition (decision 061): the rule is
 * not asked again of each thing, and its people are read without the viewer's side, the cheaper statement.
 */
export interface Filtered {
  filtered?: boolean;
}

export interface HydratorDeps {
  db: DB;
  /** With caches off, album cards are read for every request (`CACHES`, as the catalog's). */
  caches?: CacheMode;
}

function hydratedReview(row: reviewRows.ReviewRow, viewerId: string | undefined): HydratedReview {
  return {
    id: row.id,
    authorId: row.user_id,
    albumId: row.album_id,
    title: row.title,
    contentHtml: row.content_html,
    contentText: row.content_text,
    rating: Number(row.current_rating),
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    createdAt: row.created_at,
    editedAt: row.edited_at,
    hiddenReason: row.hidden_reason,
    viewer: { liked: Boolean(row.liked), own: row.user_id === viewerId },
  };
}

function hydratedList(row: listRows.ListRow, viewerId: string | undefined): HydratedList {
  return {
    id: row.id,
    ownerId: row.user_id,
    name: row.name,
    description: row.description,
    isPrivate: Boolean(row.is_private),
    ranked: Boolean(row.ranked),
    albumCount: Number(row.album_count),
    likeCount: Number(row.like_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    coverAlbumIds: jsonRows<{ album_id: string }>(row.first_albums).map((entry) => entry.album_id),
    viewer: { liked: Boolean(row.liked), own: row.user_id === viewerId },
  };
}

/** Map values in the order of `ids`, those missing left out. */
const inOrder = <T>(ids: readonly string[], found: ReadonlyMap<string, T>): T[] => ids.flatMap((id) => found.get(id) ?? []);

export type Hydrator = ReturnType<typeof createHydrator>;

export function createHydrator(deps: HydratorDeps) {
  const { db } = deps;

  /** People by id, each with the viewer's side of them; a deleted account is simply missing. */
  async function peopleById(ids: readonly string[], viewerId?: string): Promise<Map<string, HydratedPerson>> {
    const rows = await people.people(db, [...new Set(ids)], viewerId);
    return new Map(rows.map((row) => [row.id, hydrated(row, viewerId)]));
  }

  async function person(id: string, viewerId?: string): Promise<HydratedPerson | undefined> {
    return (await peopleById([id], viewerId)).get(id);
  }

  /** Whoever holds this username now (lowercase), hydrated for the viewer. */
  async function personNamed(username: string, viewerId?: string): Promise<HydratedPerson | undefined> {
    const id = await people.idOfUsername(db, username);
    return id ? person(id, viewerId) : undefined;
  }

  /** What a person wrote about themselves, for their actor on other sites (federation). */
  const bioOf = (id: string) => people.bioOf(db, id);

  /**
   * The site's figures for other servers (NodeInfo): members whose profile is not private, those of them active since
   * each day given, and the ratings and reviews public profiles share.
   */
  const siteUsage = (since: { month: string; halfYear: string }) => usage.siteUsage(db, since);

  /** Which of these usernames (lowercase) belong to someone now, each with the person's id: mentions. */
  const idsOfUsernames = (usernames: readonly string[]) => people.idsOfUsernames(db, [...new Set(usernames)]);

  const where: Record<ConditionRule, PersonCondition> = {
    reachable: visibility.reachable,
    canSee: visibility.canSee,
    listable: visibility.listable,
    activityShown: visibility.activityShown,
  };

  async function union(...lists: Promise<string[]>[]): Promise<Set<string>> {
    return new Set((await Promise.all(lists)).flat());
  }

  const excluded: Record<SetRule, (viewerId: string | undefined) => Promise<Set<string>>> = {
    reachable: (viewerId) => union(visibility.blockedEitherWay(db, viewerId)),
    canSee: (viewerId) => union(visibility.blockedEitherWay(db, viewerId), visibility.closedProfiles(db, viewerId)),
    listable: (viewerId) => union(visibility.blockedEitherWay(db, viewerId), visibility.closedProfiles(db, viewerId, true)),
  };

  /**
   * What album cards are made from, by album id, for a minute: the catalog drops an album whenever something it
   * shows changes (`forgetAlbum`, `forgetAlbums`, in every process through its change events). A card built while one
   * was dropped is served but not kept.
   */
  const albumCache = memoryCache<string, albumRows.AlbumWithCredits>(deps.caches ?? 'on', { max: 20_000, ttl: 60_000 });
  let albumGeneration = 0;

  /**
   * Albums by id with the viewer's rating of each: those not kept are read with the ratings in one statement, and only
   * the kept ones need the viewer's ratings read on their own. An unknown id is simply missing.
   */
  async function albums(ids: readonly string[], viewerId?: string): Promise<Map<string, HydratedAlbum>> {
    const unique = [...new Set(ids)];
    const kept = new Map(
      unique.flatMap((id) => {
        const album = albumCache.get(id);
        return album ? [[id, album] as const] : [];
      }),
    );
    const missing = unique.filter((id) => !kept.has(id));
    const generation = albumGeneration;
    const [read, mine] = await Promise.all([
      albumRows.albums(db, missing, viewerId),
      viewerId ? albumRows.viewerRatings(db, [...kept.keys()], viewerId) : new Map<string, number>(),
    ]);
    const withViewer = (album: albumRows.AlbumWithCredits, viewerRating: number | null): HydratedAlbum => ({
      ...album,
      viewerRating,
      pending: album.album.status !== 'confirmed',
      addedByViewer: viewerId !== undefined && album.album.created_by === viewerId,
    });
    const found = new Map<string, HydratedAlbum>();
    for (const [id, album] of kept) found.set(id, withViewer(album, mine.get(id) ?? null));
    for (const { viewerRating, ...album } of read) {
      found.set(album.album.id, withViewer(album, viewerRating));
      if (generation === albumGeneration) albumCache.set(album.album.id, album);
    }
    return new Map(inOrder(unique, found).map((album) => [album.album.id, album]));
  }

  /** Rows paired with their albums, by id (never by position), in order; a row whose album is gone is left out. */
  async function withAlbums<Row>(rows: readonly Row[], albumIdOf: (row: Row) => string, viewerId?: string) {
    const found = await albums(rows.map(albumIdOf), viewerId);
    return rows.flatMap((row) => {
      const album = found.get(albumIdOf(row));
      return album ? [{ row, album }] : [];
    });
  }

  async function reviewsById(ids: readonly string[], viewerId?: string): Promise<Map<string, HydratedReview>> {
    const rows = await reviewRows.reviews(db, [...new Set(ids)], viewerId);
    return new Map(rows.map((row) => [row.id, hydratedReview(row, viewerId)]));
  }

  /**
   * Reviews by id as the viewer may see them (`thingRules.reviewShown`), in order, each with its author and album:
   * three statements for a page, one per kind, the people and albums read side by side. `filtered`: the ids come from
   * a statement that took the rule as a condition (a page of reviews), so it is not asked again and the authors are
   * read without the viewer's side.
   */
  async function shownReviews(ids: readonly string[], viewerId?: string, options: Filtered = {}): Promise<ShownReview[]> {
    const found = inOrder(ids, await reviewsById(ids, viewerId));
    const [authors, albumsById] = await Promise.all([
      peopleById(
        found.map((review) => review.authorId),
        options.filtered ? undefined : viewerId,
      ),
      albums(
        found.map((review) => review.albumId),
        viewerId,
      ),
    ]);
    return found.flatMap((review) => {
      const author = authors.get(review.authorId);
      const album = albumsById.get(review.albumId);
      if (!author || !album) return [];
      return (options.filtered ? thingRules.ownOrOpen(review) : thingRules.reviewShown(review, author)) ? [{ review, author, album }] : [];
    });
  }

  async function listsById(ids: readonly string[], viewerId?: string): Promise<Map<string, HydratedList>> {
    const rows = await listRows.lists(db, [...new Set(ids)], viewerId);
    return new Map(rows.map((row) => [row.id, hydratedList(row, viewerId)]));
  }

  /** Lists by id as the viewer may see them (`thingRules.listShown`), in order, each with its owner: two statements. */
  async function shownLists(ids: readonly string[], viewerId?: string, options: Filtered = {}): Promise<ShownList[]> {
    const found = inOrder(ids, await listsById(ids, viewerId));
    const owners = await peopleById(
      found.map((list) => list.ownerId),
      options.filtered ? undefined : viewerId,
    );
    return found.flatMap((list) => {
      const owner = owners.get(list.ownerId);
      if (!owner) return [];
      return (options.filtered ? thingRules.ownOrOpen(list) : thingRules.listShown(list, owner)) ? [{ list, owner }] : [];
    });
  }

  /**
   * A person's ratings of one year over their albums, only those the viewer may come across: the `topGenres` genres and
   * the release years (a year in review), one statement each.
   */
  async function yearOfRatings(window: years.RatingYear, topGenres: number) {
    const [genres, releaseYears] = await Promise.all([years.topGenres(db, window, topGenres), years.releaseYears(db, window)]);
    return { topGenres: genres, releaseYears };
  }

  /**
   * What a member's Weekly Digest shows of a week: the newest reviews (their album and author named) and the most rated
   * albums among the people they follow, of those their feed shows; two statements.
   */
  const followedWeek = (userId: string, from: string, to: string) => followedWeeks.followedWeek(db, userId, from, to);

  /**
   * Conditions on a column naming a person that are not rules of who may see whom: whom the viewer follows, and who
   * shares their ratings. Statements of the modules take them as they take `where` (the feed's sidebar).
   */
  const conditions = {
    followedBy: visibility.followedBy,
    notFollowedBy: visibility.notFollowedBy,
    sharesRatings: (column: string) => visibility.sharesRatings(db, column),
  };

  /**
   * The feed's reads across modules, one statement each: its skeleton (activity and the ratings that are news, by time
   * and actor, decision 042), and the people who rated a new member's albums, ranked by their reviews.
   */
  const feed = {
    /** The newest rows of each of these people before the cursor, merged: for someone following few people. */
    newestOfEach: (actorIds: readonly string[], cursor: feedRows.FeedPosition | null, limit: number) =>
      feedRows.newestOfEach(db, actorIds, cursor, limit),
    /** The newest rows of everyone before the cursor, kept when the viewer follows their actor: for someone following many. */
    newestAmongFollowed: (viewerId: string, cursor: feedRows.FeedPosition | null, limit: number, window: number) =>
      feedRows.newestAmongFollowed(db, viewerId, cursor, limit, window),
    /** A page of the viewer's home timeline (decision 087), as the skeleton's rows. */
    timelinePage: (viewerId: string, cursor: feedRows.FeedPosition | null, limit: number) =>
      feedRows.timelinePage(db, viewerId, cursor, limit),
    /** A rating as a feed entry, when it is news: what a rating's fan-out writes. */
    ratingEntry: (userId: string, albumId: string) => feedRows.ratingEntry(db, userId, albumId),
    /** The people who rated the most of these albums, then those who review most. */
    ratersOf: (albumIds: readonly string[], viewerId: string, excludeIds: readonly string[], limit: number) =>
      feedRows.ratersOf(db, albumIds, viewerId, excludeIds, limit),
  };

  return {
    people: peopleById,
    person,
    personNamed,
    idsOfUsernames,
    bioOf,
    siteUsage,
    rules,
    where,
    excluded,
    albums,
    withAlbums,
    reviews: reviewsById,
    shownReviews,
    lists: listsById,
    shownLists,
    thingRules,
    thingWhere,
    yearOfRatings,
    followedWeek,
    conditions,
    feed,
    /** The catalog changed what this album shows. */
    forgetAlbum(albumId: string) {
      albumGeneration++;
      albumCache.delete(albumId);
    },
    /** Albums were added or confirmed, or anything may have changed. */
    forgetAlbums() {
      albumGeneration++;
      albumCache.clear();
    },
  };
}
