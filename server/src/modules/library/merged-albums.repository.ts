import { tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';
import type { DB } from '../../platform/db/index.ts';

/**
 * Likes, listen-later marks and ownership follow a merged album, one per person (decision 080); both albums' likes
 * counted again. An owned edition of the duplicate that is not one of the survivor's is forgotten (undo: remembered).
 */
export function libraryAlbumMerge(
  writeLikeCount: (db: DB, albumId: string, count: number) => Promise<void>,
  isEditionOf: (db: DB, albumId: string, releaseMbid: string) => Promise<boolean>,
): AlbumMergeParticipant {
  return tableParticipant(
    'library',
    [
      { table: 'album_like', album: 'album_id', key: ['user_id'], onePer: ['user_id'], newer: 'created_at' },
      { table: 'listen_later', album: 'album_id', key: ['user_id'], onePer: ['user_id'], newer: 'created_at' },
      // How a member holds it (decision 079): the newer says; the edition they own stays only if the survivor has it.
      {
        table: 'album_ownership',
        album: 'album_id',
        key: ['user_id'],
        onePer: ['user_id'],
        newer: 'updated_at',
        scoped: { column: 'release_mbid', holds: isEditionOf },
      },
    ],
    async (step) => {
      for (const albumId of [step.survivorId, step.retiredId]) {
        const row = await step.trx
          .selectFrom('album_like')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('album_id', '=', albumId)
          .executeTakeFirst();
        await writeLikeCount(step.trx, albumId, Number(row?.count ?? 0));
      }
    },
  );
}
