import type { AlbumCorrectionTable, AlbumMergeTable, DuplicatePairTable } from '../../db/schema.ts';
import type { AlbumRows } from '../../platform/db/album-merge.ts';
import type { DB } from '../../platform/db/index.ts';

/** Merges, the duplicates queue and members' corrections (decision 080). */

export async function insertMerge(db: DB, row: AlbumMergeTable): Promise<void> {
  await db.insertInto('album_merge').values(row).execute();
}

export async function merge(db: DB, id: string) {
  return db.selectFrom('album_merge').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A merge of this album into another that is not undone (an album is merged away once). */
export async function liveMergeOf(db: DB, retiredId: string) {
  return db.selectFrom('album_merge').select('id').where('retired_id', '=', retiredId).where('undone_at', 'is', null).executeTakeFirst();
}

export async function markUndone(db: DB, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('album_merge')
    .set({ undone_at: now, saved: null })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function merges(db: DB, limit: number, offset: number) {
  const [{ total } = { total: 0 }] = await db
    .selectFrom('album_merge')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  const rows = await db
    .selectFrom('album_merge')
    .select(['id', 'survivor_id', 'retired_id', 'merged_by_name', 'created_at', 'undo_until', 'undone_at', 'saved'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}

/** What merges keep for an undo, dropped once the 30 days are over: they can no longer be undone. */
export async function forgetExpiredMerges(db: DB, now: string): Promise<number> {
  const result = await db
    .updateTable('album_merge')
    .set({ saved: null })
    .where('undo_until', '<', now)
    .where('saved', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Pairs found (each once: a pair already known, dismissed or merged, stays as it is). */
export async function insertPairs(db: DB, pairs: readonly DuplicatePairTable[]): Promise<void> {
  for (let at = 0; at < pairs.length; at += 200) {
    await db
      .insertInto('duplicate_pair')
      .values(pairs.slice(at, at + 200))
      .onConflict((oc) => oc.columns(['album_a', 'album_b']).doNothing())
      .execute();
  }
}

export async function openPairs(db: DB, limit: number, offset: number) {
  const open = db.selectFrom('duplicate_pair').where('dismissed_at', 'is', null).where('merged_at', 'is', null);
  const [{ total } = { total: 0 }] = await open.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await open.selectAll().orderBy('found_at').orderBy('album_a').orderBy('album_b').limit(limit).offset(offset).execute();
  return { rows, total: Number(total) };
}

export async function pair(db: DB, albumA: string, albumB: string) {
  return db.selectFrom('duplicate_pair').selectAll().where('album_a', '=', albumA).where('album_b', '=', albumB).executeTakeFirst();
}

export async function dismissPair(db: DB, albumA: string, albumB: string, by: string, now: string): Promise<void> {
  await db
    .insertInto('duplicate_pair')
    .values({ album_a: albumA, album_b: albumB, reason: 'names', found_at: now, dismissed_at: now, dismissed_by: by, merged_at: null })
    .onConflict((oc) => oc.columns(['album_a', 'album_b']).doUpdateSet({ dismissed_at: now, dismissed_by: by }))
    .execute();
}

/** Pairs with a merged album leave the queue (and come back when the merge is undone). */
export async function setPairsMerged(db: DB, albumId: string, at: string | null): Promise<void> {
  await db
    .updateTable('duplicate_pair')
    .set({ merged_at: at })
    .where((eb) => eb.or([eb('album_a', '=', albumId), eb('album_b', '=', albumId)]))
    .execute();
}

export async function insertCorrection(db: DB, row: AlbumCorrectionTable): Promise<void> {
  await db.insertInto('album_correction').values(row).execute();
}

export async function correction(db: DB, id: string) {
  return db.selectFrom('album_correction').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function openCorrections(db: DB, limit: number, offset: number) {
  const open = db.selectFrom('album_correction').where('status', '=', 'open');
  const [{ total } = { total: 0 }] = await open.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await open.selectAll().orderBy('created_at').orderBy('id').limit(limit).offset(offset).execute();
  return { rows, total: Number(total) };
}

export async function decideCorrection(
  db: DB,
  id: string,
  decision: { status: 'accepted' | 'rejected'; by: string; reason: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('album_correction')
    .set({ status: decision.status, decided_by: decision.by, decision_reason: decision.reason, decided_at: decision.at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Members' corrections follow a merged album (decision 080). */
export const CORRECTIONS_MERGED_ROWS: AlbumRows = { table: 'album_correction', album: 'album_id', key: ['id'] };
