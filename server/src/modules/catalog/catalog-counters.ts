import type { DB } from '../../platform/db/index.ts';
import * as repository from './album-counters.repository.ts';

export type { AlbumTotals, AlbumTotalsRow, RatingChange } from './album-counters.repository.ts';

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
    ratingTotals: (albumId: string) => repository.ratingTotals(db, albumId),
    likeCount: (albumId: string) => repository.likeCount(db, albumId),
  };
}
