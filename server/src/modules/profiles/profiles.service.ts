import { pageFields } from '@hearsay/contracts/pagination';
import type { MyRatingsQuery } from '@hearsay/contracts/ratings';
import type { FollowRequest, PersonCard, Profile, ProfileVisibility } from '@hearsay/contracts/profiles';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, fieldIssue, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CollectionsService } from '../collections/collections.service.ts';
import type { ActivityLog } from '../feed/feed.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import { compatibilityOf } from './compatibility.ts';
import * as asked from './asked.repository.ts';
import * as repository from './profiles.repository.ts';
import type { EventBus } from '../../platform/events.ts';
import type { MemberSettings } from '@hearsay/contracts/settings';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentPerson, presentPersonCard, presentPersonCardWithoutFollow } from '../../hydration/people.presenter.ts';
import type { BlocksService } from '../blocks/blocks.service.ts';
import { USERNAME_REDIRECT_DAYS } from '@hearsay/contracts/constants';
import {
  ALBUM_CIRCLE_LISTS,
  ALBUM_CIRCLE_PEOPLE,
  FAVOURITE_ALBUMS_MAX,
  type AlbumCircle,
  type FavouriteAlbums,
} from '@hearsay/contracts/favourites';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import * as favourites from './favourites.repository.ts';
import { profilesAlbumMerge } from './merged-albums.repository.ts';

export interface ProfilesServiceDeps {
  db: DB;
  clock: () => Date;
  ratings: RatingsService;
  collections: CollectionsService;
  catalog: CatalogService;
  /** Blocking and muting from a profile. */
  blocks: Pick<BlocksService, 'block' | 'unblock' | 'mute' | 'unmute'>;
  /** People with the viewer's side of them, and the rules of who sees whom. */
  hydrator: Pick<Hydrator, 'people' | 'person' | 'personNamed' | 'rules' | 'excluded' | 'withAlbums' | 'albums' | 'where' | 'conditions'>;
  /** Members' settings (accounts' settings service): whether a person shares their ratings. */
  settings: { read(userId: string): Promise<MemberSettings> };
  /** Told after a follow, a follow request or an approval is committed. */
  events?: Pick<EventBus, 'emit'>;
  /**
   * Who holds a username (the accounts module's): the person it names now, or the one who gave it up after `since`,
   * whom an old profile address still leads to.
   */
  usernameHolder: (username: string, since: string) => Promise<string | undefined>;
  /** The feed's row for a follow, written in the follow's transaction (decision 015). */
  activity: ActivityLog;
  /**
   * The people of other sites who follow a member, or whom they follow (the federation module's, when it is on): they
   * come after the member's followers here in the lists.
   */
  remotePeople?: (
    userId: string,
    direction: 'followers' | 'following',
    viewerId: string | null,
    window: { limit: number; offset: number },
  ) => Promise<{ items: PersonCard[]; total: number }>;
}

export type ProfilesService = ReturnType<typeof createProfilesService>;

/**
 * Profiles (spec §2 Profile) and following. `me` names the signed-in person; `guest` and unknown names are not
 * found. Stats are the exact counters; the Lists count is what the viewer may see (private collections count for
 * their owner only). A visitor (no viewer) reads a public profile and its tabs as a signed-in stranger does; a
 * profile closed to visitors asks them to sign in (401), since its owner chose who sees it (decision 055).
 */
export type ProfileReads = ReturnType<typeof createProfileReads>;

/**
 * What other modules read of profiles and follows where the profiles service is not built (the job thread): made by
 * services.ts and passed in (decision 066).
 */
