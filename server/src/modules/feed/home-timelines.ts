import type { FeedPosition, FeedRow, Hydrator } from '../../hydration/hydrator.ts';
import type { DB } from '../../platform/db/index.ts';
import { countUnfinished } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler, Jobs } from '../../platform/jobs/runner.ts';
import { TIMELINE_FAN_OUT_JOB, TIMELINE_FOLLOW_JOB, type FanOutCursor, type FollowCursor } from './activity-log.ts';
import * as repository from './timeline.repository.ts';
import type { TimelineEntry } from './timeline.repository.ts';

export { TIMELINE_FAN_OUT_JOB, TIMELINE_FOLLOW_JOB } from './activity-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every home timeline job queued so far has run: tests read timelines after it. */
    timelinesSettled: () => Promise<void>;
  }
}

/** A member came back, or reads their feed for the first time: their timeline is rebuilt from the activity. */
export const TIMELINE_REBUILD_JOB = 'home-timeline-rebuild';
export const TIMELINE_JOB_KINDS = [TIMELINE_FAN_OUT_JOB, TIMELINE_FOLLOW_JOB, TIMELINE_REBUILD_JOB] as const;

const DAY = 24 * 60 * 60 * 1000;
/** Up to this many people followed, a rebuild reads each one's newest entries; past it, everyone's, filtered by follows. */
const FEW_FOLLOWED = 200;
/** The window of everyone's newest rows a rebuild reads at a time for someone following many people. */
const REBUILD_WINDOW = 10_000;

export interface TimelineOptions {
  /** Entries kept per member (800): trimmed back to it, oldest first, once a tenth more have come in. */
  size: number;
  /** Members who have not read their feed for this many days are skipped by fan-outs and rebuilt when they return. */
  activeDays: number;
  /** Followers written per step of a fan-out. */
  fanOutBatch: number;
}

export interface HomeTimelinesDeps {
  db: DB;
  clock: () => Date;
  jobs: Pick<Jobs, 'enqueue'>;
  options: TimelineOptions;
  hydrator: Pick<Hydrator, 'feed'>;
  /** Who follows whom, asked of profiles (local people) and federation (people of other sites). */
  followers: {
    /** A person's followers after `after`, in id order. */
    local(actorId: string, after: string, limit: number): Promise<string[]>;
    /** The members following a remote person after `after`, in id order. */
    remote(remoteActorId: string, after: string, limit: number): Promise<string[]>;
  };
  followees: { followeesUnlessMany(viewerId: string, cap: number): Promise<string[] | null> };
  /** The newest posts of the remote people a member follows, as timeline entries. */
  remoteEntries(viewerId: string, limit: number): Promise<TimelineEntry[]>;
  /** The newest stored posts of one remote person, as timeline entries. */
  remotePostsOf(remoteActorId: string, limit: number): Promise<TimelineEntry[]>;
}

export type HomeTimelines = ReturnType<typeof createHomeTimelines>;

const entryOf = (row: FeedRow): TimelineEntry => ({
  source: row.verb === 'rated' ? 'rating' : row.verb === 'remote_post' ? 'remote' : 'activity',
  entryId: row.id,
  actorId: row.actor_id,
  at: row.created_at,
});

const newestFirst = (a: TimelineEntry, b: TimelineEntry) =>
  a.at === b.at ? (a.entryId < b.entryId ? 1 : a.entryId > b.entryId ? -1 : 0) : a.at < b.at ? 1 : -1;

/**
 * Members' home timelines, written when things happen (decision 087): each feed entry is written into the timelines
 * of its actor's active followers by a job, a follow brings the followee's newest entries, and a member who was away
 * has theirs rebuilt from the activity. The feed reads a page of it; everything it holds is checked again as it is
 * read (the follow, the row, the feed's rules), so the timeline only says which entries, in which order.
 */
