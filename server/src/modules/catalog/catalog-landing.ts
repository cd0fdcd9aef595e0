import type { CatalogContext } from './catalog-context.ts';
import * as repository from './landing.repository.ts';

/**
 * What the landing page shows of the catalog (the site module's): its count of albums, the albums to feature, and which
 * albums' reviews it may quote.
 */
export function createCatalogLanding(context: CatalogContext) {
  const { db, deps } = context;
  return {
    confirmedAlbumCount: () => repository.countConfirmedAlbums(db),
    /**
     * The best-rated albums with enough ratings (the charts' rule), by rating weighted towards the mean of every
     * confirmed album's ratings.
     */
    async bestRatedAlbumIds(limit: number): Promise<string[]> {
      const totals = await repository.ratingTotals(db);
      const prior = { weight: deps.charts.priorWeight, mean: totals.count > 0 ? totals.sum / totals.count : 7 };
      return repository.bestRatedAlbumIds(db, limit, deps.charts.minRatings, prior);
    },
    /** Albums a quiet site may pick from: those with MusicBrainz ids (real artwork) first. */
    albumPickCandidates: (limit: number) => repository.catalogPickCandidates(db, limit),
    /** A condition of another module's statement: the album in the column is confirmed (reviews' testimonials). */
    whereAlbumConfirmed: repository.albumConfirmed,
  };
}