export function createProfileReads(db: DB) {
  return {
    /** A person's follows both ways a page at a time, how many, and their profile: Download my data (decision 028). */
    exported: {
      count: (userId: string) => asked.exportedCount(db, userId),
      following: (userId: string, after: string, limit: number) => asked.exportedFollows(db, 'following', userId, after, limit),
      followers: (userId: string, after: string, limit: number) => asked.exportedFollows(db, 'followers', userId, after, limit),
      profile: (userId: string) => asked.exportedProfile(db, userId),
      /** Their favourite albums in order, with when each was chosen (decision 082). */
      favouriteAlbums: (userId: string) => favourites.exportedFavouriteAlbums(db, userId),
    },
    /** Who follows a person. */
    followerIds: (userId: string) => asked.followerIds(db, userId),
    /** People who follow someone, after a person's id, in id order. */
    followersAfter: (afterId: string, limit: number) => asked.followersAfter(db, afterId, limit),
    /** A person's followers after `after`, in id order: whose home timelines an entry of theirs goes into. */
    followersOf: (followeeId: string, after: string, limit: number) => asked.followersOf(db, followeeId, after, limit),
    /** The people someone follows, unless more than `cap`. */
    followeesUnlessMany: (viewerId: string, cap: number) => asked.followeesUnlessMany(db, viewerId, cap),
  };
}

