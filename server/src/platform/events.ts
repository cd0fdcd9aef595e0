/**
 * Domain events: what happened, told after the change is committed, to whoever listens (notifications, e-mail,
 * live updates). Listeners run after the action has answered; their failures are logged and never reach the action.
 */
export interface DomainEvents {
  /** `followerId` started following `followeeId`. */
  'profile.followed': { followerId: string; followeeId: string };
  /** `requesterId` asked to follow `targetId`, whose profile is not public. */
  'profile.follow_requested': { requesterId: string; targetId: string };
  /** `targetId` approved the follow request of `requesterId`. */
  'profile.follow_approved': { requesterId: string; targetId: string };
  /** `likerId` liked a review written by `authorId`. */
  'review.liked': { reviewId: string; authorId: string; likerId: string };
  /**
   * `commenterId` commented on a review written by `authorId`; the text is for @mentions. `replyTo`: the comment it
   * answers, and that comment's author.
   */
  'review.commented': {
    reviewId: string;
    authorId: string;
    commentId: string;
    commenterId: string;
    body: string;
    replyTo: { commentId: string; authorId: string } | null;
  };
  /**
   * A moderator hid or deleted something of `authorId`'s: `subject` names it (the album a review or comment was on, the
   * collection's name), `reason` is the moderator's.
   */
  'moderation.decided': {
    kind:
      | 'review_hidden'
      | 'comment_hidden'
      | 'review_removed'
      | 'comment_removed'
      | 'collection_removed'
      | 'correction_accepted'
      | 'correction_rejected';
    authorId: string;
    objectId: string;
    subject: string | null;
    reason: string;
  };
  /** `authorId` published a new review. */
  'review.published': { reviewId: string; authorId: string; albumId: string };
  /** `likerId` liked a collection owned by `ownerId`. */
  'collection.liked': { collectionId: string; ownerId: string; likerId: string };
  /** The ZIP of `userId`'s data is ready to download. */
  'data_export.ready': { userId: string; exportId: string };
  /** A rating given, changed (`ratingId` null: read it as it stands) or taken back (`ratingId` the one removed). */
  'rating.changed': { userId: string; albumId: string; ratingId: string | null };
  /** A rating became news (a first rating, a changed value, a review's own): it goes into followers' home timelines. */
  'rating.news': { userId: string; albumId: string };
  /** A member's rating of a track of the album given, changed or taken back (decision 078). */
  'track-rating.changed': { userId: string; albumId: string };
  'review.edited': { reviewId: string; authorId: string };
  /** A person of another site liked a member's review (`actorId` is theirs: a remote person). */
  'review.liked_remotely': { reviewId: string; authorId: string; actorId: string };
  /** A person of another site replied to a member's review: the reply is a comment now (`actorId` is theirs). */
  'review.commented_remotely': { reviewId: string; authorId: string; actorId: string };
  'review.deleted': { reviewId: string; authorId: string };
  /** A listen logged, changed or taken out of `userId`'s journal (read it as it stands: gone when deleted). */
  'journal.changed': { userId: string; entryId: string };
  /**
   * A list of `ownerId`'s made, changed (name, description, made private or public) or deleted; `albumId`: an album put
   * in it or taken out, or (`noteOnly`) its note in the list changed (read the list as it stands).
   */
  'collection.changed': { collectionId: string; ownerId: string; albumId?: string; noteOnly?: boolean };
  /** A member's name, username, bio, avatar or profile visibility changed (what other sites show of them). */
  'profile.changed': { userId: string };
  /** `added` new listens of `userId`'s were kept (from a player, or an import of kind `origin`); not matched yet. */
  'listens.recorded': { userId: string; added: number; origin: string };
}

export type DomainEventName = keyof DomainEvents;
export type Listener<N extends DomainEventName> = (payload: DomainEvents[N]) => Promise<void> | void;

export interface EventBus {
  emit<N extends DomainEventName>(name: N, payload: DomainEvents[N]): void;
  on<N extends DomainEventName>(name: N, listener: Listener<N>): void;
  /** Resolves once every listener started so far has finished (tests wait on it instead of sleeping). */
  idle(): Promise<void>;
}

export function createEventBus(log: { error(details: object, message: string): void }): EventBus {
  const listeners = new Map<DomainEventName, Listener<never>[]>();
  const running = new Set<Promise<void>>();

  return {
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        // Next turn of the event loop: the action answers first, whatever the listener does.
        const run = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => (listener as Listener<typeof name>)(payload))
          .catch((error: unknown) => log.error({ err: error, event: name }, 'a listener of a domain event failed'))
          .finally(() => running.delete(run));
        running.add(run);
      }
    },
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<never>]);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's domain event bus (tests wait on `idle()`). */
    domainEvents: EventBus;
  }
}
