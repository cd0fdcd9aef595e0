import type { DB } from '../../platform/db/index.ts';
import * as repository from './cover-subjects.repository.ts';

/**
 * What the covers module reads and marks: an album's title, credit and MusicBrainz id, whether the Cover Art Archive
 * had its cover and when it was asked; an artist's name for the picture drawn for them.
 */
export function createCatalogCovers(db: DB) {
  return {
    albumForCover: (albumId: string) => repository.findAlbumForCover(db, albumId),
    artistForImage: (artistId: string) => repository.findArtistName(db, artistId),
    recordCoverStatus: (albumId: string, status: 'cached' | 'missing', checkedAt: string) =>
      repository.recordCoverStatus(db, albumId, status, checkedAt),
  };
}