export function createProfilesService(deps: ProfilesServiceDeps) {
  const { db, blocks, hydrator } = deps;
  const { rules } = hydrator;
  const profileNotFound = () => notFound('profile_not_found');

  /** A username given up in the last 90 days still finds its person, under their new name (the page moves there). */
  const holderOf = (name: string) =>
    deps.usernameHolder(name, new Date(deps.clock().getTime() - USERNAME_REDIRECT_DAYS * 24 * 3600 * 1000).toISOString());

  /** A person's profile: who they are (hydrated, with the viewer's side of them) and what their page shows of the row. */
  async function profileOf(userId: string, viewer: Viewer | null) {
    const [seen, row] = await Promise.all([hydrator.person(userId, viewer?.id), repository.profilePageRow(db, userId)]);
    if (!seen) throw profileNotFound();
    return { ...row, id: seen.id, name: seen.name, visibility: seen.visibility, seen };
  }

  /** A visitor asked to sign in to see a profile closed to them. */
  const signInToSee = () => unauthorized({ context: 'profile' });

  /** Who a profile address names: `me` is the viewer (a visitor is asked to sign in); `guest` and unknown names are not found. */
  async function holder(username: string, viewer: Viewer | null): Promise<string> {
    if (username === 'me' && !viewer) throw signInToSee();
    const name = username === 'me' && viewer ? viewer.username : username.toLowerCase();
    const id = name === 'guest' ? undefined : await holderOf(name);
    if (!id) throw profileNotFound();
    return id;
  }

  /** Anyone with that name, blocked or not: for blocking and unblocking. */
  async function anyone(username: string, viewer: Viewer | null) {
    return profileOf(await holder(username, viewer), viewer);
  }

  /** Someone the viewer may see: a block either way makes them not found, exactly as if they did not exist. */
  async function person(username: string, viewer: Viewer | null) {
    const row = await anyone(username, viewer);
    if (!rules.reachable(row.seen)) throw profileNotFound();
    return row;
  }

  /** Someone whose ratings the viewer may see: their profile is open to the viewer and they share their ratings. */
  async function ratingsOf(username: string, viewer: Viewer | null) {
    const row = await openPerson(username, viewer);
    if (row.id !== viewer?.id && !(await deps.settings.read(row.id)).sharing.ratings) {
      throw forbidden('ratings_not_shared', { name: row.name });
    }
    return row;
  }

  /** Someone whose listening the viewer may see: their profile is open to the viewer and they share their listening. */
  async function listeningOf(username: string, viewer: Viewer | null): Promise<{ id: string; name: string }> {
    const row = await openPerson(username, viewer);
    if (row.id !== viewer?.id && !(await deps.settings.read(row.id)).sharing.listening) {
      throw forbidden('listening_not_shared', { name: row.name });
    }
    return { id: row.id, name: row.name };
  }

  /** Someone whose profile content (tabs) the viewer may see: not blocked, and public, followed or their own. */
  async function openPerson(username: string, viewer: Viewer | null) {
    const row = await person(username, viewer);
    if (!rules.profileOpen(row.seen)) {
      if (!viewer) throw signInToSee();
      throw forbidden('profile_private', row.visibility === 'private' ? undefined : { context: 'followers' });
    }
    return row;
  }

  async function profile(username: string, viewer: Viewer | null): Promise<Profile> {
    const id = await holder(username, viewer);
    const isOwner = id === viewer?.id;
    const [row, lists] = await Promise.all([
      profileOf(id, viewer),
      isOwner ? deps.collections.ofOwner(id, id, { page: 1, limit: 1 }).then((page) => page.total) : deps.collections.publicCount(id),
    ]);
    const { seen } = row;
    const { blocking: blocked, blockedBy, muting: muted } = seen.viewer;
    // Whoever blocked the viewer does not exist for them; the one who blocked sees only the way to undo it.
    if (blockedBy) throw profileNotFound();
    const open = rules.profileOpen(seen);
    if (!open && !viewer) throw signInToSee();
    const sharesRatings = isOwner || (await deps.settings.read(row.id)).sharing.ratings;
    // People of other sites count among followers and followed, as the lists show them.
    const remoteCount = async (direction: 'followers' | 'following') =>
      deps.remotePeople ? (await deps.remotePeople(row.id, direction, viewer?.id ?? null, { limit: 0, offset: 0 })).total : 0;
    const [remoteFollowers, remoteFollowing] = await Promise.all([remoteCount('followers'), remoteCount('following')]);
    return {
      ...presentPerson(seen),
      bio: row.bio ?? '',
      memberSince: seen.createdAt,
      stats: {
        ratings: Number(row.ratings_count ?? 0),
        reviews: Number(row.reviews_count ?? 0),
        lists,
        followers: Number(row.followers_count ?? 0) + remoteFollowers,
        following: Number(row.following_count ?? 0) + remoteFollowing,
      },
      isOwner,
      isFollowing: !blocked && seen.viewer.following,
      blocked,
      muted,
      visibility: seen.visibility,
      requested: !blocked && seen.viewer.requested,
      locked: !open,
      sharesRatings,
    };
  }

  /**
   * What a shared link to a profile shows anyone: who they are, their bio, avatar and counts. Nothing for a profile
   * closed to visitors, nor for `me` (whoever opens the link).
   */
  async function preview(username: string) {
    const name = username.toLowerCase();
    if (name === 'me' || name === 'guest') return null;
    const seen = await hydrator.personNamed(name);
    if (!seen || !rules.profileOpen(seen)) return null;
    const row = await repository.profilePageRow(db, seen.id);
    const { username: shownName, name: fullName, avatarUrl } = presentPerson(seen);
    return {
      username: shownName,
      name: fullName,
      bio: row?.bio ?? '',
      avatarUrl,
      ratings: Number(row?.ratings_count ?? 0),
      reviews: Number(row?.reviews_count ?? 0),
      followers: Number(row?.followers_count ?? 0),
    };
  }

  /** Ends the follows between two people both ways, with their counters and feed rows. */
  async function endFollows(a: string, b: string) {
    await db.transaction().execute(async (trx) => {
      for (const [follower, followee] of [
        [a, b],
        [b, a],
      ] as const) {
        await endFollow(trx, follower, followee);
      }
    });
  }

  /** Block or unblock; idempotent, never yourself. Blocking ends the follows between you; unblocking does not bring them back. */
  async function setBlock(username: string, viewer: Viewer, block: boolean) {
    const target = await anyone(username, viewer);
    if (target.id === viewer.id) throw badRequest('cannot_block_yourself');
    if (block) {
      await blocks.block(viewer.id, target.id);
      await endFollows(viewer.id, target.id);
      await repository.removeFollowRequest(db, viewer.id, target.id);
      await repository.removeFollowRequest(db, target.id, viewer.id);
    } else {
      await blocks.unblock(viewer.id, target.id);
    }
    return { blocked: block };
  }

  /** Mute or unmute; idempotent, never yourself, and never told to the muted person. */
  async function setMute(username: string, viewer: Viewer, mute: boolean) {
    // Unmuting works on someone blocked since, so the list in Settings can always be emptied.
    const target = mute ? await person(username, viewer) : await anyone(username, viewer);
    if (target.id === viewer.id) throw badRequest('cannot_mute_yourself');
    await (mute ? blocks.mute(viewer.id, target.id) : blocks.unmute(viewer.id, target.id));
    return { muted: mute };
  }

  /** Makes `followerId` follow `followeeId` with both counters and the feed row; false when they already did. */
  async function startFollow(followerId: string, followeeId: string): Promise<boolean> {
    const now = deps.clock().toISOString();
    return db.transaction().execute(async (trx) => {
      if (!(await repository.addFollow(trx, followerId, followeeId, now))) return false;
      await repository.shiftCounters(trx, followerId, { following_count: 1 });
      await repository.shiftCounters(trx, followeeId, { followers_count: 1 });
      await deps.activity.record(trx, {
        actorId: followerId,
        verb: 'followed',
        objectType: 'person',
        objectId: followeeId,
        albumId: null,
        at: now,
      });
      return true;
    });
  }

  /** Ends a follow with both counters and the feed row, in the caller's transaction; nothing when there was none. */
  async function endFollow(trx: DB, followerId: string, followeeId: string): Promise<void> {
    if (!(await repository.removeFollow(trx, followerId, followeeId))) return;
    await repository.shiftCounters(trx, followerId, { following_count: -1 });
    await repository.shiftCounters(trx, followeeId, { followers_count: -1 });
    await deps.activity.remove(trx, { objectType: 'person', objectId: followeeId, actorId: followerId, verb: 'followed' });
  }

  /**
   * Follow or unfollow; idempotent, never yourself, and both counters move with the row. Following a profile that is
   * not public asks its owner instead (a follow request, with a notification); unfollowing also takes a request back.
   */
  async function setFollow(username: string, viewer: Viewer, follow: boolean) {
    const target = await person(username, viewer);
    if (target.id === viewer.id) throw badRequest('cannot_follow_yourself');
    let requested = false;
    if (follow && target.seen.visibility !== 'public' && !target.seen.viewer.following) {
      requested = true;
      if (await repository.addFollowRequest(db, viewer.id, target.id, deps.clock().toISOString())) {
        deps.events?.emit('profile.follow_requested', { requesterId: viewer.id, targetId: target.id });
      }
    } else if (follow) {
      if (await startFollow(viewer.id, target.id)) deps.events?.emit('profile.followed', { followerId: viewer.id, followeeId: target.id });
    } else {
      await repository.removeFollowRequest(db, viewer.id, target.id);
      await db.transaction().execute((trx) => endFollow(trx, viewer.id, target.id));
    }
    const [theirs, mine] = await Promise.all([repository.counts(db, target.id), repository.counts(db, viewer.id)]);
    return {
      following: follow && !requested,
      requested,
      followers: Number(theirs?.followers_count ?? 0),
      viewerFollowing: Number(mine?.following_count ?? 0),
    };
  }

  async function visibility(viewer: Viewer) {
    return { visibility: await repository.visibility(db, viewer.id) };
  }

  /** Changes who sees the profile; going public turns every waiting follow request into a follow. */
  async function setVisibility(viewer: Viewer, visibility: ProfileVisibility) {
    await repository.setVisibility(db, viewer.id, visibility, deps.clock().toISOString());
    if (visibility === 'public') {
      for (const requesterId of await repository.requesterIds(db, viewer.id)) await approve(requesterId, viewer.id);
    }
    // Other sites learn whether the member now approves their followers (their actor's manuallyApprovesFollowers).
    deps.events?.emit('profile.changed', { userId: viewer.id });
    return { visibility };
  }

  async function approve(requesterId: string, targetId: string): Promise<boolean> {
    if (!(await repository.removeFollowRequest(db, requesterId, targetId))) return false;
    const target = await hydrator.person(targetId, requesterId);
    if (!target || !rules.reachable(target)) return false;
    await startFollow(requesterId, targetId);
    deps.events?.emit('profile.follow_approved', { requesterId, targetId });
    return true;
  }

  async function followRequests(viewer: Viewer, query: { page: number; limit: number }) {
    const hidden = await hydrator.excluded.reachable(viewer.id);
    const { rows, total } = await repository.followRequests(db, viewer.id, hidden, query.limit, (query.page - 1) * query.limit);
    const people = await hydrator.people(
      rows.map((row) => row.requester_id),
      viewer.id,
    );
    // Requests have always answered without the Follow state.
    const items: FollowRequest[] = rows.flatMap((row) => {
      const person = people.get(row.requester_id);
      return person
        ? [
            {
              person: presentPersonCardWithoutFollow(person),
              requestedAt: new Date(row.created_at).toISOString(),
            },
          ]
        : [];
    });
    return { items, ...pageFields(query, total) };
  }

  /** Approve or decline a waiting follow request; a request that is not there is not found. */
  async function answerRequest(viewer: Viewer, username: string, approved: boolean) {
    const requester = await anyone(username, viewer);
    const answered = approved ? await approve(requester.id, viewer.id) : await repository.removeFollowRequest(db, requester.id, viewer.id);
    if (!answered) throw notFound('follow_request_not_found');
    return { approved };
  }

  async function people(
    username: string,
    viewer: Viewer | null,
    direction: 'followers' | 'following',
    query: { page: number; limit: number },
  ) {
    const target = await openPerson(username, viewer);
    const hidden = await hydrator.excluded.listable(viewer?.id);
    const offset = (query.page - 1) * query.limit;
    const { ids, total } = await repository.people(db, target.id, direction, hidden, query.limit, offset);
    const people = await hydrator.people(ids, viewer?.id);
    const items: PersonCard[] = ids.flatMap((id) => {
      const person = people.get(id);
      return person ? [presentPersonCard(person)] : [];
    });
    // The people of other sites follow this site's own, one list paged across both.
    const remote = deps.remotePeople
      ? await deps.remotePeople(target.id, direction, viewer?.id ?? null, {
          limit: query.limit - ids.length,
          offset: Math.max(0, offset - total),
        })
      : { items: [], total: 0 };
    return { items: [...items, ...remote.items], ...pageFields(query, total + remote.total) };
  }

  async function ratings(username: string, viewer: Viewer | null, query: MyRatingsQuery) {
    const target = await ratingsOf(username, viewer);
    return deps.ratings.mine(target.id, query);
  }

  /** A person's top tracks (decision 078): shown to whoever may see their ratings. */
  async function topTracks(username: string, viewer: Viewer | null, query: { page: number; limit: number }) {
    const target = await ratingsOf(username, viewer);
    return deps.ratings.tracks.top(target.id, query, viewer?.id);
  }

  async function distribution(username: string, viewer: Viewer | null) {
    const target = await ratingsOf(username, viewer);
    const buckets = await deps.ratings.distributionOf(target.id);
    return { total: buckets.reduce((sum, bucket) => sum + bucket.count, 0), buckets };
  }

  async function collections(username: string, viewer: Viewer | null, query: { page: number; limit: number }) {
    const target = await openPerson(username, viewer);
    return deps.collections.ofOwner(target.id, viewer?.id, query);
  }

  /** Taste compatibility with someone else; there is none with yourself. */
  async function compatibility(username: string, viewer: Viewer) {
    const target = await ratingsOf(username, viewer);
    if (target.id === viewer.id) throw notFound('compatibility_with_yourself');
    return compatibilityOf(deps.ratings, hydrator, viewer.id, target.id);
  }

  /**
   * A member's favourite albums in their order, shown to whoever may see their profile's content (`openPerson`: the
   * same answers as its tabs). An album the catalog no longer lists publicly (sent back to pending) is left out.
   */
  async function favouriteAlbums(username: string, viewer: Viewer | null): Promise<FavouriteAlbums> {
    const target = await openPerson(username, viewer);
    const ids = await favourites.favouriteAlbumIds(db, target.id);
    const found = await hydrator.albums(ids, viewer?.id);
    return { items: ids.flatMap((id) => (found.get(id)?.pending === false ? [presentAlbumCard(found.get(id)!)] : [])) };
  }

  /**
   * Your favourite albums, the whole choice in order: each an album the catalog lists publicly (confirmed), each once.
   * Refused whole with the field at fault: an unknown album, one waiting for confirmation, the same album twice under
   * two names (its id and its slug; the body's schema refuses the same words twice and a fifth).
   */
  async function setFavouriteAlbums(viewer: Viewer, refs: readonly string[]): Promise<FavouriteAlbums> {
    const ids = await Promise.all(
      refs.map((ref, index) =>
        deps.catalog.resolveAlbumId(ref).catch(() => {
          throw badRequest('album_not_found', { context: 'ref', ref }, [fieldIssue(`body.albumIds.${index}`, 'album_not_found', { ref })]);
        }),
      ),
    );
    const twice = ids.findIndex((id, index) => ids.indexOf(id) !== index);
    if (twice >= 0) {
      throw badRequest('favourite_albums_duplicate', undefined, [fieldIssue(`body.albumIds.${twice}`, 'favourite_albums_duplicate')]);
    }
    const found = await hydrator.albums(ids, viewer.id);
    const unlisted = ids.findIndex((id) => found.get(id)?.pending !== false);
    if (unlisted >= 0) {
      const ref = refs[unlisted]!;
      throw badRequest('favourite_album_not_listed', { ref }, [
        fieldIssue(`body.albumIds.${unlisted}`, 'favourite_album_not_listed', { ref }),
      ]);
    }
    await favourites.replaceFavouriteAlbums(db, viewer.id, ids, deps.clock().toISOString());
    return { items: ids.map((id) => presentAlbumCard(found.get(id)!)) };
  }

  /**
   * What an album page shows around the album: the lists containing it that the viewer may see (the collections'
   * rule), and the people the viewer follows who rated it, as their feed would show them (`activityShown`: no block
   * either way, a profile open to the viewer, not muted) and only those who share their ratings. Two statements side
   * by side, then the raters' cards by id.
   */
  async function albumCircle(albumRef: string, viewer: Viewer | null): Promise<AlbumCircle> {
    const albumId = await deps.catalog.resolveAlbumId(albumRef);
    const viewerId = viewer?.id;
    const [lists, raters] = await Promise.all([
      deps.collections.containing(albumId, viewerId, { page: 1, limit: ALBUM_CIRCLE_LISTS }),
      viewerId
        ? deps.ratings.ratersOfAlbum(albumId, ALBUM_CIRCLE_PEOPLE, [
            (column) => hydrator.conditions.followedBy(viewerId, column),
            (column) => hydrator.where.activityShown(viewerId, column),
            hydrator.conditions.sharesRatings,
          ])
        : { items: [], total: 0 },
    ]);
    const people = raters.items.length ? await hydrator.people(raters.items.map((row) => row.userId)) : new Map();
    return {
      lists: { items: lists.items, total: lists.total },
      followedRatings: {
        items: raters.items.flatMap((row) => {
          const person = people.get(row.userId);
          return person ? [{ person: presentPerson(person), rating: row.rating, ratedAt: row.ratedAt }] : [];
        }),
        total: raters.total,
      },
    };
  }

  /** Account deletion: the people they followed lose a follower, their followers follow one fewer. */
  async function forgetPerson(userId: string): Promise<void> {
    const { following, followers } = await repository.relations(db, userId);
    await db.transaction().execute(async (trx) => {
      for (const id of following) await repository.shiftCounters(trx, id, { followers_count: -1 });
      for (const id of followers) await repository.shiftCounters(trx, id, { following_count: -1 });
    });
  }

  /** Follows of a person that began between two instants, both ways. */
  const followsBetween = (userId: string, between: { from: string; to: string }) => asked.followsBetween(db, userId, between);

  return {
    profile,
    preview,
    setFollow,
    setBlock,
    setMute,
    visibility,
    setVisibility,
    followRequests,
    answerRequest,
    people,
    ratings,
    distribution,
    collections,
    compatibility,
    forgetPerson,
    topTracks,
    followsBetween,
    listeningOf,
    favouriteAlbums,
    setFavouriteAlbums,
    albumCircle,
    /** The bio of each person with a profile. */
    biosOf: (userIds: readonly string[]) => asked.biosOf(db, userIds),
    /** What the feed asks of follows and profiles (decision 066). */
    feed: {
      followeesUnlessMany: (viewerId: string, cap: number) => asked.followeesUnlessMany(db, viewerId, cap),
      someFollowees: (viewerId: string, cap: number) => asked.someFollowees(db, viewerId, cap),
      mostReviewers: (viewerId: string, limit: number) => asked.mostReviewers(db, viewerId, limit),
      onboardingChoices: (viewerId: string) => asked.onboardingChoices(db, viewerId),
    },
  };
}

