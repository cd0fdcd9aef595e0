import { createCatalogCharts } from './catalog-charts.ts';
import { createChartCounting } from './chart-counting.ts';
import { createCatalogConfirming } from './catalog-confirming.ts';
import { createCatalogContext, type CatalogServiceDeps } from './catalog-context.ts';
import { createCatalogCounters } from './catalog-counters.ts';
import { createCatalogCovers } from './catalog-covers.ts';
import { createCatalogCuration } from './catalog-curation.ts';
import { createCatalogLanding } from './catalog-landing.ts';
import { createCatalogMatching } from './catalog-matching.ts';
import { createCatalogReading } from './catalog-reading.ts';
import { createCatalogSuggestions } from './catalog-suggestions.ts';
import { createCatalogWriting } from './catalog-writing.ts';

export type { CatalogServiceDeps, RatingLookup, ReviewLookup } from './catalog-context.ts';
export type { CatalogEntry } from './catalog-writer.ts';
export type { AlbumCorrection } from './catalog-curation.ts';
export type { AlbumTotals, AlbumTotalsRow, RatingChange } from './catalog-counters.ts';
export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * The catalog as other modules see it, made of its parts by job: reading (pages, cards, lists, genres), charts
 * (Discover, /trending, first albums), writing (imports' entries, albums added by hand, members' finds), confirming
 * (the moderators' queue), counters (moved by the modules whose ratings, reviews and likes they count, in their own
 * transactions), suggestions (a new member's genres and artists), what covers are drawn by, the landing page's albums
 * and matching (where an import finds its albums), over one shared context of caches and their invalidation.
 */
export function createCatalogService(deps: CatalogServiceDeps) {
  const context = createCatalogContext(deps);
  const reading = createCatalogReading(context);
  // What the parts use among themselves stays inside the catalog.
  const { ratingPrior: _prior, viewerRatingsFor: _ratings, albumCards: _cards, ...shown } = reading;
  return {
    ...shown,
    ...createCatalogCharts(context, reading),
    ...createCatalogWriting(context, reading),
    ...createCatalogConfirming(context),
    ...createCatalogCounters(context.db),
    ...createCatalogSuggestions(context.db),
    ...createCatalogCovers(context.db),
    ...createCatalogLanding(context, reading),
    ...createCatalogMatching(context.db),
    ...createCatalogCuration(context),
    /**
     * The chart job (decision 081): everyone's charts counted with trust weights, on a timer, as a job; a finished pass
     * is a change of the catalog (every process forgets its charts and the answers made of them).
     */
    chartCounting: createChartCounting(deps, () => context.invalidateAll()),
    invalidateAlbum: context.invalidateAlbum,
    invalidateAll: context.invalidateAll,
    onChange: context.onChange,
  };
}