export function createHomeTimelines(deps: HomeTimelinesDeps) {
  const { db, options } = deps;
  const now = () => deps.clock().toISOString();
  const activeSince = () => new Date(deps.clock().getTime() - options.activeDays * DAY).toISOString();
  const trimAbove = options.size + Math.floor(options.size / 10);

  /**
   * Whether the viewer's timeline answers their feed now, and its horizon: pages past it are the pull-based
   * skeleton's (null: the timeline reaches back to the first entry). A member away longer than the active days, or
   * reading for the first time, is marked active and their timeline rebuilt by a job; until it is done the skeleton
   * answers (null). An active member is kept counted as active by a write at most once a day.
   */
  async function ready(viewerId: string): Promise<{ horizon: FeedPosition | null } | null> {
    const reader = await repository.findReader(db, viewerId);
    const since = activeSince();
    const stamp = now();
    if (reader && reader.built_at !== null && reader.active_at >= since) {
      const dayAgo = new Date(deps.clock().getTime() - DAY).toISOString();
      if (reader.active_at < dayAgo) await repository.touchReader(db, viewerId, stamp, dayAgo);
      return { horizon: reader.horizon_at && reader.horizon_id ? { createdAt: reader.horizon_at, id: reader.horizon_id } : null };
    }
    if (!reader || reader.active_at < since) {
      await deps.jobs
        .enqueue({ kind: TIMELINE_REBUILD_JOB, owner: viewerId, cursor: { viewerId }, topic: 'home-timeline' }, async (trx) => {
          // Another page read marked them first: its rebuild is the one.
          if (!(await repository.markReturning(trx, viewerId, stamp, since))) throw new AlreadyRebuilding();
        })
        .catch((error: unknown) => {
          if (!(error instanceof AlreadyRebuilding)) throw error;
        });
    }
    return null;
  }

  /** A page of the viewer's timeline, as the skeleton's rows. */
  const page = (viewerId: string, cursor: FeedPosition | null, limit: number) => deps.hydrator.feed.timelinePage(viewerId, cursor, limit);

  /** The newest `size` entries of the people a member follows, here and on other sites: what a rebuild writes. */
  async function newestFollowed(viewerId: string): Promise<TimelineEntry[]> {
    const followees = await deps.followees.followeesUnlessMany(viewerId, FEW_FOLLOWED);
    let local: FeedRow[];
    if (followees) local = await deps.hydrator.feed.newestOfEach(followees, null, options.size);
    else {
      local = [];
      let cursor: FeedPosition | null = null;
      for (;;) {
        const { rows, windowEnd } = await deps.hydrator.feed.newestAmongFollowed(
          viewerId,
          cursor,
          options.size - local.length,
          REBUILD_WINDOW,
        );
        local.push(...rows);
        // Short of a timeline's worth: the window ended where it says, or the activity did.
        if (local.length >= options.size || !windowEnd) break;
        cursor = windowEnd;
      }
    }
    const remote = await deps.remoteEntries(viewerId, options.size);
    return [...local.map(entryOf), ...remote].sort(newestFirst).slice(0, options.size);
  }

  const fanOut: JobHandler<FanOutCursor> = {
    async step(job) {
      let { entry } = job.cursor;
      if (!entry && job.cursor.rated) {
        const row = await deps.hydrator.feed.ratingEntry(job.cursor.rated.userId, job.cursor.rated.albumId);
        // Removed, or quiet, before the job ran: nothing to write.
        if (!row) return { cursor: job.cursor, done: true };
        entry = { source: 'rating', entryId: row.id, actorId: job.cursor.rated.userId, at: row.feedAt };
      }
      if (!entry) return { cursor: job.cursor, done: true };
      const followers =
        entry.source === 'remote'
          ? await deps.followers.remote(entry.actorId, job.cursor.after, options.fanOutBatch)
          : await deps.followers.local(entry.actorId, job.cursor.after, options.fanOutBatch);
      const full = await repository.fanOut(db, entry, followers, activeSince(), trimAbove);
      for (const viewerId of full) await repository.trim(db, viewerId, options.size);
      const after = followers.at(-1) ?? job.cursor.after;
      return { cursor: { entry, after }, done: followers.length < options.fanOutBatch };
    },
    async failed() {},
  };

  const follow: JobHandler<FollowCursor> = {
    async step(job) {
      const { viewerId } = job.cursor;
      const reader = await repository.findReader(db, viewerId);
      // Away, or being rebuilt (which reads the follows after this one): the rebuild brings the followee's entries.
      if (!reader || reader.built_at === null || reader.active_at < activeSince()) return { cursor: job.cursor, done: true };
      const entries =
        'remoteActorId' in job.cursor
          ? await deps.remotePostsOf(job.cursor.remoteActorId, options.size)
          : (await deps.hydrator.feed.newestOfEach([job.cursor.followeeId], null, options.size)).map(entryOf);
      await repository.insertEntries(db, viewerId, entries);
      // The followee's older entries were not read: the timeline is whole only after the oldest of these.
      const oldest = entries.at(-1);
      if (oldest && entries.length >= options.size)
        await repository.raiseHorizon(db, viewerId, { createdAt: oldest.at, id: oldest.entryId });
      await repository.trim(db, viewerId, options.size);
      return { cursor: job.cursor, done: true };
    },
    async failed() {},
  };

  const rebuild: JobHandler<{ viewerId: string }> = {
    async step(job) {
      const { viewerId } = job.cursor;
      const entries = await newestFollowed(viewerId);
      await repository.insertEntries(db, viewerId, entries);
      // Having read a full timeline's worth, it does not cover what is older than its oldest entry.
      const oldest = entries.at(-1);
      await repository.rebuilt(
        db,
        viewerId,
        oldest && entries.length >= options.size ? { createdAt: oldest.at, id: oldest.entryId } : null,
      );
      await repository.trim(db, viewerId, options.size);
      await repository.markBuilt(db, viewerId, now());
      return { cursor: job.cursor, done: true };
    },
    // Their next read queues another: until then the pull-based skeleton answers.
    async failed(job, _error, trx) {
      await repository.markAway(trx, job.cursor.viewerId);
    },
  };

  /** Someone followed a person: the followee's newest entries enter their timeline, by a job. */
  async function followed(viewerId: string, followeeId: string): Promise<void> {
    await deps.jobs.enqueue<FollowCursor>({
      kind: TIMELINE_FOLLOW_JOB,
      owner: viewerId,
      cursor: { viewerId, followeeId },
      topic: 'home-timeline',
    });
  }

  /**
   * A rating became news (a first rating, a changed value): its fan-out, enqueued once it is committed, since a first
   * rating is one statement on PostgreSQL (decision 037). The job finds the rating's entry as it starts.
   */
  async function rated(userId: string, albumId: string): Promise<void> {
    await deps.jobs.enqueue<FanOutCursor>({
      kind: TIMELINE_FAN_OUT_JOB,
      owner: null,
      cursor: { entry: null, rated: { userId, albumId }, after: '' },
      topic: 'home-timeline',
    });
  }

  /** Resolves once no timeline job is left to run (tests and the fan-out bench wait on it instead of sleeping). */
  async function settled(jobs: Pick<Jobs, 'wake'>): Promise<void> {
    for (;;) {
      jobs.wake();
      const counts = await Promise.all(TIMELINE_JOB_KINDS.map((kind) => countUnfinished(db, kind, 'home-timeline')));
      if (counts.every((count) => count === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  return {
    ready,
    page,
    followed,
    rated,
    settled,
    jobs: { [TIMELINE_FAN_OUT_JOB]: fanOut, [TIMELINE_FOLLOW_JOB]: follow, [TIMELINE_REBUILD_JOB]: rebuild },
  };
}

class AlreadyRebuilding extends Error {}
