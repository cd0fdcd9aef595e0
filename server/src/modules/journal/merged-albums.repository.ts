import { tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';

/** Journal entries follow a merged album, every one of them: a diary keeps each listen (decision 080). */
export const journalAlbumMerge = (): AlbumMergeParticipant =>
  tableParticipant('journal', [{ table: 'journal_entry', album: 'album_id', key: ['id'] }]);
