import type { Federation, KvStore } from '@fedify/fedify';
import { isActor, type Actor } from '@fedify/vocab';
import { paths } from '@hearsay/contracts/paths';
import {
  REMOTE_HANDLE_PATTERN,
  type FederatedDeliveries,
  type FederatedHost,
  type RemotePerson,
  type RemotePersonPage,
  type RemotePost,
} from '@hearsay/contracts/federation';
import { pageFields } from '@hearsay/contracts/pagination';
import type { PersonCard } from '@hearsay/contracts/profiles';
import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { NotificationActor } from '@hearsay/contracts/notifications';
import { presentAlbumCards } from '../../hydration/albums.presenter.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { createKvStore } from '../../platform/federation/kv-store.ts';
import { newId } from '../../platform/ids.ts';
import { countsByTopic, countUnfinished, requeueFailed } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler, Jobs } from '../../platform/jobs/runner.ts';
import type { MemberSettings } from '@hearsay/contracts/settings';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CollectionsService } from '../collections/collections.service.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import type { SiteReports } from '../moderation/moderation.service.ts';
import {
  objectId,
  objectType,
  PUBLIC,
  parseIncomingActivity,
  parseIncomingActor,
  parseIncomingFlag,
  parseIncomingPost,
  parseIncomingReply,
  presentFlag,
  remoteHtmlAsText,
  presentActivity,
  presentDeleteActivity,
  presentMomentActivity,
  presentPostActivity,
  type Audience,
  type OutgoingMomentNote,
  type OutgoingPost,
} from './activitypub.presenter.ts';
import { createDelivery } from './delivery.ts';
import { createFederationFramework, keyPairs, SITE_ACTOR, type InboxEntry } from './fedify.ts';
import * as asked from './asked.repository.ts';
import * as repository from './federation.repository.ts';
import { federationAlbumMerge } from './merged-albums.repository.ts';

export const FEDERATION_INBOX_JOB = 'federation-inbox';
export const FEDERATION_PUBLISH_JOB = 'federation-publish';
export const FEDERATION_DELIVERY_JOB = 'federation-delivery';

/** A delivery is tried this many times, further apart each time (a minute, then doubling up to 12 hours), then kept as failed. */
const DELIVERY_ATTEMPTS = 10;
const FIRST_RETRY_MS = 60_000;
const LAST_RETRY_MS = 12 * 3600_000;

type InboxCursor = InboxEntry;
/** What to share: a rating (by person and album) or a review, as it stands when the job runs. */
type PublishCursor =
  | { kind: 'rating'; userId: string; albumId: string; removedRatingId: string | null }
  | { kind: 'review'; userId: string; reviewId: string }
  | { kind: 'listen'; userId: string; entryId: string }
  /** A list as it stands; with `albumId`, that album's being in it. */
  | { kind: 'list'; userId: string; collectionId: string; albumId: string | null; noteOnly?: boolean }
  /** Following again, one person a step, the people of other sites an imported export names. */
  | { kind: 'refollow'; userId: string; people: { url: string; handle: string }[]; index: number }
  /** A member's name, username, bio, avatar or visibility changed: their actor as it stands, to their followers' servers. */
  | { kind: 'actor'; userId: string };
interface DeliveryCursor {
  inbox: string;
  activity: unknown;
  /** Whose key signs it: a member's id, or the site's actor. */
  sender: string;
  attempt: number;
}

export interface FederationServiceDeps {
  db: DB;
  clock: () => Date;
  publicUrl: string;
  enabled: boolean;
  allowPrivate: boolean;
  authorizedFetch: boolean;
  version: string;
  jobs: Pick<Jobs, 'enqueue'>;
  hydrator: Hydrator;
  catalog: Pick<CatalogService, 'findConfirmedAlbum' | 'resolveAlbumId' | 'pendingAlbumFor'>;
  ratings: Pick<RatingsService, 'current'>;
  reviews: Pick<
    ReviewsService,
    'countRemoteLike' | 'receiveRemoteComment' | 'editRemoteComment' | 'removeRemoteComment' | 'removeRemoteCommentsBy'
  >;
  /** Listens as they stand, to share (the journal's). */
  journal: Pick<JournalService, 'listen'>;
  /** Lists as they stand, to share (the collections'). */
  collections: Pick<CollectionsService, 'forSharing'>;
  /** A person of another site liked a member's review: the member is told (the server's notifications). */
  onRemoteLike?: (like: { reviewId: string; authorId: string; actorId: string }) => void;
  /** A person of another site replied to a member's review: the member is told. */
  onRemoteComment?: (comment: { reviewId: string; authorId: string; actorId: string }) => void;
  /** Reports other sites send (`Flag`): into the moderation queue. */
  siteReports: Pick<SiteReports, 'receive'>;
  /** Members' settings (accounts' settings service): what each person shares. */
  settings: { read(userId: string): Promise<MemberSettings> };
  fetch?: typeof fetch;
  /** The site's admins (ADMIN_EMAILS): they block and silence other servers. */
  adminEmails: readonly string[];
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /** A post stored from another site goes into its followers' home timelines, queued with it (the feed's, decision 087). */
  timelines?: {
    fanOut(db: DB, entry: { source: 'remote'; entryId: string; actorId: string; at: string }): Promise<unknown>;
    /** A member's follow of a remote person was accepted: the person's stored posts enter the member's timeline. */
    remoteFollowed(db: DB, viewerId: string, remoteActorId: string): Promise<unknown>;
  };
}

export type FederationService = ReturnType<typeof createFederationService>;

/**
 * Federation with other Hearsay sites and the fediverse (decision 067): following people of other sites, sharing
 * members' ratings and reviews with their followers there, and taking in what the people members follow share. Every
 * delivery and every activity received is a job, so nothing of it runs on the request path.
 */
