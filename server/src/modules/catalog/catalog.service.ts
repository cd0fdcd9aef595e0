import { createCatalogCharts } from './catalog-charts.ts';
import { createCatalogConfirming } from './catalog-confirming.ts';
import { createCatalogContext, type CatalogServiceDeps } from './catalog-context.ts';
import { createCatalogReading } from './catalog-reading.ts';
import { createCatalogWriting } from './catalog-writing.ts';

export type { CatalogServiceDeps, RatingLookup, ReviewLookup } from './catalog-context.ts';
export type { CatalogEntry } from './catalog-writer.ts';
export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * The catalog as other modules see it, made of its parts by job: reading (pages, cards, lists, genres), charts
 * (Discover, /trending, first albums), writing (imports' entries, albums added by hand, members' finds) and
 * confirming (the moderators' queue), over one shared context of caches and their invalidation.
 */
export function createCatalogService(deps: CatalogServiceDeps) {
  const context = createCatalogContext(deps);
  const reading = createCatalogReading(context);
  // What the parts use among themselves stays inside the catalog.
  const { ratingPrior: _prior, viewerRatingsFor: _ratings, genreFilter: _genre, albumCards: _cards, ...shown } = reading;
  return {
    ...shown,
    ...createCatalogCharts(context, reading),
    ...createCatalogWriting(context, reading),
    ...createCatalogConfirming(context),
    invalidateAlbum: context.invalidateAlbum,
    invalidateAll: context.invalidateAll,
    onChange: context.onChange,
  };
}
