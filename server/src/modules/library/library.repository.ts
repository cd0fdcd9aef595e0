import type { DB } from '../../platform/db/index.ts';

export type Mark = 'album_like' | 'listen_later';

/** Adds a mark; true when it was not there before (so counters move once). */
export async function addMark(db: DB, table: Mark, userId: string, albumId: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto(table)
    .values({ user_id: userId, album_id: albumId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'album_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeMark(db: DB, table: Mark, userId: string, albumId: string): Promise<boolean> {
  const result = await db.deleteFrom(table).where('user_id', '=', userId).where('album_id', '=', albumId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasMark(db: DB, table: Mark, userId: string, albumId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom(table).select('album_id').where('user_id', '=', userId).where('album_id', '=', albumId).executeTakeFirst(),
  );
}

export async function markedAlbumIds(db: DB, table: Mark, userId: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom(table)
      .select('album_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('album_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.album_id), total: Number(count.n) };
}

export async function markedAlbumIdsAll(db: DB, table: Mark, userId: string): Promise<string[]> {
  const rows = await db.selectFrom(table).select('album_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.album_id);
}

export async function removeAllMarks(db: DB, table: Mark, userId: string): Promise<void> {
  await db.deleteFrom(table).where('user_id', '=', userId).execute();
}
