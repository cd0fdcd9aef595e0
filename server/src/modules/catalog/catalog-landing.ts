import type { CatalogContext } from './catalog-context.ts';
import type { CatalogReading } from './catalog-reading.ts';
import * as repository from './landing.repository.ts';

/**
 * What the landing page shows of the catalog (the site module's): its count of albums, the albums to feature, and which
 * albums' reviews it may quote.
 */
export function createCatalogLanding(context: CatalogContext, reading: Pick<CatalogReading, 'ratingPrior'>) {
  const { db, deps } = context;
  return {
    confirmedAlbumCount: () => repository.countConfirmedAlbums(db),
    /**
     * The best-rated albums with enough ratings (the charts' rule), by rating weighted towards the mean of every
     * confirmed album's ratings.
     */
    async bestRatedAlbumIds(limit: number): Promise<string[]> {
      const { mean } = await reading.ratingPrior();
      return repository.bestRatedAlbumIds(db, limit, deps.charts.minRatings, { weight: deps.charts.priorWeight, mean });
    },
    /** Albums a quiet site may pick from: those with MusicBrainz ids (real artwork) first. */
    albumPickCandidates: (limit: number) => repository.catalogPickCandidates(db, limit),
    /** A condition of another module's statement: the album in the column is confirmed (reviews' testimonials). */
    whereAlbumConfirmed: repository.albumConfirmed,
  };
}