export type ProfileRows = ReturnType<typeof createProfileRows>;
export type { ProfileFields } from './profiles.repository.ts';

/**
 * What other modules read and write of a profile row, through its owner (decision 065). Its counters, for the modules
 * whose rows they count: each write takes the caller's transaction (`executor`), or is a clause of the caller's
 * statement, so a count moves with the rating, review or collection it counts. The row made at sign-up and the fields
 * a person edits (accounts); members' settings, which the accounts module's settings service keeps in the row; the
 * RateYourMusic-imported flag (imports). Made before the modules that use it, some of which profiles itself uses:
 * those take it as the narrow shape each needs, not as this module's type.
 */
export function createProfileRows(db: DB) {
  return {
    shiftCounters: repository.shiftCounters,
    shiftCountersQuery: repository.shiftCountersQuery,
    create: (userId: string, now: string) => repository.createProfile(db, userId, now),
    ownProfile: (userId: string) => repository.ownProfile(db, userId),
    updateFields: (userId: string, changes: repository.ProfileFields, now: string) =>
      repository.updateProfileFields(db, userId, changes, now),
    storedSettings: (userId: string) => repository.storedSettings(db, userId),
    storedSettingsOf: (userIds: readonly string[]) => repository.storedSettingsOf(db, userIds),
    writeSettings: (userId: string, settings: string, now: string) => repository.writeSettings(db, userId, settings, now),
    markRymImported: repository.markRymImported,
    /** Members' favourite albums in an album merge (decisions 080, 082). */
    albumMerge: profilesAlbumMerge(),
  };
}

/**
 * A member's favourite albums as an import of a Hearsay export sets them (decision 082): made by services.ts, where the
 * imports are, with the hydrator that says which albums the catalog lists publicly.
 */
export function createFavouriteAlbumImport(deps: { db: DB; clock: () => Date; hydrator: Pick<Hydrator, 'albums'> }) {
  return {
    /**
     * The export's choice, in its order, kept only when the member has chosen none here (theirs stands otherwise), and
     * only the albums the catalog lists publicly: an album the import had to add waits for confirmation. How many were
     * taken, and whether the member's own choice was kept instead.
     */
    async choose(userId: string, albumIds: readonly string[]): Promise<{ chosen: number; keptOwn: boolean }> {
      if ((await favourites.favouriteAlbumIds(deps.db, userId)).length) return { chosen: 0, keptOwn: true };
      const found = await deps.hydrator.albums(albumIds);
      const listed = [...new Set(albumIds)].filter((id) => found.get(id)?.pending === false).slice(0, FAVOURITE_ALBUMS_MAX);
      if (listed.length) await favourites.replaceFavouriteAlbums(deps.db, userId, listed, deps.clock().toISOString());
      return { chosen: listed.length, keptOwn: false };
    },
  };
}
