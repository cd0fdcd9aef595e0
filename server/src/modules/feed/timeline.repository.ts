import { sql } from 'kysely';
import type { TimelineSource } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

/** One entry as the fan-out writes it into timelines: which row, whose, and its moment (the feed's order). */
export interface TimelineEntry {
  source: TimelineSource;
  entryId: string;
  actorId: string;
  at: string;
}

export interface TimelineReader {
  viewer_id: string;
  active_at: string;
  built_at: string | null;
  entries: number;
  horizon_at: string | null;
  horizon_id: string | null;
}

/** A place in a timeline: entries strictly older than it come after it. */
export interface TimelinePosition {
  createdAt: string;
  id: string;
}

export async function findReader(db: DB, viewerId: string): Promise<TimelineReader | undefined> {
  return db.selectFrom('home_timeline_reader').selectAll().where('viewer_id', '=', viewerId).executeTakeFirst();
}

/**
 * The member came back after `activeSince` (or never had a timeline): marks them active and their timeline as being
 * rebuilt. True when this call made that change, so one rebuild is enqueued for it however many pages are read.
 */
export async function markReturning(db: DB, viewerId: string, now: string, activeSince: string): Promise<boolean> {
  const inserted = await db
    .insertInto('home_timeline_reader')
    .values({ viewer_id: viewerId, active_at: now, built_at: null, entries: 0, horizon_at: null, horizon_id: null })
    .onConflict((oc) => oc.column('viewer_id').doNothing())
    .returning('viewer_id')
    .executeTakeFirst();
  if (inserted) return true;
  const updated = await db
    .updateTable('home_timeline_reader')
    .set({ active_at: now, built_at: null })
    .where('viewer_id', '=', viewerId)
    .where('active_at', '<', activeSince)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Keeps a reader counted as active: written at most once a day per member (`staleBefore`). */
export async function touchReader(db: DB, viewerId: string, now: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('home_timeline_reader')
    .set({ active_at: now })
    .where('viewer_id', '=', viewerId)
    .where('active_at', '<', staleBefore)
    .execute();
}

/**
 * Writes one entry into the timelines of those of `viewerIds` who read their feed since `activeSince` (the others are
 * rebuilt when they return), counting each timeline it grew. Safe to repeat: an entry already there is left alone.
 * Answers the viewers whose timelines passed `trimAbove` entries.
 */
export async function fanOut(db: DB, entry: TimelineEntry, viewerIds: readonly string[], activeSince: string, trimAbove: number) {
  if (!viewerIds.length) return [];
  const written = await sql<{ viewer_id: string }>`
    insert into home_timeline (viewer_id, created_at, entry_id, source, actor_id)
    select viewer_id, ${entry.at}, ${entry.entryId}, ${entry.source}, ${entry.actorId} from home_timeline_reader
    where viewer_id in (${sql.join([...viewerIds])}) and active_at >= ${activeSince}
    on conflict do nothing returning viewer_id`.execute(db);
  const grown = written.rows.map((row) => row.viewer_id);
  if (!grown.length) return [];
  const full = await db
    .updateTable('home_timeline_reader')
    .set((eb) => ({ entries: eb('entries', '+', 1) }))
    .where('viewer_id', 'in', grown)
    .returning(['viewer_id', 'entries'])
    .execute();
  return full.filter((row) => Number(row.entries) > trimAbove).map((row) => row.viewer_id);
}

/** Writes many entries into one member's timeline (a follow's backfill, a rebuild); those already there stay. */
export async function insertEntries(db: DB, viewerId: string, entries: readonly TimelineEntry[]): Promise<void> {
  // Kept well under SQLite's limit on bound values per statement.
  for (let start = 0; start < entries.length; start += 200) {
    await db
      .insertInto('home_timeline')
      .values(
        entries.slice(start, start + 200).map((entry) => ({
          viewer_id: viewerId,
          created_at: entry.at,
          entry_id: entry.entryId,
          source: entry.source,
          actor_id: entry.actorId,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * Keeps a member's newest `size` entries, deleting the rest oldest first, and stores the count. Reads the boundary
 * once and deletes below it on the timeline's key; counts only a timeline shorter than `size`.
 */
export async function trim(db: DB, viewerId: string, size: number): Promise<void> {
  const boundary = await db
    .selectFrom('home_timeline')
    .select(['created_at', 'entry_id'])
    .where('viewer_id', '=', viewerId)
    .orderBy('created_at', 'desc')
    .orderBy('entry_id', 'desc')
    .limit(1)
    .offset(size - 1)
    .executeTakeFirst();
  if (boundary) {
    const deleted = await db
      .deleteFrom('home_timeline')
      .where('viewer_id', '=', viewerId)
      .where((eb) => eb(eb.refTuple('created_at', 'entry_id'), '<', eb.tuple(boundary.created_at, boundary.entry_id)))
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return;
    // Exactly `size` are left, and the timeline holds everything after its oldest at most.
    const newer = sql<boolean>`horizon_at is null or (horizon_at, horizon_id) < (${boundary.created_at}, ${boundary.entry_id})`;
    await db
      .updateTable('home_timeline_reader')
      .set({
        entries: size,
        horizon_at: sql`case when ${newer} then ${boundary.created_at} else horizon_at end`,
        horizon_id: sql`case when ${newer} then ${boundary.entry_id} else horizon_id end`,
      })
      .where('viewer_id', '=', viewerId)
      .execute();
    return;
  }
  const counted = await db
    .selectFrom('home_timeline')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('viewer_id', '=', viewerId)
    .executeTakeFirst();
  await db
    .updateTable('home_timeline_reader')
    .set({ entries: Number(counted?.count ?? 0) })
    .where('viewer_id', '=', viewerId)
    .execute();
}

/**
 * A rebuild wrote the newest entries of the people followed: nothing older than `horizon` is kept (it did not read
 * that far), and the timeline holds everything after it; null when it read back to the first entry.
 */
export async function rebuilt(db: DB, viewerId: string, horizon: TimelinePosition | null): Promise<void> {
  if (horizon) {
    await db
      .deleteFrom('home_timeline')
      .where('viewer_id', '=', viewerId)
      .where((eb) => eb(eb.refTuple('created_at', 'entry_id'), '<', eb.tuple(horizon.createdAt, horizon.id)))
      .execute();
  }
  await db
    .updateTable('home_timeline_reader')
    .set({ horizon_at: horizon?.createdAt ?? null, horizon_id: horizon?.id ?? null })
    .where('viewer_id', '=', viewerId)
    .execute();
}

/** The timeline holds everything after `position` at most: what was written for older entries may have gaps. */
export async function raiseHorizon(db: DB, viewerId: string, position: TimelinePosition): Promise<void> {
  await db
    .updateTable('home_timeline_reader')
    .set({ horizon_at: position.createdAt, horizon_id: position.id })
    .where('viewer_id', '=', viewerId)
    .where((eb) =>
      eb.or([eb('horizon_at', 'is', null), eb(eb.refTuple('horizon_at', 'horizon_id'), '<', eb.tuple(position.createdAt, position.id))]),
    )
    .execute();
}

/** Counts a member as away, so their next read queues a rebuild (the last one failed). */
export async function markAway(db: DB, viewerId: string): Promise<void> {
  await db.updateTable('home_timeline_reader').set({ active_at: '' }).where('viewer_id', '=', viewerId).execute();
}

/** The rebuild is done: the timeline is whole again. */
export async function markBuilt(db: DB, viewerId: string, now: string): Promise<void> {
  await db.updateTable('home_timeline_reader').set({ built_at: now }).where('viewer_id', '=', viewerId).execute();
}
