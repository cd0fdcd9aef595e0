import { createFederation, exportJwk, generateCryptoKeyPair, importJwk, type Federation, type KvStore } from '@fedify/fedify';
import { Activity, Application, Endpoints, Image, Person, Tombstone } from '@fedify/vocab';
import { paths } from '@hearsay/contracts/paths';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { webcrypto } from 'node:crypto';
import type { DB } from '../../platform/db/index.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentPerson } from '../../hydration/people.presenter.ts';
import { escapeMarkup } from '../../platform/text.ts';
import * as repository from './federation.repository.ts';

/** The site's own actor, which signs what no member sends (fetches of other servers' actors, shared-inbox replies). */
export const SITE_ACTOR = 'site';

/** Where each member's actor and its collections live: by id, which never changes, never by username (decision 067). */
export const ACTOR_PATH = '/ap/users/{identifier}';
export const INBOX_PATH = '/ap/users/{identifier}/inbox';
export const SHARED_INBOX_PATH = '/ap/inbox';

/**
 * The inbox request being handled: its body as its sender wrote it (the framework hands listeners the activity as it
 * understood it, which leaves out what its vocabulary does not know, such as the album and rating a Hearsay or NeoDB
 * note carries, so the job reads the original), and how it came out. The routes set it around each request
 * (federation.routes.ts).
 */
export interface InboxRequest {
  body: unknown;
  /** Whether the signer's server (its host) may hand us an activity now: null, or why not. */
  admit(host: string): Promise<InboxRefusal | null>;
  /** Set when the server was refused: the request is answered so. */
  refused?: InboxRefusal;
}
export const inboxRequest = new AsyncLocalStorage<InboxRequest>();

/** A server over its share (429, asking again after this many seconds), or one the operators blocked (403). */
export type InboxRefusal = { status: 429; retryAfterSeconds: number } | { status: 403 };

export interface InboxEntry {
  /** The activity as its sender wrote it (JSON), its signature checked. */
  activity: unknown;
  /** The actor whose key signed it. */
  actorUri: string;
}

export interface FederationFrameworkDeps {
  db: DB;
  kv: KvStore;
  publicUrl: string;
  allowPrivate: boolean;
  authorizedFetch: boolean;
  version: string;
  hydrator: Hydrator;
  /** How many people follow, and are followed by, a member on this site and on others together. */
  followCounts(userId: string): Promise<{ followers: number; following: number }>;
  /** Whether this id was a member who deleted their account: their actor answers 410 Gone. */
  gone(userId: string): Promise<boolean>;
  /** NodeInfo's usage: members whose profile is not private, those active lately, and public ratings and reviews. */
  usage(): Promise<{ users: number; activeMonth: number; activeHalfyear: number; posts: number; openRegistrations: boolean }>;
  /** A checked activity, to be handled by a job (never on the request path). */
  received(entry: InboxEntry): Promise<void>;
}

/**
 * The ActivityPub framework (Fedify) set up for Hearsay: WebFinger, NodeInfo, each member's actor with its keys,
 * followers and following counts, and the inboxes, whose signatures it checks before handing an activity on.
 */
