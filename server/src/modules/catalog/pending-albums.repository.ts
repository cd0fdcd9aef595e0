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

/** Pending albums the member with this username added. */
export async function pendingAlbumIdsAddedBy(db: DB, username: string): Promise<string[]> {
  const rows = await db
    .selectFrom('album')
    .innerJoin('user', 'user.id', 'album.created_by')
    .select('album.id')
    .where('user.username', '=', username)
    .where('album.status', '=', 'pending')
    .execute();
  return rows.map((row) => row.id);
}

/** Members with albums waiting for confirmation, and how many, most first. */
export async function pendingAlbumCounts(db: DB) {
  const rows = await db
    .selectFrom('album')
    .leftJoin('user', 'user.id', 'album.created_by')
    .select((eb) => ['user.username', eb.fn.countAll<number>().as('n')])
    .where('album.status', '=', 'pending')
    .groupBy('user.username')
    .orderBy('n', 'desc')
    .execute();
  return rows.map((row) => ({ username: row.username, count: Number(row.n) }));
}
