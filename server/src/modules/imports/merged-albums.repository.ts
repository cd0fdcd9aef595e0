import { tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';

/** What imports remember of a row's album (a re-import finds it again) names the survivor (decision 080). */
export const importsAlbumMerge = (): AlbumMergeParticipant =>
  tableParticipant('imports', [{ table: 'import_item', album: 'album_id', key: ['user_id', 'source', 'external_id'] }]);
