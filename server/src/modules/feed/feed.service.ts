import {
  FEED_PAGE_SIZE,
  STARTER_FOLLOWS_BELOW,
  SUGGESTION_HIGH_RATING,
  type FeedItem,
  type FeedPage,
  type FeedQuery,
  type FeedSidebar,
  type SidebarReview,
} from '@hearsay/contracts/feed';
import { badRequest, fieldIssue } from '../../platform/errors.ts';
import type { MemberSettings } from '@hearsay/contracts/settings';
import type { RemotePost } from '@hearsay/contracts/federation';
import type { FeedPosition, FeedRow, HydratedPerson, Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCard, presentAlbumCards } from '../../hydration/albums.presenter.ts';
import { presentPerson, type PersonSummary } from '../../hydration/people.presenter.ts';
import { presentReviewSummary } from '../../hydration/reviews.presenter.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { HomeTimelines } from './home-timelines.ts';
import { presentFeed, type Hydrated, type KeptRow } from './feed.presenter.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';

export { createActivityLog, type ActivityLog, type ActivityMatch, type ActivityRow } from './activity-log.ts';

export interface FeedServiceDeps {
  clock: () => Date;
  catalog: CatalogService;
  /**
   * People, albums, reviews and lists, and who stays out of the feed (`activityShown`: blocks either way, closed
   * profiles and mutes; what a moderator hid, private lists).
   */
  hydrator: Pick<
    Hydrator,
    'people' | 'rules' | 'where' | 'conditions' | 'feed' | 'albums' | 'withAlbums' | 'reviews' | 'shownReviews' | 'lists' | 'thingRules'
  >;
  /**
   * What the feed asks of the modules that own its rows (decision 066); its skeleton, which reads the feed's activity
   * and the ratings together, is the hydration layer's (`hydrator.feed`).
   */
  ratings: Pick<RatingsService, 'mostRatedSince' | 'tasteNeighbours'>;
  reviews: Pick<ReviewsService, 'newest'>;
  journal: Pick<JournalService, 'listens'>;
  profiles: Pick<ProfilesService, 'feed'>;
  /** Members' settings (accounts' settings service): what each person shares. */
  settings: { readMany(userIds: readonly string[]): Promise<Map<string, MemberSettings>> };
  /** The ratings and reviews of people of other sites the member follows (federation), in a page's span of time. */
  remote?: {
    feedPosts(viewerId: string, window: { before: string | null; notBefore: string | null; limit: number }): Promise<RemotePost[]>;
    /** Posts of other sites by id, as the viewer may see them: those of a home timeline's page. */
    feedPostsByIds(viewerId: string, ids: readonly string[]): Promise<RemotePost[]>;
  };
  /**
   * Members' home timelines, written when things happen (decision 087): a page is read from the viewer's timeline
   * when it is ready, and from the pull-based skeleton while it is rebuilt and past its end.
   */
  timelines?: Pick<HomeTimelines, 'ready' | 'page'>;
}

export type FeedService = ReturnType<typeof createFeedService>;

/**
 * Up to this many people followed, the skeleton reads each one's newest rows (at most this many × the page size);
 * past it, the newest rows of everyone, at most WINDOW of them, filtered by the follow table. Either way a page reads
 * a bounded number of rows, whatever the number of people followed (docs/benchmarks.md, "feed").
 */
const FAN_OUT_MAX = 200;
const WINDOW = 10_000;
const DAY = 24 * 60 * 60 * 1000;
const SIDEBAR_SIZE = 5;
/** Albums in the starter section, and how many candidates each of its lists reads before the visibility rules. */
const STARTER_ALBUMS = 8;
const STARTER_CANDIDATES = 20;
/** Suggestions compare the viewer's newest this-many ratings of 8+. */
const SUGGESTION_BASIS = 200;

const badCursor = () => badRequest('invalid_cursor', { context: 'feed' }, [fieldIssue('query.cursor', 'feed_position')]);

function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string | undefined): FeedPosition | null {
  if (!cursor) return null;
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !createdAt || !id || Number.isNaN(Date.parse(createdAt))) throw badCursor();
  return { createdAt, id };
}

/** A page's hydrated things, and its people as hydrated: the rules ask about them. */
type PageData = Hydrated & { hydratedPeople: Map<string, HydratedPerson> };

const positionOf = (row: FeedRow): FeedPosition => ({ createdAt: row.created_at, id: row.id });
const isAfter = (a: FeedPosition, b: FeedPosition) => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

