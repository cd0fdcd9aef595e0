import { tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';

/** Ratings and reviews from other sites matched to a merged album are matched to the survivor (decision 080). */
export const federationAlbumMerge = (): AlbumMergeParticipant =>
  tableParticipant('federation', [{ table: 'remote_post', album: 'album_id', key: ['id'] }]);
