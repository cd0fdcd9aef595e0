import { tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';

/** Reports of a merged album are reports of the survivor (decision 080). */
export const moderationAlbumMerge = (): AlbumMergeParticipant =>
  tableParticipant('moderation', [{ table: 'report', album: 'subject_id', key: ['id'], only: { column: 'subject_type', value: 'album' } }]);