/**
 * The home feed, built as skeleton → hydrate → rules → present: one query for the ids of the page, one batched query
 * per kind of thing they refer to, then the visibility rules (private collections, deleted items and accounts), then
 * the contract's shape.
 */
export function createFeedService(deps: FeedServiceDeps) {
  const { catalog, hydrator } = deps;
  const { conditions } = hydrator;

  /**
   * People by id, without those whose activity stays out of the viewer's feed and its sidebar: blocked either way,
   * closed to the viewer, or muted (`activityShown`). One statement reads them with the viewer's side of each, so its
   * cost follows the people at hand; anything that refers to someone left out is then dropped by the rules.
   */
  async function peopleById(viewerId: string, ids: readonly string[]): Promise<Map<string, PersonSummary>> {
    const people = await shownPeople(viewerId, ids);
    return new Map([...people.values()].map((person) => [person.id, presentPerson(person)]));
  }

  async function shownPeople(viewerId: string, ids: readonly string[]): Promise<Map<string, HydratedPerson>> {
    const people = await hydrator.people(ids, viewerId);
    return new Map([...people].filter(([, person]) => hydrator.rules.activityShown(person)));
  }

  async function skeleton(viewerId: string, cursor: FeedPosition | null) {
    // The stored count picks the strategy without reading a long follow list; the list is read only when short.
    const followees = await deps.profiles.feed.followeesUnlessMany(viewerId, FAN_OUT_MAX);
    if (followees && followees.length <= FAN_OUT_MAX) {
      const rows = await hydrator.feed.newestOfEach(followees, cursor, FEED_PAGE_SIZE);
      return { rows, next: rows.length === FEED_PAGE_SIZE ? positionOf(rows.at(-1)!) : null };
    }
    const { rows, windowEnd } = await hydrator.feed.newestAmongFollowed(viewerId, cursor, FEED_PAGE_SIZE, WINDOW);
    return { rows, next: rows.length === FEED_PAGE_SIZE ? positionOf(rows.at(-1)!) : windowEnd };
  }

  async function hydrate(rows: readonly FeedRow[], viewerId: string): Promise<PageData> {
    const objects = (type: FeedRow['object_type']) => rows.filter((row) => row.object_type === type).map((row) => row.object_id);
    const actorIds = [...new Set(rows.map((row) => row.actor_id))];
    const personIds = [...new Set([...actorIds, ...objects('person')])];
    const [people, reviews, lists, listens, settings] = await Promise.all([
      shownPeople(viewerId, personIds),
      hydrator.reviews(objects('review'), viewerId),
      hydrator.lists(objects('collection'), viewerId),
      deps.journal.listens(objects('journal_entry')),
      deps.settings.readMany(actorIds),
    ]);
    const albumIds = [...rows.flatMap((row) => row.album_id ?? []), ...[...lists.values()].flatMap((list) => list.coverAlbumIds)];
    const albums = await hydrator.albums(albumIds, viewerId);
    return {
      people: new Map([...people].map(([id, person]) => [id, presentPerson(person)])),
      hydratedPeople: people,
      albums: new Map([...albums].map(([id, album]) => [id, presentAlbumCard(album)])),
      hydratedAlbums: albums,
      reviews,
      lists,
      listens: new Map(listens.map((row) => [row.id, row])),
      sharing: new Map([...settings].map(([id, member]) => [id, member.sharing])),
    };
  }

  /** What the viewer may see: anything whose actor, object or album is gone is dropped, and so are private collections. */
  function visible(row: FeedRow, data: PageData): row is FeedRow & KeptRow {
    const actor = data.hydratedPeople.get(row.actor_id);
    if (!actor) return false;
    if (row.album_id && !data.albums.has(row.album_id)) return false;
    const shares = data.sharing.get(row.actor_id);
    switch (row.verb) {
      case 'rated':
        // The row is the rating itself, read with its current value.
        return shares?.ratings !== false && row.rating !== null;
      case 'reviewed': {
        const review = data.reviews.get(row.object_id);
        return shares?.reviews !== false && review?.authorId === row.actor_id && hydrator.thingRules.reviewShown(review, actor);
      }
      case 'created_collection':
      case 'added_to_collection': {
        const list = data.lists.get(row.object_id);
        return list?.ownerId === row.actor_id && hydrator.thingRules.listShown(list, actor);
      }
      case 'followed':
        return data.people.has(row.object_id);
      case 'listened':
        return shares?.listening !== false && data.listens.get(row.object_id)?.user_id === row.actor_id;
      default:
        return false;
    }
  }

  async function page(viewerId: string, query: FeedQuery): Promise<FeedPage> {
    const from = decodeCursor(query.cursor);
    const timeline = deps.timelines ? await deps.timelines.ready(viewerId) : null;
    // Deeper than the timeline's horizon, the skeleton answers without asking it.
    if (timeline && !(timeline.horizon && from && !isAfter(from, timeline.horizon))) {
      // A full page, or the last when the timeline reaches back to the first entry; a page reaching past its horizon is the skeleton's.
      const rows = await deps.timelines!.page(viewerId, from, FEED_PAGE_SIZE);
      const { horizon } = timeline;
      if (!horizon) return timelinePage(viewerId, rows);
      if (rows.length === FEED_PAGE_SIZE && isAfter(positionOf(rows.at(-1)!), horizon)) return timelinePage(viewerId, rows);
    }
    const { rows, next } = await skeleton(viewerId, from);
    const items = await present(viewerId, rows);
    // What people of other sites shared in the span of time this page covers: pages meet, so nothing shows twice.
    const remote = deps.remote
      ? await deps.remote.feedPosts(viewerId, {
          before: from?.createdAt ?? null,
          notBefore: next ? next.createdAt : null,
          limit: FEED_PAGE_SIZE,
        })
      : [];
    return { items: withRemote(items, remote), nextCursor: next ? encodeCursor(next) : null };
  }

  /** A page read from the timeline, whose entries include the posts of other sites in their places. */
  async function timelinePage(viewerId: string, rows: readonly FeedRow[]): Promise<FeedPage> {
    const local = rows.filter((row) => row.verb !== 'remote_post');
    const remoteIds = rows.filter((row) => row.verb === 'remote_post').map((row) => row.id);
    const [items, remote] = await Promise.all([
      present(viewerId, local),
      remoteIds.length && deps.remote ? deps.remote.feedPostsByIds(viewerId, remoteIds) : Promise.resolve([]),
    ]);
    const last = rows.length === FEED_PAGE_SIZE ? rows.at(-1) : undefined;
    return { items: withRemote(items, remote), nextCursor: last ? encodeCursor(positionOf(last)) : null };
  }

  async function present(viewerId: string, rows: readonly FeedRow[]): Promise<FeedItem[]> {
    const data = await hydrate(rows, viewerId);
    return presentFeed(
      rows.filter((row) => visible(row, data)),
      data,
    );
  }

  function withRemote(items: FeedItem[], remote: readonly RemotePost[]): FeedItem[] {
    if (!remote.length) return items;
    return [...items, ...remote.map((post): FeedItem => ({ kind: 'remote', id: `remote-${post.id}`, at: post.publishedAt, post }))].sort(
      (a, b) => b.at.localeCompare(a.at),
    );
  }

  /**
   * Reviews by id with their albums and authors, in the order given: those the viewer may see (deleted ones and what a
   * moderator hid left out) by people whose activity the feed shows and who share their reviews.
   */
  async function sidebarReviews(ids: readonly string[], viewerId: string): Promise<SidebarReview[]> {
    const shown = (await hydrator.shownReviews(ids, viewerId)).filter(({ author }) => hydrator.rules.activityShown(author));
    const sharing = await deps.settings.readMany(shown.map(({ author }) => author.id));
    return shown
      .filter(({ author }) => sharing.get(author.id)?.sharing.reviews !== false)
      .map(({ review, author, album }) => ({
        album: presentAlbumCard(album),
        author: presentPerson(author),
        review: presentReviewSummary(review),
      }));
  }

  async function sidebar(viewerId: string): Promise<FeedSidebar> {
    const now = deps.clock().getTime();
    const weekAgo = new Date(now - 7 * DAY).toISOString();
    const [followees, popular, reviewIds, neighbours] = await Promise.all([
      deps.profiles.feed.someFollowees(viewerId, STARTER_FOLLOWS_BELOW),
      // Rated by the people the viewer follows, as their feed shows them (blocks, closed profiles, mutes), who share their ratings.
      deps.ratings.mostRatedSince(weekAgo, SIDEBAR_SIZE, [
        (rater) => conditions.followedBy(viewerId, rater),
        (rater) => hydrator.where.activityShown(viewerId, rater),
        conditions.sharesRatings,
      ]),
      deps.reviews.newest.by(SIDEBAR_SIZE, (author) => conditions.followedBy(viewerId, author)),
      deps.ratings.tasteNeighbours(viewerId, { threshold: SUGGESTION_HIGH_RATING, basis: SUGGESTION_BASIS, limit: SIDEBAR_SIZE }, [
        (other) => conditions.notFollowedBy(viewerId, other),
      ]),
    ]);
    const neighbourIds = neighbours.map((row) => row.userId);
    const [popularAlbums, reviews, suggested] = await Promise.all([
      hydrator
        .withAlbums(popular, (row) => row.albumId, viewerId)
        .then((found) => found.map(({ row, album }) => ({ album: presentAlbumCard(album), raters: row.raters }))),
      sidebarReviews(reviewIds, viewerId),
      peopleById(viewerId, neighbourIds),
    ]);
    // Suggestions rest on ratings: only people who share theirs.
    const sharingRatings = await deps.settings.readMany(neighbours.map((row) => row.userId));
    const suggestions = neighbours.flatMap((row) => {
      const person = sharingRatings.get(row.userId)?.sharing.ratings === false ? undefined : suggested.get(row.userId);
      return person
        ? [{ person, reason: { kind: 'shared_high_ratings' as const, count: row.shared, threshold: SUGGESTION_HIGH_RATING } }]
        : [];
    });
    const starterSection = followees.length < STARTER_FOLLOWS_BELOW ? await starter(viewerId, followees, now) : null;
    return { popular: popularAlbums, reviews, suggestions, starter: starterSection };
  }

  /**
   * For someone who follows few people yet: albums from what they chose at onboarding that they have not rated, the
   * people who rate those albums most (else who review most lately, or ever), and what the site wrote lately. Every
   * person passes the feed's visibility rules (blocks either way, closed profiles, mutes) before being shown.
   */
  async function starter(viewerId: string, followees: readonly string[], now: number) {
    const choices = await deps.profiles.feed.onboardingChoices(viewerId);
    // The albums of their choices, rated or not, are what reviewers are found by; the unrated ones are shown.
    const [pool, unrated] = await Promise.all([
      catalog.startingAlbumIds({ ...choices, limit: STARTER_CANDIDATES }),
      catalog.startingAlbumIds({ ...choices, notRatedBy: viewerId, limit: STARTER_ALBUMS }),
    ]);
    const [albums, reviewers, reviews] = await Promise.all([
      hydrator.albums(unrated.ids, viewerId).then((found) => presentAlbumCards(unrated.ids, found)),
      starterReviewers(viewerId, followees, pool.fromChoices ? pool.ids : [], now),
      recentReviews(viewerId),
    ]);
    return { albums, fromChoices: unrated.fromChoices, reviewers, reviews };
  }

  async function starterReviewers(viewerId: string, followees: readonly string[], choiceAlbumIds: readonly string[], now: number) {
    const raters = await hydrator.feed.ratersOf(choiceAlbumIds, viewerId, followees, STARTER_CANDIDATES);
    const [people, sharing] = await Promise.all([
      peopleById(
        viewerId,
        raters.map((row) => row.userId),
      ),
      deps.settings.readMany(raters.map((row) => row.userId)),
    ]);
    // Chosen for their ratings: only people who share them.
    const reviewers = raters.flatMap((row) => {
      const person = sharing.get(row.userId)?.sharing.ratings === false ? undefined : people.get(row.userId);
      return person ? [{ person, reviewCount: row.reviews, ratedOfChoices: row.rated }] : [];
    });
    if (reviewers.length >= SIDEBAR_SIZE) return reviewers.slice(0, SIDEBAR_SIZE);
    const monthAgo = new Date(now - 30 * DAY).toISOString();
    const taken = new Set([...followees, ...reviewers.map((entry) => entry.person.id)]);
    let active = await deps.reviews.newest.activeReviewers(viewerId, monthAgo, STARTER_CANDIDATES);
    if (!active.length) active = await deps.profiles.feed.mostReviewers(viewerId, STARTER_CANDIDATES);
    active = active.filter((row) => !taken.has(row.userId));
    const activePeople = await peopleById(
      viewerId,
      active.map((row) => row.userId),
    );
    for (const row of active) {
      const person = activePeople.get(row.userId);
      if (person && reviewers.length < SIDEBAR_SIZE) reviewers.push({ person, reviewCount: row.reviews, ratedOfChoices: 0 });
    }
    return reviewers;
  }

  /** The site's newest reviews the viewer may see. */
  async function recentReviews(viewerId: string) {
    const reviews = await sidebarReviews(await deps.reviews.newest.notBy(viewerId, STARTER_CANDIDATES), viewerId);
    return reviews.slice(0, SIDEBAR_SIZE);
  }

  return { page, sidebar };
}
