import { tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';

/** Listens matched to a merged album are matched to the survivor (decision 080). */
export const listensAlbumMerge = (): AlbumMergeParticipant =>
  tableParticipant('listens', [{ table: 'listen', album: 'album_id', key: ['id'] }]);
