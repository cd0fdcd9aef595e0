import type { Selectable } from 'kysely';
import type { AlbumOwnershipTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

export type OwnershipRow = Selectable<AlbumOwnershipTable>;

export async function ownershipOf(db: DB, userId: string, albumId: string): Promise<OwnershipRow | undefined> {
  return db.selectFrom('album_ownership').selectAll().where('user_id', '=', userId).where('album_id', '=', albumId).executeTakeFirst();
}

/** Says how a member holds an album; `created_at` stays that of the first time they said so. */
export async function setOwnership(
  db: DB,
  row: Pick<OwnershipRow, 'user_id' | 'album_id' | 'status' | 'media_type' | 'release_mbid' | 'updated_at'>,
): Promise<void> {
  await db
    .insertInto('album_ownership')
    .values({ ...row, created_at: row.updated_at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'album_id']).doUpdateSet({
        status: row.status,
        media_type: row.media_type,
        release_mbid: row.release_mbid,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function removeOwnership(db: DB, userId: string, albumId: string): Promise<void> {
  await db.deleteFrom('album_ownership').where('user_id', '=', userId).where('album_id', '=', albumId).execute();
}

/** A member's albums of one status, most recently changed first, a page at a time. */
export async function ownedPage(db: DB, userId: string, status: OwnershipRow['status'], limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('album_ownership')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .orderBy('updated_at', 'desc')
      .orderBy('album_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('album_ownership')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
