import type { DB } from '../../platform/db/index.ts';
import * as repository from './album-counters.repository.ts';
import * as tracks from './tracks.repository.ts';

export type { AlbumTotals, AlbumTotalsRow, RatingChange } from './album-counters.repository.ts';
export type { TrackRatingChange } from './tracks.repository.ts';

/**
 * An album's counters, written for the modules whose rows they count (decision 065): each write takes the caller's
 * transaction (`executor`), so a counter moves in the same transaction as the rating, review or like it counts.
 */
export function createCatalogCounters(db: DB) {
  return {
    /** Moves the rating totals from one rating of a person to another; the totals after. */
    moveRatingTotals: repository.moveRatingTotals,
    /** The same for a first rating, as a clause of the statement that inserts it (decision 037). */
    firstRatingTotalsQuery: repository.firstRatingTotalsQuery,
    /** Turns the row the clause returns into totals. */
    totalsOf: repository.totalsOf,
    shiftAlbumCounters: repository.shiftAlbumCounters,
    /** Moves a track's rating count and sum (decision 078), in the caller's transaction; the totals after. */
    moveTrackRatingTotals: tracks.moveTrackRatingTotals,
    /** The album's track with this id, or undefined: a rating of a track names its album too. */
    albumTrack: (albumId: string, trackId: string) => tracks.albumTrack(db, albumId, trackId),
    /** An album's tracks in order: an import's track ratings find theirs by disc and position, else by title. */
    albumTracks: (albumId: string, executor: DB = db) => tracks.albumTracks(executor, albumId),
    /** Writes tracks' rating count and sum as counted again (an album merge moved ratings between tracks). */
    writeTrackRatingTotals: tracks.writeTrackRatingTotals,
    /** Tracks by id (a profile's top tracks, Download my data). */
    tracksByIds: (ids: readonly string[]) => tracks.tracksByIds(db, ids),
    ratingTotals: (albumId: string) => repository.ratingTotals(db, albumId),
    likeCount: (albumId: string) => repository.likeCount(db, albumId),
  };
}
