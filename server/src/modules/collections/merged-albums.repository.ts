import { tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';

/**
 * List entries follow a merged album (decision 080): a list holding both keeps the newer entry, and its album count
 * drops by one (back up on undo).
 */
export function collectionsAlbumMerge(): AlbumMergeParticipant {
  return tableParticipant(
    'collections',
    [{ table: 'collection_album', album: 'album_id', key: ['collection_id'], onePer: ['collection_id'], newer: 'added_at' }],
    async (step, [entries], direction) => {
      for (const { row } of entries!.removed) {
        await step.trx
          .updateTable('collection')
          .set((eb) => ({ album_count: eb('album_count', '+', direction === 'merge' ? -1 : 1) }))
          .where('id', '=', String(row.collection_id))
          .execute();
      }
    },
  );
}
