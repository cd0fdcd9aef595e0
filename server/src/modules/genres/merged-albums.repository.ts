import { tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';
import { recountAlbumStyle } from './album-style.ts';

/**
 * Genre and descriptor votes follow a merged album (decision 080), one per person and genre or descriptor: the newer
 * stays. Both albums' voted genres and descriptors are decided again from their votes (decision 077); the catalog's
 * starting genres stay with their album. An undo moves the votes back and decides again.
 */
export function genresAlbumMerge(): AlbumMergeParticipant {
  return tableParticipant(
    'genres',
    [
      {
        table: 'album_genre_vote',
        album: 'album_id',
        key: ['user_id', 'genre_id'],
        onePer: ['user_id', 'genre_id'],
        newer: 'updated_at',
      },
      {
        table: 'album_descriptor_vote',
        album: 'album_id',
        key: ['user_id', 'descriptor_id'],
        onePer: ['user_id', 'descriptor_id'],
        newer: 'updated_at',
      },
    ],
    async (step) => {
      for (const albumId of [step.survivorId, step.retiredId]) await recountAlbumStyle(step.trx, albumId, new Date(step.now));
    },
  );
}
