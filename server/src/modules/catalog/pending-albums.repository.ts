import type { DB } from '../../platform/db/index.ts';

/** Albums that members' imports added: how many, for the daily limit, and those waiting for confirmation, for the operator. */

/** How many albums this member's imports added since the given instant (confirmed since or not). */
export async function countAlbumsAddedBy(db: DB, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('album')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_by', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pending albums this member added. */
export async function pendingAlbumIdsAddedBy(db: DB, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('album').select('id').where('created_by', '=', userId).where('status', '=', 'pending').execute();
  return rows.map((row) => row.id);
}

/** Who added the albums waiting for confirmation (null: a deleted account, or the catalog itself), and how many, most first. */
export async function pendingAlbumCounts(db: DB) {
  const rows = await db
    .selectFrom('album')
    .select((eb) => ['created_by', eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'pending')
    .groupBy('created_by')
    .orderBy('n', 'desc')
    .execute();
  return rows.map((row) => ({ userId: row.created_by, count: Number(row.n) }));
}

/** Imported albums waiting for a moderator, oldest first (rejected ones are left out). */
export async function pendingAlbums(db: DB, limit: number, offset: number) {
  const base = db.selectFrom('album').where('album.status', '=', 'pending').where('album.rejected_at', 'is', null);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await base
    .select(['album.id', 'album.title', 'album.artist_credit', 'album.slug', 'album.created_at', 'album.created_by'])
    .orderBy('album.created_at')
    .orderBy('album.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}

/** Keeps pending albums out of the catalog for good; returns those it marked. */
export async function rejectAlbums(db: DB, ids: readonly string[], now: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('album')
    .set({ rejected_at: now, updated_at: now })
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
