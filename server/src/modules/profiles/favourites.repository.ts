import type { DB } from '../../platform/db/index.ts';

/** A member's favourite albums' ids, in their order (decision 082). */
export async function favouriteAlbumIds(db: DB, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('favourite_album').select('album_id').where('user_id', '=', userId).orderBy('position').execute();
  return rows.map((row) => row.album_id);
}

/** The member's whole choice, in order, in place of the one before: one transaction, so a reorder never shows half done. */
export async function replaceFavouriteAlbums(db: DB, userId: string, albumIds: readonly string[], now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const kept = new Map(
      (await trx.selectFrom('favourite_album').select(['album_id', 'created_at']).where('user_id', '=', userId).execute()).map(
        (row) => [row.album_id, row.created_at] as const,
      ),
    );
    await trx.deleteFrom('favourite_album').where('user_id', '=', userId).execute();
    if (albumIds.length === 0) return;
    await trx
      .insertInto('favourite_album')
      .values(
        albumIds.map((albumId, index) => ({
          user_id: userId,
          position: index + 1,
          album_id: albumId,
          created_at: kept.get(albumId) ?? now,
        })),
      )
      .execute();
  });
}

/** A member's favourites with when each was chosen, in order: Download my data. */
export async function exportedFavouriteAlbums(db: DB, userId: string) {
  return db
    .selectFrom('favourite_album')
    .select(['position', 'album_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
}
