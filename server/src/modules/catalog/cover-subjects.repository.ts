import type { DB } from '../../platform/db/index.ts';

/** What a cover is looked up and drawn by, and whether the archive had one: for the covers module. */

export async function findAlbumForCover(db: DB, albumId: string) {
  return db
    .selectFrom('album')
    .select(['id', 'title', 'artist_credit', 'mbid', 'cover_status', 'cover_checked_at'])
    .where('id', '=', albumId)
    .executeTakeFirst();
}

export async function findArtistName(db: DB, artistId: string) {
  return db.selectFrom('artist').select(['id', 'name']).where('id', '=', artistId).executeTakeFirst();
}

export async function recordCoverStatus(db: DB, albumId: string, status: 'cached' | 'missing', checkedAt: string) {
  await db.updateTable('album').set({ cover_status: status, cover_checked_at: checkedAt }).where('id', '=', albumId).execute();
}
