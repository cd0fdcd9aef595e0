import type { DB } from '../../platform/db/index.ts';
import { queueJob } from '../../platform/jobs/runner.ts';
import * as repository from './activity.repository.ts';
import type { TimelineEntry } from './timeline.repository.ts';

export type { ActivityMatch, ActivityRow } from './activity.repository.ts';
export type { TimelineEntry } from './timeline.repository.ts';
export type ActivityLog = ReturnType<typeof createActivityLog>;

/** The job that writes one entry into its actor's followers' home timelines (decision 087). */
export const TIMELINE_FAN_OUT_JOB = 'home-timeline-fan-out';

/** Someone followed a person (`remoteActorId`: of another site): the followee's newest entries enter their timeline. */
export const TIMELINE_FOLLOW_JOB = 'home-timeline-follow';
export type FollowCursor = { viewerId: string; followeeId: string } | { viewerId: string; remoteActorId: string };

/** Where a fan-out is: the entry, and the last follower whose timeline has it (followers go in id order). */
export interface FanOutCursor {
  entry: TimelineEntry | null;
  /** A rating that became news: its entry is found when the job starts (the rating is written in one statement). */
  rated?: { userId: string; albumId: string };
  after: string;
}

/**
 * The feed's side that other modules write through (decision 065): each module records what a person did, and removes
 * it when it is undone, by passing its own transaction, so the feed's rows and the action commit together. The feed
 * alone reads the rows. Made before the modules that record, which are made before the feed's service.
 *
 * Each row recorded queues its fan-out into followers' home timelines in the same transaction (decision 087);
 * `fanOut` does that for entries that live elsewhere (a post another site sent), and `remoteFollowed` brings a
 * person of another site's posts in when a member's follow of them is accepted.
 */
export function createActivityLog(deps: { clock: () => Date }) {
  const fanOut = (db: DB, entry: TimelineEntry) =>
    queueJob<FanOutCursor>(db, deps.clock().toISOString(), {
      kind: TIMELINE_FAN_OUT_JOB,
      owner: null,
      cursor: { entry, after: '' },
      topic: 'home-timeline',
    });
  return {
    /** A member's follow of a person of another site was accepted: their stored posts enter the member's timeline. */
    remoteFollowed: (db: DB, viewerId: string, remoteActorId: string) =>
      queueJob<FollowCursor>(db, deps.clock().toISOString(), {
        kind: TIMELINE_FOLLOW_JOB,
        owner: viewerId,
        cursor: { viewerId, remoteActorId },
        topic: 'home-timeline',
      }),
    async record(db: DB, row: repository.ActivityRow): Promise<void> {
      const id = await repository.insertActivity(db, row);
      await fanOut(db, { source: 'activity', entryId: id, actorId: row.actorId, at: row.at });
    },
    remove: repository.deleteActivity,
    fanOut,
  };
}