export function createFederationService(deps: FederationServiceDeps) {
  const { db, hydrator, publicUrl } = deps;
  const now = () => deps.clock().toISOString();
  const kv: KvStore = createKvStore(db, deps.clock);
  const actorUri = (identifier: string) => `${publicUrl}/ap/users/${identifier}`;
  const followersUri = (identifier: string) => `${actorUri(identifier)}/followers`;

  const framework: Federation<void> = createFederationFramework({
    db,
    kv,
    publicUrl,
    allowPrivate: deps.allowPrivate,
    authorizedFetch: deps.authorizedFetch,
    version: deps.version,
    hydrator,
    followCounts: (userId) => repository.followCounts(db, userId),
    gone: async (userId) => (await kv.get<string>(['hearsay', 'gone', userId])) !== undefined,
    usage: async () => {
      const day = 24 * 3600_000;
      const at = (days: number) => new Date(deps.clock().getTime() - days * day).toISOString();
      return { ...(await hydrator.siteUsage({ month: at(30), halfYear: at(180) })), openRegistrations: true };
    },
    received: async (entry) => {
      const topic = new URL(entry.actorUri).host.toLowerCase();
      await deps.jobs.enqueue<InboxCursor>({ kind: FEDERATION_INBOX_JOB, owner: null, cursor: entry, topic });
    },
  });
  const context = () => framework.createContext(new URL(publicUrl));
  const deliver = createDelivery({
    kv,
    fetch: deps.fetch ?? fetch,
    allowPrivate: deps.allowPrivate,
    userAgent: `Hearsay/${deps.version} (+${publicUrl})`,
  });

  // People of other sites

  /** Reads an actor document (signed by the site's actor, for servers that ask) and keeps what it says. */
  async function fetchActor(uriOrHandle: string): Promise<repository.RemoteActorRow | null> {
    const ctx = context();
    const documentLoader = await ctx.getDocumentLoader({ identifier: SITE_ACTOR });
    let found: unknown;
    try {
      found = await ctx.lookupObject(uriOrHandle, { documentLoader });
    } catch (error) {
      deps.log.info({ err: error, actor: uriOrHandle }, 'could not read an actor of another site');
      return null;
    }
    if (!found || !isActor(found as never)) return null;
    return keepActor(found as Actor);
  }

  /**
   * Development only (FEDERATION_ALLOW_PRIVATE): WebFinger over plain http, which the framework never uses for a handle,
   * so that sites on one machine can find each other by `@name@127.0.0.1:3001`.
   */
  async function fetchActorOverHttp(username: string, host: string): Promise<repository.RemoteActorRow | null> {
    const resource = encodeURIComponent(`acct:${username}@${host}`);
    const answer = await (deps.fetch ?? fetch)(`http://${host}/.well-known/webfinger?resource=${resource}`, {
      headers: { Accept: 'application/jrd+json' },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!answer?.ok) return null;
    const body = (await answer.json().catch(() => null)) as { links?: { rel?: string; type?: string; href?: string }[] } | null;
    const self = body?.links?.find((link) => link.rel === 'self' && /activity\+json|ld\+json/.test(link.type ?? ''))?.href;
    return self && /^https?:\/\//.test(self) ? fetchActor(self) : null;
  }

  async function keepActor(actor: Actor): Promise<repository.RemoteActorRow | null> {
    const id = actor.id;
    const inbox = actor.inboxId;
    const username = actor.preferredUsername?.toString();
    if (!id || !inbox || !username || !/^https?:$/.test(id.protocol)) return null;
    // Its inbox must be on its own server: an actor cannot send our deliveries somewhere else.
    if (inbox.host !== id.host) return null;
    const sharedInbox = actor.endpoints?.sharedInbox;
    const icon = await actor.getIcon().catch(() => null);
    const iconUrl = icon?.url instanceof URL ? icon.url.href : (icon?.url?.href?.href ?? null);
    const url = actor.url instanceof URL ? actor.url.href : (actor.url?.href?.href ?? null);
    const stamp = now();
    const host = id.host.toLowerCase();
    const actorId = await repository.upsertActor(db, {
      id: newId(),
      uri: id.href,
      host,
      username,
      handle_key: `${username}@${host}`.toLowerCase(),
      name: (actor.name?.toString() || username).slice(0, 200),
      summary: plainText(actor.summary?.toString() ?? '').slice(0, 2000),
      avatar_url: iconUrl && /^https?:/.test(iconUrl) ? iconUrl : null,
      url: url && /^https?:/.test(url) ? url : null,
      inbox: inbox.href,
      shared_inbox: sharedInbox && sharedInbox.host === id.host ? sharedInbox.href : null,
      locked: actor.manuallyApprovesFollowers ? 1 : 0,
      created_at: stamp,
      updated_at: stamp,
    });
    return (await repository.actorById(db, actorId)) ?? null;
  }

  function presentRemotePerson(actor: repository.RemoteActorRow, follow?: repository.RemoteFollowRow): RemotePerson {
    return {
      id: actor.id,
      handle: `${actor.username}@${actor.host}`,
      name: actor.name,
      host: actor.host,
      avatarUrl: actor.avatar_url,
      url: actor.url,
      summary: actor.summary,
      follow: !follow ? 'none' : follow.state === 'accepted' ? 'following' : 'requested',
    };
  }

  const ensureEnabled = () => {
    if (!deps.enabled) throw notFound('federation_off');
  };

  /** An account of another site by its handle or address, to follow. */
  async function lookup(viewerId: string, query: string): Promise<RemotePerson> {
    ensureEnabled();
    const text = query.trim();
    const handle = REMOTE_HANDLE_PATTERN.exec(text);
    const target = handle ? `acct:${handle[1]}@${handle[2]}` : text;
    if (handle && handle[2]!.toLowerCase() === new URL(publicUrl).host.toLowerCase()) throw badRequest('remote_handle_local');
    const actor = (await fetchActor(target)) ?? (handle && deps.allowPrivate ? await fetchActorOverHttp(handle[1]!, handle[2]!) : null);
    if (!actor || (await repository.hostPolicy(db, actor.host)) === 'block') throw notFound('remote_person_not_found');
    const follows = await repository.followsOf(db, viewerId, [actor.id]);
    return presentRemotePerson(actor, follows.get(actor.id));
  }

  async function remotePerson(viewerId: string, personId: string): Promise<RemotePerson> {
    const actor = await repository.actorById(db, personId);
    if (!actor) throw notFound('remote_person_not_found');
    const follows = await repository.followsOf(db, viewerId, [actor.id]);
    return presentRemotePerson(actor, follows.get(actor.id));
  }

  async function follow(viewerId: string, personId: string): Promise<RemotePerson> {
    ensureEnabled();
    const actor = await repository.actorById(db, personId);
    if (!actor) throw notFound('remote_person_not_found');
    if ((await repository.hostPolicy(db, actor.host)) === 'block') throw notFound('remote_person_not_found');
    if (await repository.isBlocked(db, viewerId, actor.id)) throw forbidden('remote_person_blocked');
    const existing = await repository.findFollow(db, viewerId, actor.id, 'out');
    if (!existing) {
      const followUri = `${actorUri(viewerId)}#follows/${newId()}`;
      const stamp = now();
      await repository.upsertFollow(db, {
        local_user_id: viewerId,
        remote_actor_id: actor.id,
        direction: 'out',
        state: 'pending',
        follow_uri: followUri,
        created_at: stamp,
        updated_at: stamp,
      });
      await send(viewerId, actor.inbox, presentActivity('Follow', { id: followUri, actor: actorUri(viewerId), object: actor.uri }));
    }
    return remotePerson(viewerId, personId);
  }

  async function unfollow(viewerId: string, personId: string): Promise<RemotePerson> {
    ensureEnabled();
    const actor = await repository.actorById(db, personId);
    if (!actor) throw notFound('remote_person_not_found');
    const existing = await repository.findFollow(db, viewerId, actor.id, 'out');
    if (existing) {
      await repository.deleteFollow(db, viewerId, actor.id, 'out');
      await send(
        viewerId,
        actor.inbox,
        presentActivity('Undo', {
          id: `${existing.follow_uri}/undo`,
          actor: actorUri(viewerId),
          object: { type: 'Follow', id: existing.follow_uri, actor: actorUri(viewerId), object: actor.uri },
        }),
      );
    }
    return remotePerson(viewerId, personId);
  }

  /** People of other sites as a notification names them (the ids not theirs are left out). */
  async function notificationActors(ids: readonly string[]): Promise<Map<string, NotificationActor>> {
    const rows = await repository.actorsByIds(db, [...new Set(ids)]);
    return new Map(
      rows.map((actor) => [
        actor.id,
        {
          id: actor.id,
          username: `${actor.username}@${actor.host}`,
          name: actor.name,
          avatarUrl: actor.avatar_url,
          remoteUrl: actor.url ?? actor.uri,
        },
      ]),
    );
  }

  // People of other sites on profiles, in search, and on their page here

  /** Them as a row of a followers or following list (their handle as the username, the viewer's follow of them). */
  function presentRemoteCard(actor: repository.RemoteActorRow, follow?: repository.RemoteFollowRow): PersonCard {
    const { id, handle, name, avatarUrl, host, follow: state } = presentRemotePerson(actor, follow);
    return { id, username: handle, name, avatarUrl, isFollowing: state === 'following', isViewer: false, remote: { host, follow: state } };
  }

  /**
   * The people of other sites who follow a member, or whom the member follows (accepted), a page at a time; the ones
   * the viewer blocked are left out. Whether the viewer may see the list at all is the profiles module's to say.
   */
  async function remoteFollows(
    userId: string,
    direction: 'followers' | 'following',
    viewerId: string | null,
    window: { limit: number; offset: number },
  ): Promise<{ items: PersonCard[]; total: number }> {
    if (!deps.enabled) return { items: [], total: 0 };
    const hidden = viewerId ? await repository.blockedIds(db, viewerId) : [];
    const { actors, total } = await repository.followsPage(
      db,
      userId,
      direction === 'followers' ? 'in' : 'out',
      hidden,
      window.limit,
      window.offset,
    );
    const follows = viewerId
      ? await repository.followsOf(
          db,
          viewerId,
          actors.map((actor) => actor.id),
        )
      : new Map();
    return { items: actors.map((actor) => presentRemoteCard(actor, follows.get(actor.id))), total };
  }

  /** People of other sites this site knows whose name or handle has every word (none the viewer blocked). */
  async function searchPeople(words: readonly string[], viewerId: string | null, limit: number): Promise<RemotePerson[]> {
    if (!deps.enabled || !words.length) return [];
    const hidden = new Set(viewerId ? await repository.blockedIds(db, viewerId) : []);
    const found = (await repository.searchActors(db, words, limit + hidden.size)).filter((actor) => !hidden.has(actor.id)).slice(0, limit);
    const follows = viewerId
      ? await repository.followsOf(
          db,
          viewerId,
          found.map((actor) => actor.id),
        )
      : new Map();
    return found.map((actor) => presentRemotePerson(actor, follows.get(actor.id)));
  }

  /** A person of another site's page here: who they are and their ratings and reviews that reached us, newest first. */
  async function personPage(viewerId: string, personId: string, query: { page: number; limit: number }): Promise<RemotePersonPage> {
    ensureEnabled();
    const actor = await repository.actorById(db, personId);
    if (!actor || (await repository.hostPolicy(db, actor.host)) === 'block') throw notFound('remote_person_not_found');
    const [follows, blocked] = await Promise.all([
      repository.followsOf(db, viewerId, [actor.id]),
      repository.isBlocked(db, viewerId, actor.id),
    ]);
    // Nothing of someone the viewer blocked reaches them, here either.
    const posts = blocked ? { rows: [], total: 0 } : await repository.postsOf(db, actor.id, query.limit, (query.page - 1) * query.limit);
    return {
      person: presentRemotePerson(actor, follows.get(actor.id)),
      blocked,
      posts: { items: await presentPosts(posts.rows, viewerId), ...pageFields(query, posts.total) },
    };
  }

  /**
   * A member blocks a person of another site: their follow of the member ends (their site gets `Reject` of it), the
   * member's follow of them ends (`Undo`), and nothing of theirs reaches the member from then on (receive()).
   */
  async function block(viewerId: string, personId: string): Promise<{ blocked: boolean }> {
    ensureEnabled();
    const actor = await repository.actorById(db, personId);
    if (!actor) throw notFound('remote_person_not_found');
    await repository.addBlock(db, viewerId, actor.id, now());
    const theirs = await repository.findFollow(db, viewerId, actor.id, 'in');
    if (theirs) {
      await repository.deleteFollow(db, viewerId, actor.id, 'in');
      const follow = { id: theirs.follow_uri, type: 'Follow', actor: actor.uri, object: actorUri(viewerId) };
      await send(
        viewerId,
        actor.inbox,
        presentActivity('Reject', { id: `${actorUri(viewerId)}#rejects/${newId()}`, actor: actorUri(viewerId), object: follow }),
      );
    }
    await unfollow(viewerId, actor.id);
    return { blocked: true };
  }

  /** Unblocking lets them ask to follow again; the follows the block ended stay ended. */
  async function unblock(viewerId: string, personId: string): Promise<{ blocked: boolean }> {
    ensureEnabled();
    if (!(await repository.actorById(db, personId))) throw notFound('remote_person_not_found');
    await repository.removeBlock(db, viewerId, personId);
    return { blocked: false };
  }

  async function blocked(viewerId: string): Promise<{ people: RemotePerson[] }> {
    if (!deps.enabled) return { people: [] };
    return { people: (await repository.blockedPeople(db, viewerId)).map((actor) => presentRemotePerson(actor)) };
  }

  // A member leaving

  /**
   * Account deletion: every server of their followers, and of the people they follow, is sent `Delete` of their actor,
   * signed with their keys, which stay so that the actor answers 410 Gone from then on (fedify.ts).
   */
  async function forgetPerson(userId: string): Promise<void> {
    if (!deps.enabled) return;
    const [followers, followed] = await Promise.all([repository.followerInboxes(db, userId), repository.followedInboxes(db, userId)]);
    const inboxes = [...new Set([...followers, ...followed])];
    await kv.set(['hearsay', 'gone', userId], now());
    if (!inboxes.length) return;
    await keyPairs(db, userId);
    const actor = actorUri(userId);
    const activity = presentActivity('Delete', { id: `${actor}#delete`, actor, object: actor, to: [PUBLIC] });
    for (const inbox of inboxes) await send(userId, inbox, activity);
  }

  // Likes of other sites' posts

  /** A post a member may act on: one by a person they follow, as their feed shows it. */
  async function followedPost(viewerId: string, postId: string) {
    const post = await repository.postById(db, postId);
    const follow = post ? await repository.findFollow(db, viewerId, post.actor_id, 'out') : undefined;
    const actor = post && follow?.state === 'accepted' ? await repository.actorById(db, post.actor_id) : undefined;
    if (!post || !actor) throw notFound('remote_post_not_found');
    return { post, actor };
  }

  async function like(viewerId: string, postId: string): Promise<{ likedByViewer: boolean }> {
    ensureEnabled();
    const { post, actor } = await followedPost(viewerId, postId);
    const likeUri = `${actorUri(viewerId)}#likes/${newId()}`;
    if (await repository.addPostLike(db, viewerId, post.id, likeUri, now())) {
      await send(viewerId, actor.inbox, presentActivity('Like', { id: likeUri, actor: actorUri(viewerId), object: post.uri }));
    }
    return { likedByViewer: true };
  }

  async function unlike(viewerId: string, postId: string): Promise<{ likedByViewer: boolean }> {
    ensureEnabled();
    const { post, actor } = await followedPost(viewerId, postId);
    const likeUri = await repository.removePostLike(db, viewerId, post.id);
    if (likeUri) {
      await send(
        viewerId,
        actor.inbox,
        presentActivity('Undo', {
          id: `${likeUri}/undo`,
          actor: actorUri(viewerId),
          object: { type: 'Like', id: likeUri, actor: actorUri(viewerId), object: post.uri },
        }),
      );
    }
    return { likedByViewer: false };
  }

  // Reports of other sites' things

  /** A thing of another site a member reports: what we hold of it, and its server (where the report may also go). */
  async function remoteSubject(type: 'remote_post' | 'remote_person', id: string) {
    const post = type === 'remote_post' ? await repository.postById(db, id) : undefined;
    const actor = await repository.actorById(db, post ? post.actor_id : id);
    if ((type === 'remote_post' && !post) || !actor) return null;
    return { post, actor };
  }

  /** Whether a member may report this thing of another site (we hold it, from a server not blocked); its owner's host. */
  async function reportable(type: 'remote_post' | 'remote_person', id: string): Promise<{ host: string } | null> {
    const found = await remoteSubject(type, id);
    if (!found || (await repository.hostPolicy(db, found.actor.host)) === 'block') return null;
    return { host: found.actor.host };
  }

  /** Reported things of other sites as a moderator reads them (null: gone since). */
  async function reportedContent(type: 'remote_post' | 'remote_person', id: string) {
    const found = await remoteSubject(type, id);
    if (!found) return null;
    const { post, actor } = found;
    return {
      authorUsername: `${actor.username}@${actor.host}`,
      authorName: actor.name,
      title: post ? [post.album_title, post.title].filter(Boolean).join(': ') : actor.name,
      text: post ? plainText(post.content_html).slice(0, 600) : actor.summary.slice(0, 600),
      href: (post ? post.url : actor.url) ?? (post ? post.uri : actor.uri),
      hiddenReason: null,
      host: actor.host,
    };
  }

  /**
   * Sends a member's report to the reported thing's server as a `Flag` from the site's own actor (the member stays
   * unnamed there), naming the account and the post.
   */
  async function forwardReport(type: 'remote_post' | 'remote_person', id: string, reason: string): Promise<void> {
    ensureEnabled();
    const found = await remoteSubject(type, id);
    if (!found || (await repository.hostPolicy(db, found.actor.host)) === 'block') return;
    const site = actorUri(SITE_ACTOR);
    const objects = [found.actor.uri, ...(found.post ? [found.post.uri] : [])];
    await send(
      SITE_ACTOR,
      found.actor.shared_inbox ?? found.actor.inbox,
      presentFlag({ id: `${site}#flags/${newId()}`, actor: site, objects, reason }),
    );
  }

  // Follow requests from other sites

  async function requests(viewerId: string): Promise<{ people: RemotePerson[] }> {
    ensureEnabled();
    return { people: (await repository.pendingFollowers(db, viewerId)).map((actor) => presentRemotePerson(actor)) };
  }

  /** The member's answer: their site is told (`Accept` or `Reject` of the very `Follow` it sent). */
  async function answerRequest(viewerId: string, personId: string, accept: boolean): Promise<{ people: RemotePerson[] }> {
    ensureEnabled();
    const actor = await repository.actorById(db, personId);
    const request = actor ? await repository.findFollow(db, viewerId, actor.id, 'in') : undefined;
    if (!actor || request?.state !== 'pending') throw notFound('follow_request_not_found');
    const follow = { id: request.follow_uri, type: 'Follow', actor: actor.uri, object: actorUri(viewerId) };
    if (accept) await repository.setFollowState(db, request.follow_uri, actor.id, 'in', 'accepted', now());
    else await repository.deleteFollow(db, viewerId, actor.id, 'in');
    const type = accept ? 'Accept' : 'Reject';
    await send(
      viewerId,
      actor.inbox,
      presentActivity(type, { id: `${actorUri(viewerId)}#${type.toLowerCase()}s/${newId()}`, actor: actorUri(viewerId), object: follow }),
    );
    return requests(viewerId);
  }

  // Whole servers

  const adminOnly = (viewer: { email: string }) => {
    ensureEnabled();
    if (!deps.adminEmails.includes(viewer.email.toLowerCase())) throw notFound('not_found');
  };

  async function hosts(viewer: { email: string }): Promise<{ hosts: FederatedHost[] }> {
    adminOnly(viewer);
    const rows = await repository.hosts(db);
    return { hosts: rows.map((row) => ({ host: row.host, policy: row.policy, createdAt: row.created_at })) };
  }

  /** Blocking a server ends every follow with its people both ways and drops what they sent, at once. */
  async function setHost(viewer: { email: string }, host: string, policy: 'block' | 'silence') {
    adminOnly(viewer);
    if (host === new URL(publicUrl).host.toLowerCase()) throw badRequest('host_name');
    await repository.setHostPolicy(db, host, policy, now());
    if (policy === 'block') {
      await repository.forgetHost(db, host);
      // Replies its people sent go too (they are comments here, the reviews' own).
      await deps.reviews.removeRemoteCommentsBy(await repository.actorIdsOfHost(db, host));
    }
    return hosts(viewer);
  }

  async function removeHost(viewer: { email: string }, host: string) {
    adminOnly(viewer);
    await repository.removeHost(db, host);
    return hosts(viewer);
  }

  // Deliveries

  const hostOf = (url: string) => new URL(url).host.toLowerCase();

  async function send(sender: string, inbox: string, activity: unknown): Promise<void> {
    await deps.jobs.enqueue<DeliveryCursor>({
      kind: FEDERATION_DELIVERY_JOB,
      owner: null,
      cursor: { inbox, activity, sender, attempt: 1 },
      topic: hostOf(inbox),
    });
  }

  /** Whether the operators blocked a server: nothing of it is taken in. */
  async function isBlocked(host: string): Promise<boolean> {
    return (await repository.hostPolicy(db, host)) === 'block';
  }

  /** Activities of a server received and not yet handled: its share of the queue is bounded (federation.routes.ts). */
  async function inboxBacklog(host: string): Promise<number> {
    return countUnfinished(db, FEDERATION_INBOX_JOB, host);
  }

  /** Admins: per server, the deliveries waiting, held back by its failures, and failed for good (with the last error). */
  async function deliveries(viewer: { email: string }): Promise<{ servers: FederatedDeliveries[] }> {
    adminOnly(viewer);
    const rows = await countsByTopic(db, FEDERATION_DELIVERY_JOB, now());
    return {
      servers: rows.map((row) => ({
        host: row.topic,
        queued: row.queued + row.running,
        held: row.held,
        failed: row.failed,
        lastError: row.lastError,
        lastFailedAt: row.lastFailedAt,
      })),
    };
  }

  /** Admins: a server's failed deliveries are tried again, at once (its hold lifted). */
  async function retryDeliveries(viewer: { email: string }, host: string): Promise<{ servers: FederatedDeliveries[] }> {
    adminOnly(viewer);
    await kv.delete(['hearsay', 'host-held', host]);
    await kv.delete(['hearsay', 'host-failures', host]);
    // Whoever runs jobs finds them at its next look.
    await requeueFailed(db, FEDERATION_DELIVERY_JOB, host, now());
    return deliveries(viewer);
  }

  const retryDelay = (attempt: number) => Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1));

  /** One delivery: signed and posted, else tried again later, each server's failures holding back its other deliveries. */
  const deliveryJob: JobHandler<DeliveryCursor> = {
    async step(job) {
      const cursor = job.cursor;
      const host = new URL(cursor.inbox).host.toLowerCase();
      if ((await repository.hostPolicy(db, host)) === 'block') return { cursor, done: true };
      const heldUntil = await kv.get<string>(['hearsay', 'host-held', host]);
      if (heldUntil && heldUntil > now()) {
        await deps.jobs.enqueue<DeliveryCursor>({
          kind: FEDERATION_DELIVERY_JOB,
          owner: null,
          cursor,
          runAfter: new Date(heldUntil),
          topic: host,
        });
        return { cursor, done: true };
      }
      const [rsa] = await keyPairs(db, cursor.sender);
      const outcome = await deliver(cursor.inbox, cursor.activity, {
        privateKey: rsa!.privateKey,
        keyId: new URL(`${actorUri(cursor.sender)}#main-key`),
      });
      if (outcome.kind === 'delivered') {
        await kv.delete(['hearsay', 'host-held', host]);
        await kv.delete(['hearsay', 'host-failures', host]);
        return { cursor, done: true };
      }
      if (outcome.kind === 'refused') {
        deps.log.info({ inbox: cursor.inbox, status: outcome.status }, 'another server refused a delivery');
        return { cursor, done: true };
      }
      if (cursor.attempt >= DELIVERY_ATTEMPTS)
        throw new Error(`Delivery to ${cursor.inbox} failed ${cursor.attempt} times: ${outcome.reason}`);
      // The server's own backoff: each failure in a row holds every delivery to it back for longer.
      const failures = ((await kv.get<number>(['hearsay', 'host-failures', host])) ?? 0) + 1;
      await kv.set(['hearsay', 'host-failures', host], failures);
      const delay = Math.max(outcome.retryAfterMs ?? 0, retryDelay(Math.max(cursor.attempt, failures)));
      const runAfter = new Date(deps.clock().getTime() + delay);
      await kv.set(['hearsay', 'host-held', host], runAfter.toISOString());
      await deps.jobs.enqueue<DeliveryCursor>({
        kind: FEDERATION_DELIVERY_JOB,
        owner: null,
        cursor: { ...cursor, attempt: cursor.attempt + 1 },
        runAfter,
        topic: host,
      });
      return { cursor, done: true };
    },
    async failed() {},
  };

  // What goes out

  /** Public members share with everyone, followers-only members with their followers; private members with no one. */
  async function audienceOf(userId: string, what: keyof MemberSettings['sharing'] | null): Promise<Audience | null> {
    const person = await hydrator.person(userId);
    if (!person?.username || person.visibility === 'private') return null;
    // A list is shared or not by its own privacy, not by a setting (`what` null).
    const settings = what ? await deps.settings.read(userId) : null;
    if (what && !settings!.sharing[what]) return null;
    return person.visibility === 'public' ? 'public' : 'followers';
  }

  function outgoingAlbum(card: AlbumCard, mbid: string | null): OutgoingPost['album'] {
    return {
      url: `${publicUrl}${paths.album(card.slug)}`,
      title: card.title,
      artist: card.artistCredit,
      coverUrl: card.coverUrl ? new URL(card.coverUrl, publicUrl).href : null,
      mbid,
    };
  }

  async function albumFor(albumId: string) {
    const albums = await hydrator.albums([albumId]);
    const hydrated = albums.get(albumId);
    if (!hydrated || hydrated.pending) return null;
    const [card] = presentAlbumCards([albumId], albums);
    return card ? outgoingAlbum(card, hydrated.album.mbid ?? null) : null;
  }

  /** Creates, updates or deletes the note on every follower's server, as the thing stands now. */
  async function share(
    userId: string,
    noteId: string,
    post: Omit<OutgoingPost, 'id' | 'actorUri' | 'followersUri'> | Omit<OutgoingMomentNote, 'id' | 'actorUri' | 'followersUri'> | null,
  ) {
    const sentKey = ['hearsay', 'sent', noteId] as const;
    const sent = await kv.get<{ audience: Audience }>([...sentKey]);
    const inboxes = await repository.followerInboxes(db, userId);
    const stamp = now();
    let activity: Record<string, unknown> | null = null;
    if (post) {
      const about = { id: noteId, actorUri: actorUri(userId), followersUri: followersUri(userId) };
      activity =
        'moment' in post
          ? presentMomentActivity(sent ? 'Update' : 'Create', { ...post, ...about }, stamp)
          : presentPostActivity(sent ? 'Update' : 'Create', { ...post, ...about }, stamp);
      await kv.set([...sentKey], { audience: post.audience });
    } else if (sent) {
      activity = presentDeleteActivity(
        { id: noteId, actorUri: actorUri(userId), followersUri: followersUri(userId), audience: sent.audience },
        stamp,
      );
      await kv.delete([...sentKey]);
    }
    if (!activity) return;
    for (const inbox of inboxes) await send(userId, inbox, activity);
  }

  const listenNoteId = (entryId: string) => `${publicUrl}/ap/listens/${entryId}`;
  const listNoteId = (collectionId: string) => `${publicUrl}/ap/lists/${collectionId}`;
  const listAlbumNoteId = (collectionId: string, albumId: string) => `${publicUrl}/ap/lists/${collectionId}/albums/${albumId}`;
  /** Which albums' "added to the list" notes went out, so a list made private or deleted takes them all back. */
  const listAlbumsSentKey = (collectionId: string) => ['hearsay', 'list-albums-sent', collectionId] as const;

  /** A listen, when the member shares their listening; taken back when it is deleted or no longer shared. */
  async function shareListen(userId: string, entryId: string) {
    const entry = await deps.journal.listen(entryId);
    const audience = entry && entry.user_id === userId ? await audienceOf(userId, 'listening') : null;
    const album = entry && audience ? await albumFor(entry.album_id) : null;
    await share(
      userId,
      listenNoteId(entryId),
      entry && audience && album
        ? {
            audience,
            moment: {
              kind: 'listen',
              album,
              listenedOn: entry.listened_on,
              rating: entry.rating === null ? null : Number(entry.rating),
            },
            published: entry.created_at,
            updated: entry.updated_at,
          }
        : null,
    );
  }

  /**
   * A public list as it stands (its own note, and with `albumId` the note saying that album went in); a list made
   * private or deleted takes back its note and every album's.
   */
  async function shareList(userId: string, collectionId: string, albumId: string | null, noteOnly: boolean) {
    const list = await deps.collections.forSharing(collectionId);
    const shown = list && !list.isPrivate && list.ownerId === userId ? list : null;
    const audience = shown ? await audienceOf(userId, null) : null;
    const listUrl = `${publicUrl}${paths.list(collectionId)}`;
    const sentKey = listAlbumsSentKey(collectionId);
    const sentAlbums = (await kv.get<string[]>(sentKey)) ?? [];
    if (!shown || !audience) {
      for (const sentAlbum of sentAlbums) await share(userId, listAlbumNoteId(collectionId, sentAlbum), null);
      await kv.delete(sentKey);
      await share(userId, listNoteId(collectionId), null);
      return;
    }
    if (albumId === null) {
      const albums = [];
      for (const entry of shown.albums) {
        const album = await albumFor(entry.albumId);
        if (album) albums.push(album);
      }
      await share(userId, listNoteId(collectionId), {
        audience,
        moment: { kind: 'list', list: { url: listUrl, name: shown.name, description: shown.description }, albums },
        published: shown.createdAt,
        updated: shown.updatedAt,
      });
      return;
    }
    const entry = shown.albums.find((held) => held.albumId === albumId);
    // A changed note updates an album's note already sent; one never sent is old news, not sent now.
    if (noteOnly && !sentAlbums.includes(albumId)) return;
    const album = entry ? await albumFor(albumId) : null;
    const noteId = listAlbumNoteId(collectionId, albumId);
    if (entry && album) {
      await share(userId, noteId, {
        audience,
        moment: { kind: 'list-album', list: { url: listUrl, name: shown.name }, album, note: entry.note },
        published: entry.addedAt,
        updated: noteOnly ? now() : entry.addedAt,
      });
      if (!sentAlbums.includes(albumId)) await kv.set(sentKey, [...sentAlbums, albumId]);
    } else {
      await share(userId, noteId, null);
      if (sentAlbums.includes(albumId))
        await kv.set(
          sentKey,
          sentAlbums.filter((sent) => sent !== albumId),
        );
    }
  }

  /** `Update` of a member's actor (as other servers read it now) to every follower's server; username changes keep its id. */
  async function shareActor(userId: string) {
    const inboxes = await repository.followerInboxes(db, userId);
    if (!inboxes.length) return;
    const ctx = framework.createContext(new Request(publicUrl), undefined);
    const actor = await ctx.getActor(userId);
    if (!actor) return;
    const { '@context': context, ...object } = (await actor.toJsonLd({ format: 'compact', contextLoader: ctx.contextLoader })) as Record<
      string,
      unknown
    >;
    const activity = {
      '@context': context,
      type: 'Update',
      id: `${actorUri(userId)}#updates/${newId()}`,
      actor: actorUri(userId),
      object,
      to: [PUBLIC],
      published: now(),
    };
    for (const inbox of inboxes) await send(userId, inbox, activity);
  }

  const publishJob: JobHandler<PublishCursor> = {
    async step(job) {
      const cursor = job.cursor;
      if (cursor.kind === 'refollow') {
        const person = cursor.people[cursor.index];
        if (person) await followAgainOne(cursor.userId, person);
        const next = { ...cursor, index: cursor.index + 1 };
        return { cursor: next, done: next.index >= cursor.people.length };
      }
      if (cursor.kind === 'actor') {
        await shareActor(cursor.userId);
        return { cursor, done: true };
      }
      if (cursor.kind === 'listen') {
        await shareListen(cursor.userId, cursor.entryId);
      } else if (cursor.kind === 'list') {
        await shareList(cursor.userId, cursor.collectionId, cursor.albumId, cursor.noteOnly ?? false);
      } else if (cursor.kind === 'rating') {
        const rating = cursor.removedRatingId ? null : await deps.ratings.current(cursor.userId, cursor.albumId);
        const id = rating?.id ?? cursor.removedRatingId;
        if (!id) return { cursor, done: true };
        const audience = rating ? await audienceOf(cursor.userId, 'ratings') : null;
        const album = rating && audience ? await albumFor(cursor.albumId) : null;
        await share(
          cursor.userId,
          `${publicUrl}/ap/ratings/${id}`,
          rating && audience && album
            ? { audience, album, pageUrl: album.url, rating: rating.rating, published: rating.createdAt, updated: rating.updatedAt }
            : null,
        );
      } else {
        const review = (await hydrator.reviews([cursor.reviewId])).get(cursor.reviewId);
        const shown = review && review.hiddenReason === null ? review : null;
        const audience = shown ? await audienceOf(cursor.userId, 'reviews') : null;
        const album = shown && audience ? await albumFor(shown.albumId) : null;
        await share(
          cursor.userId,
          `${publicUrl}/ap/reviews/${cursor.reviewId}`,
          shown && audience && album
            ? {
                audience,
                album,
                pageUrl: `${publicUrl}${paths.review(cursor.reviewId)}`,
                rating: shown.rating,
                review: { title: shown.title, contentHtml: shown.contentHtml },
                published: shown.createdAt,
                updated: shown.editedAt ?? shown.createdAt,
              }
            : null,
        );
      }
      return { cursor, done: true };
    },
    async failed() {},
  };

  // A member's data: Download my data, and an import of it

  /** A person's follows with people of other sites, a page at a time, and how many: Download my data (decision 028). */
  const exported = {
    count: (userId: string) => asked.exportedCount(db, userId),
    following: (userId: string, after: string, limit: number) => asked.exportedFollows(db, userId, 'out', after, limit),
    followers: (userId: string, after: string, limit: number) => asked.exportedFollows(db, userId, 'in', after, limit),
  };

  /** An imported export's follows of people of other sites, asked again by a job (never on the request path). */
  async function followAgain(userId: string, people: readonly { url: string; handle: string }[]): Promise<void> {
    if (!deps.enabled || !people.length) return;
    await deps.jobs.enqueue<PublishCursor>({
      kind: FEDERATION_PUBLISH_JOB,
      owner: userId,
      cursor: { kind: 'refollow', userId, people: people.map(({ url, handle }) => ({ url, handle })), index: 0 },
    });
  }

  /** One of them: found at their address (else by handle), and followed unless already, or on a blocked server. */
  async function followAgainOne(userId: string, person: { url: string; handle: string }): Promise<void> {
    // A person of this very site (the export came from another one) is no one to follow over federation.
    if (person.url.startsWith(`${publicUrl}/`) || !(await hydrator.person(userId))) return;
    const handle = REMOTE_HANDLE_PATTERN.exec(`@${person.handle}`);
    const actor =
      (/^https?:\/\//.test(person.url) ? await fetchActor(person.url) : null) ??
      (handle && deps.allowPrivate ? await fetchActorOverHttp(handle[1]!, handle[2]!) : null);
    if (!actor) {
      deps.log.info({ person: person.handle }, 'an imported follow of a person of another site found no one');
      return;
    }
    await follow(userId, actor.id).catch((error: unknown) =>
      deps.log.info({ err: error, person: person.handle }, 'an imported follow of a person of another site was not sent'),
    );
  }

  /** Members' ratings and reviews become jobs that share them, when federation is on. */
  function listen(events: Pick<EventBus, 'on'>): void {
    if (!deps.enabled) return;
    const publish = (cursor: PublishCursor) =>
      void deps.jobs
        .enqueue<PublishCursor>({ kind: FEDERATION_PUBLISH_JOB, owner: cursor.userId, cursor })
        .catch((error: unknown) => deps.log.warn({ err: error }, 'could not queue sharing with other sites'));
    events.on('rating.changed', ({ userId, albumId, ratingId }) => publish({ kind: 'rating', userId, albumId, removedRatingId: ratingId }));
    events.on('review.published', ({ reviewId, authorId }) => publish({ kind: 'review', userId: authorId, reviewId }));
    events.on('review.edited', ({ reviewId, authorId }) => publish({ kind: 'review', userId: authorId, reviewId }));
    events.on('review.deleted', ({ reviewId, authorId }) => publish({ kind: 'review', userId: authorId, reviewId }));
    events.on('journal.changed', ({ userId, entryId }) => publish({ kind: 'listen', userId, entryId }));
    events.on('collection.changed', ({ collectionId, ownerId, albumId, noteOnly }) =>
      publish({ kind: 'list', userId: ownerId, collectionId, albumId: albumId ?? null, noteOnly }),
    );
    events.on('profile.changed', ({ userId }) => publish({ kind: 'actor', userId }));
  }

  // What comes in

  /** The member an actor address of this site names, if it is one of ours. */
  function localMember(uri: string): string | null {
    const prefix = `${publicUrl}/ap/users/`;
    if (!uri.startsWith(prefix)) return null;
    const rest = uri.slice(prefix.length);
    return /^[0-9a-z]{1,40}$/.test(rest) && rest !== SITE_ACTOR ? rest : null;
  }

  /** The review an object address of this site names, if it is one of ours. */
  function localReview(uri: string): string | null {
    const prefix = `${publicUrl}/ap/reviews/`;
    const rest = uri.startsWith(prefix) ? uri.slice(prefix.length) : '';
    return /^[0-9a-z]{1,40}$/.test(rest) ? rest : null;
  }

  /** Whether a person of another site may act on a member's things: public ones, or a followers-only member's follower. */
  async function mayReach(actor: repository.RemoteActorRow, memberId: string): Promise<boolean> {
    const person = await hydrator.person(memberId);
    if (!person?.username || person.visibility === 'private') return false;
    if (person.visibility === 'public') return true;
    return (await repository.findFollow(db, memberId, actor.id, 'in'))?.state === 'accepted';
  }

  async function knownActor(uri: string): Promise<repository.RemoteActorRow | null> {
    return (await repository.actorByUri(db, uri)) ?? (await fetchActor(uri));
  }

  /** An actor's `Update` of themselves: what we show of them (their address, server and inbox stay as they were). */
  async function refreshActor(json: unknown, host: string): Promise<void> {
    const incoming = parseIncomingActor(json);
    const known = incoming && (await repository.actorByUri(db, incoming.uri));
    if (!incoming || !known) return;
    await repository.updateActor(db, known.id, {
      username: incoming.username,
      handle_key: `${incoming.username}@${host}`.toLowerCase(),
      name: (incoming.name || incoming.username).slice(0, 200),
      summary: plainText(incoming.summaryHtml).slice(0, 2000),
      avatar_url: incoming.avatarUrl,
      url: incoming.url,
      locked: incoming.locked ? 1 : 0,
      updated_at: now(),
    });
  }

  /**
   * Our album a post from another site is about: by its MusicBrainz id, else by artist and title (the catalog's
   * matching rules), else a pending album like an import's, which it joins once confirmed; a title alone (NeoDB often
   * sends no artist) attaches to nothing rather than to a wrong album.
   */
  async function albumOfPost(album: { mbid: string | null; artist: string; title: string }): Promise<string | null> {
    const ref = { mbid: album.mbid, artist: album.artist, title: album.title };
    return (await deps.catalog.findConfirmedAlbum(ref)) ?? (await deps.catalog.pendingAlbumFor(ref));
  }

  /**
   * A reply to a member's review (`inReplyTo` its note) from a person who may reach the member: a comment on it, its
   * author told; an `Update` edits it. Answers whether the note was a reply to one of our reviews (handled either way).
   */
  async function receiveReply(type: 'Create' | 'Update', object: unknown, signer: string, host: string, stamp: string): Promise<boolean> {
    const reply = parseIncomingReply(object);
    const reviewId = reply ? localReview(reply.inReplyTo) : null;
    if (!reply || !reviewId) return false;
    // A reply is its author's to send, from their own server.
    if ((reply.authorUri !== null && reply.authorUri !== signer) || new URL(reply.uri).host.toLowerCase() !== host) return true;
    const body = remoteHtmlAsText(reply.contentHtml);
    const actor = await knownActor(signer);
    if (!actor) return true;
    if (type === 'Update') {
      await deps.reviews.editRemoteComment(reply.uri, actor.id, body);
      return true;
    }
    const review = (await hydrator.reviews([reviewId])).get(reviewId);
    if (!review || review.hiddenReason !== null || !(await mayReach(actor, review.authorId))) return true;
    const kept = await deps.reviews.receiveRemoteComment({
      reviewId,
      actorId: actor.id,
      uri: reply.uri,
      url: reply.url,
      body,
      at: validTime(reply.published) ?? stamp,
    });
    if (kept?.created) deps.onRemoteComment?.({ reviewId, authorId: kept.authorId, actorId: actor.id });
    return true;
  }

  /**
   * A report from another site (`Flag`): the members and reviews of ours it names go into the moderation queue, marked
   * with the server it came from; addresses that are not ours are left out.
   */
  async function receiveFlag(json: unknown, signer: string, host: string): Promise<void> {
    const flag = parseIncomingFlag(json);
    if (!flag) return;
    const subjects = flag.objects.flatMap((uri): { type: 'profile' | 'review'; id: string }[] => {
      const memberId = localMember(uri);
      if (memberId) return [{ type: 'profile', id: memberId }];
      const reviewId = localReview(uri);
      return reviewId ? [{ type: 'review', id: reviewId }] : [];
    });
    if (!subjects.length) return;
    const [people, reviews] = await Promise.all([
      Promise.all(subjects.filter((s) => s.type === 'profile').map((s) => hydrator.person(s.id))),
      hydrator.reviews(subjects.filter((s) => s.type === 'review').map((s) => s.id)),
    ]);
    const existing = new Set([...people.flatMap((person) => (person ? [person.id] : [])), ...reviews.keys()]);
    const named = subjects.filter((subject) => existing.has(subject.id)).slice(0, 20);
    const actor = named.length ? await knownActor(signer) : null;
    if (!actor) return;
    await deps.siteReports.receive({ host, reporterId: actor.id, subjects: named, note: flag.reason });
  }

  const inboxJob: JobHandler<InboxCursor> = {
    async step(job) {
      const cursor = job.cursor;
      await receive(cursor.activity, cursor.actorUri);
      return { cursor, done: true };
    },
    async failed() {},
  };

  /** Handles one checked activity; anything it does not understand is ignored, never an error. */
  async function receive(json: unknown, signer: string): Promise<void> {
    const activity = parseIncomingActivity(json);
    if (!activity || activity.actor !== signer) return;
    const host = new URL(signer).host.toLowerCase();
    if ((await repository.hostPolicy(db, host)) === 'block') return;
    const stamp = now();
    switch (activity.type) {
      case 'Follow': {
        const memberId = localMember(objectId(activity.object) ?? '');
        if (!memberId || !activity.id) return;
        const [person, actor] = await Promise.all([hydrator.person(memberId), knownActor(signer)]);
        // Someone the member blocked is sent nothing, not even a refusal.
        if (!person?.username || !actor || (await repository.isBlocked(db, memberId, actor.id))) return;
        if (person.visibility === 'private') {
          await send(
            memberId,
            actor.inbox,
            presentActivity('Reject', { id: `${actorUri(memberId)}#rejects/${newId()}`, actor: actorUri(memberId), object: json }),
          );
          return;
        }
        // A member with a closed profile answers each request; so does everyone, for people of a silenced server.
        const accepted = person.visibility === 'public' && (await repository.hostPolicy(db, host)) !== 'silence';
        await repository.upsertFollow(db, {
          local_user_id: memberId,
          remote_actor_id: actor.id,
          direction: 'in',
          state: accepted ? 'accepted' : 'pending',
          follow_uri: activity.id,
          created_at: stamp,
          updated_at: stamp,
        });
        if (accepted) {
          await send(
            memberId,
            actor.inbox,
            presentActivity('Accept', { id: `${actorUri(memberId)}#accepts/${newId()}`, actor: actorUri(memberId), object: json }),
          );
        }
        return;
      }
      case 'Accept':
      case 'Reject': {
        const followUri = objectId(activity.object);
        const actor = await repository.actorByUri(db, signer);
        if (!followUri || !actor) return;
        const follow = await repository.followByUri(db, followUri);
        if (!follow || follow.remote_actor_id !== actor.id || follow.direction !== 'out') return;
        if (activity.type === 'Accept') {
          await db.transaction().execute(async (trx) => {
            await repository.setFollowState(trx, followUri, actor.id, 'out', 'accepted', stamp);
            await deps.timelines?.remoteFollowed(trx, follow.local_user_id, actor.id);
          });
        } else await repository.deleteFollow(db, follow.local_user_id, actor.id, 'out');
        return;
      }
      case 'Like': {
        const reviewId = localReview(objectId(activity.object) ?? '');
        if (!reviewId || !activity.id) return;
        const review = (await hydrator.reviews([reviewId])).get(reviewId);
        const actor = review && review.hiddenReason === null ? await knownActor(signer) : null;
        if (!review || !actor || !(await mayReach(actor, review.authorId))) return;
        if (await repository.isBlocked(db, review.authorId, actor.id)) return;
        if (await repository.addReviewLike(db, reviewId, actor.id, activity.id, stamp)) {
          await deps.reviews.countRemoteLike(reviewId, 1);
          deps.onRemoteLike?.({ reviewId, authorId: review.authorId, actorId: actor.id });
        }
        return;
      }
      case 'Undo': {
        const actor = await repository.actorByUri(db, signer);
        if (!actor) return;
        if (objectType(activity.object) === 'Like') {
          const likeUri = objectId(activity.object);
          const reviewId = likeUri ? await repository.removeReviewLike(db, likeUri, actor.id) : null;
          if (reviewId) await deps.reviews.countRemoteLike(reviewId, -1);
          return;
        }
        if (objectType(activity.object) === 'Follow' || objectType(activity.object) === null) {
          const followUri = objectId(activity.object);
          const follow = followUri ? await repository.followByUri(db, followUri) : undefined;
          if (follow && follow.remote_actor_id === actor.id && follow.direction === 'in')
            await repository.deleteFollow(db, follow.local_user_id, actor.id, 'in');
        }
        return;
      }
      case 'Create':
      case 'Update': {
        if (activity.type === 'Update' && objectId(activity.object) === signer) {
          await refreshActor(activity.object, host);
          return;
        }
        if (await receiveReply(activity.type, activity.object, signer, host, stamp)) return;
        const actor = await repository.actorByUri(db, signer);
        if (!actor || !(await repository.isFollowedHere(db, actor.id))) return;
        const post = parseIncomingPost(activity.object);
        // A note is its author's to send: one claiming another author, or living on another server, is not kept.
        if (!post || (post.authorUri !== null && post.authorUri !== signer) || new URL(post.uri).host.toLowerCase() !== host) return;
        const albumId = post.album ? await albumOfPost(post.album) : null;
        const received = {
          id: newId(),
          uri: post.uri,
          actor_id: actor.id,
          album_id: albumId ?? null,
          album_title: post.album?.title ?? '',
          album_artist: post.album?.artist ?? '',
          album_mbid: post.album?.mbid ?? null,
          rating: post.rating,
          title: post.title,
          content_html: post.contentHtml,
          url: post.url,
          published_at: validTime(post.published) ?? stamp,
          updated_at: validTime(post.updated) ?? validTime(post.published) ?? stamp,
          received_at: stamp,
        };
        await db.transaction().execute(async (trx) => {
          const stored = await repository.upsertPost(trx, received);
          if (stored && deps.timelines)
            await deps.timelines.fanOut(trx, { source: 'remote', entryId: stored.id, actorId: actor.id, at: stored.published_at });
        });
        return;
      }
      case 'Delete': {
        const actor = await repository.actorByUri(db, signer);
        const target = objectId(activity.object);
        if (!actor || !target) return;
        if (target === signer) {
          await deps.reviews.removeRemoteCommentsBy([actor.id]);
          await repository.deleteActor(db, actor.id);
        } else if (!(await deps.reviews.removeRemoteComment(target, actor.id))) await repository.deletePost(db, target, actor.id);
        return;
      }
      case 'Flag':
        await receiveFlag(json, signer, host);
        return;
      default:
        return;
    }
  }

  // The home feed's share of it

  /** The ratings and reviews of the remote people a member follows, published in the window a feed page spans. */
  async function feedPosts(viewerId: string, window: { before: string | null; notBefore: string | null; limit: number }) {
    return presentPosts(await repository.postsFollowedBy(db, viewerId, window), viewerId);
  }

  /** Posts by id, as `feedPosts` shows them: those a page of a member's home timeline names. */
  async function feedPostsByIds(viewerId: string, ids: readonly string[]) {
    return presentPosts(await repository.postsByIds(db, ids), viewerId);
  }

  const timelineEntry = (row: repository.RemotePostRow) => ({
    source: 'remote' as const,
    entryId: row.id,
    actorId: row.actor_id,
    at: row.published_at,
  });

  /** What members' home timelines ask of federation (decision 087): who follows a remote person, and a rebuild's posts. */
  const timelineReads = {
    followersOf: (remoteActorId: string, after: string, limit: number) => repository.localFollowersAfter(db, remoteActorId, after, limit),
    async newestEntries(viewerId: string, limit: number) {
      return (await repository.postsFollowedBy(db, viewerId, { before: null, notBefore: null, limit })).map(timelineEntry);
    },
    async postsOf(remoteActorId: string, limit: number) {
      return (await repository.newestPostsOf(db, remoteActorId, limit)).map(timelineEntry);
    },
  };

  /**
   * An album's reviews from other sites, a page of them, newest first: shown apart from this site's own reviews
   * (under them), and never counted in the album's averages, which are this site's members' alone.
   */
  async function albumReviews(albumRef: string, query: { page: number; limit: number }, viewerId: string | undefined) {
    const albumId = await deps.catalog.resolveAlbumId(albumRef);
    const { rows, total } = await repository.reviewsOfAlbum(db, albumId, query.limit, (query.page - 1) * query.limit);
    return { items: await presentPosts(rows, viewerId), ...pageFields(query, total) };
  }

  async function presentPosts(rows: repository.RemotePostRow[], viewerId: string | undefined): Promise<RemotePost[]> {
    if (!rows.length) return [];
    const actors = new Map((await repository.actorsByIds(db, [...new Set(rows.map((row) => row.actor_id))])).map((a) => [a.id, a]));
    const albumIds = rows.flatMap((row) => (row.album_id ? [row.album_id] : []));
    const [albums, liked] = await Promise.all([
      hydrator.albums(albumIds, viewerId),
      viewerId
        ? repository.likedPosts(
            db,
            viewerId,
            rows.map((row) => row.id),
          )
        : new Set<string>(),
    ]);
    const cards = new Map(presentAlbumCards(albumIds, albums).map((card) => [card.id, card]));
    return rows.flatMap((row): RemotePost[] => {
      const actor = actors.get(row.actor_id);
      if (!actor) return [];
      const { follow: _f, summary: _s, ...person } = presentRemotePerson(actor);
      return [
        {
          id: row.id,
          person,
          album: (row.album_id && cards.get(row.album_id)) || null,
          albumTitle: row.album_title,
          albumArtist: row.album_artist,
          rating: row.rating,
          title: row.title,
          contentHtml: row.content_html,
          url: row.url,
          likedByViewer: liked.has(row.id),
          publishedAt: row.published_at,
          updatedAt: row.updated_at,
        },
      ];
    });
  }

  return {
    enabled: deps.enabled,
    /** Other sites' posts matched to an album follow it when merged into another (decision 080). */
    albumMerge: federationAlbumMerge(),
    publicUrl,
    framework,
    lookup,
    follow,
    unfollow,
    like,
    unlike,
    notificationActors,
    forgetPerson,
    requests,
    answerRequest,
    hosts,
    setHost,
    removeHost,
    isBlocked,
    inboxBacklog,
    deliveries,
    retryDeliveries,
    listen,
    exported,
    followAgain,
    feedPosts,
    feedPostsByIds,
    timelineReads,
    albumReviews,
    reports: {
      reportable,
      reportedContent,
      forward: forwardReport,
      people: async (ids: readonly string[]) =>
        new Map([...(await notificationActors(ids))].map(([id, person]) => [id, { username: person.username, name: person.name }])),
    },
    receive,
    remoteFollows,
    searchPeople,
    personPage,
    block,
    unblock,
    blocked,
    jobs: { [FEDERATION_INBOX_JOB]: inboxJob, [FEDERATION_PUBLISH_JOB]: publishJob, [FEDERATION_DELIVERY_JOB]: deliveryJob },
  };
}

function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}

function validTime(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}
