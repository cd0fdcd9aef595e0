import { tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';

/** The feed's rows about a merged album name the survivor (decision 080). */
export const feedAlbumMerge = (): AlbumMergeParticipant =>
  tableParticipant('feed', [{ table: 'activity', album: 'album_id', key: ['id'] }]);