export function createFederationFramework(deps: FederationFrameworkDeps): Federation<void> {
  const { db, hydrator, publicUrl } = deps;
  const federation = createFederation<void>({
    kv: deps.kv,
    origin: publicUrl,
    allowPrivateAddress: deps.allowPrivate,
    userAgent: { software: `Hearsay/${deps.version}`, url: new URL(publicUrl) },
    // Deliveries and inbox handling are Hearsay's own jobs (federation.service.ts), so nothing is queued here.
    signatureTimeWindow: { hours: 1 },
  });

  /** The member's actor, or null for someone who is not there or keeps everything to themselves. */
  async function member(identifier: string) {
    const person = await hydrator.person(identifier);
    if (!person?.username || person.visibility === 'private') return null;
    return person;
  }

  const actors = federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const keys = await ctx.getActorKeyPairs(identifier);
      const common = {
        id: ctx.getActorUri(identifier),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((key) => key.multikey),
      };
      if (identifier === SITE_ACTOR) {
        return new Application({
          ...common,
          preferredUsername: new URL(publicUrl).hostname,
          name: 'Hearsay',
          url: new URL(publicUrl),
          manuallyApprovesFollowers: true,
        });
      }
      const person = await member(identifier);
      if (!person) return (await deps.gone(identifier)) ? new Tombstone({ id: ctx.getActorUri(identifier) }) : null;
      const bio = await hydrator.bioOf(identifier);
      const avatar = presentPerson(person).avatarUrl;
      return new Person({
        ...common,
        preferredUsername: person.username,
        name: person.name,
        summary: bio ? `<p>${escapeMarkup(bio)}</p>` : null,
        url: new URL(paths.profile(person.username!), publicUrl),
        icon: avatar ? new Image({ url: new URL(avatar, publicUrl) }) : null,
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        manuallyApprovesFollowers: person.visibility !== 'public',
        discoverable: person.visibility === 'public',
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      if (identifier !== SITE_ACTOR && !(await member(identifier)) && !(await deps.gone(identifier))) return [];
      return keyPairs(db, identifier);
    })
    // `@name@host` names a member by their username of today; their actor's address keeps their id.
    .mapHandle(async (_ctx, username) => {
      if (username.toLowerCase() === new URL(publicUrl).hostname) return SITE_ACTOR;
      const person = await hydrator.personNamed(username.toLowerCase());
      return person && person.visibility !== 'private' ? person.id : null;
    });
  if (deps.authorizedFetch) actors.authorize(async (ctx) => (await ctx.getSignedKey()) !== null);

  // Counts only, and only where the member's privacy shows them; who follows whom is not listed to other servers.
  const counted = (kind: 'followers' | 'following') => async (_ctx: unknown, identifier: string) => {
    const person = await member(identifier);
    if (!person || person.visibility !== 'public') return null;
    return (await deps.followCounts(identifier))[kind];
  };
  federation
    .setFollowersDispatcher('/ap/users/{identifier}/followers', async (_ctx, identifier) =>
      (await member(identifier)) ? { items: [] } : null,
    )
    .setCounter(counted('followers'));
  federation
    .setFollowingDispatcher('/ap/users/{identifier}/following', async (_ctx, identifier) =>
      (await member(identifier)) ? { items: [] } : null,
    )
    .setCounter(counted('following'));
  federation.setOutboxDispatcher('/ap/users/{identifier}/outbox', async (_ctx, identifier) =>
    (await member(identifier)) ? { items: [] } : null,
  );

  federation
    .setInboxListeners(INBOX_PATH, SHARED_INBOX_PATH)
    .setSharedKeyDispatcher(() => ({ identifier: SITE_ACTOR }))
    .on(Activity, async (_ctx, activity) => {
      const request = inboxRequest.getStore();
      const original = request?.body as { id?: unknown } | undefined;
      // The body the signature covered, and the activity the framework checked, are one and the same.
      if (!request || !activity.actorId || !original || original.id !== activity.id?.href) return;
      const refused = await request.admit(activity.actorId.host.toLowerCase());
      if (refused !== null) {
        request.refused = refused;
        // Thrown, so that the framework keeps no note of the activity as handled: the sender's retry is taken then.
        throw new Error('The server is over its share of the inbox.');
      }
      await deps.received({ activity: original, actorUri: activity.actorId.href });
    });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const usage = await deps.usage();
    return {
      software: { name: 'hearsay', version: deps.version, homepage: new URL(publicUrl) },
      protocols: ['activitypub'],
      openRegistrations: usage.openRegistrations,
      usage: {
        users: { total: usage.users, activeMonth: usage.activeMonth, activeHalfyear: usage.activeHalfyear },
        localPosts: usage.posts,
        localComments: 0,
      },
    };
  });

  return federation;
}

/**
 * Key pairs already read, by database and owner. An actor's keys never change once made, and reading a private RSA key
 * is heavy work on the server's thread, which every inbox post would otherwise do (the site's key fetches the sender's).
 */
const readKeyPairs = new WeakMap<DB, Map<string, Promise<webcrypto.CryptoKeyPair[]>>>();
const READ_KEY_PAIRS_KEPT = 1000;

/**
 * An actor's key pairs, made the first time they are asked for: RSA for draft-cavage signatures (Mastodon) and Ed25519
 * for RFC 9421 and object proofs.
 */
export function keyPairs(db: DB, owner: string): Promise<webcrypto.CryptoKeyPair[]> {
  let kept = readKeyPairs.get(db);
  if (!kept) readKeyPairs.set(db, (kept = new Map()));
  const known = kept.get(owner);
  if (known) return known;
  const reading = readOrMakeKeyPairs(db, owner);
  if (kept.size >= READ_KEY_PAIRS_KEPT) kept.clear();
  kept.set(owner, reading);
  reading.catch(() => kept.delete(owner));
  return reading;
}

async function readOrMakeKeyPairs(db: DB, owner: string): Promise<webcrypto.CryptoKeyPair[]> {
  let rows = await repository.keysOf(db, owner);
  if (rows.length < 2) {
    const now = new Date().toISOString();
    for (const algorithm of ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const) {
      if (rows.some((row) => row.algorithm === algorithm)) continue;
      const pair = await generateCryptoKeyPair(algorithm);
      await repository.insertKey(db, {
        owner,
        algorithm,
        public_jwk: JSON.stringify(await exportJwk(pair.publicKey)),
        private_jwk: JSON.stringify(await exportJwk(pair.privateKey)),
        created_at: now,
      });
    }
    rows = await repository.keysOf(db, owner);
  }
  const order = (algorithm: string) => (algorithm === 'RSASSA-PKCS1-v1_5' ? 0 : 1);
  return Promise.all(
    [...rows]
      .sort((a, b) => order(a.algorithm) - order(b.algorithm))
      .map(async (row) => ({
        publicKey: await importJwk(JSON.parse(row.public_jwk) as webcrypto.JsonWebKey, 'public'),
        privateKey: await importJwk(JSON.parse(row.private_jwk) as webcrypto.JsonWebKey, 'private'),
      })),
  );
}
