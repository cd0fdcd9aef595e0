import type { Landing, Testimonial } from '@hearsay/contracts/site';
import { createHash } from 'node:crypto';
import type { DB } from '../../platform/db/index.ts';
import { slugify } from '../../platform/text.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCards } from '../../hydration/albums.presenter.ts';
import * as repository from './site.repository.ts';

/** The landing page's genre chips, in the order the product shows them. */
export const LANDING_GENRES = [
  'Rock',
  'Hip Hop',
  'Electronic',
  'Jazz',
  'Classical',
  'R&B',
  'Country',
  'Metal',
  'Pop',
  'Indie',
  'Folk',
  'Soul',
];
const FEATURED_COUNT = 4;

export interface SiteServiceDeps {
  db: DB;
  catalog: CatalogService;
  /** The featured albums' cards. */
  hydrator: Pick<Hydrator, 'albums'>;
  clock: () => Date;
  /** Recent well-rated reviews to quote on the landing page; provided by the reviews module. */
  testimonials?: (limit: number) => Promise<Testimonial[]>;
}

export type SiteService = ReturnType<typeof createSiteService>;

export function createSiteService(deps: SiteServiceDeps) {
  const { db } = deps;

  async function stats() {
    const [members, ratings, albums] = await Promise.all([
      repository.countRows(db, 'user'),
      repository.countRows(db, 'rating'),
      deps.catalog.confirmedAlbumCount(),
    ]);
    return { members, ratings, albums };
  }

  /**
   * Four featured albums: the best rated with enough ratings; on a quiet site, catalog picks that
   * change every week (the same for everyone during the week).
   */
  async function featuredAlbumIds(): Promise<string[]> {
    const best = await deps.catalog.bestRatedAlbumIds(FEATURED_COUNT);
    if (best.length >= FEATURED_COUNT) return best;
    const week = Math.floor(deps.clock().getTime() / (7 * 24 * 3600 * 1000));
    const candidates = await deps.catalog.albumPickCandidates(400);
    const withArtwork = candidates.filter((album) => album.mbid);
    const pool = withArtwork.length >= FEATURED_COUNT * 2 ? withArtwork : candidates;
    const rank = (id: string) => createHash('sha1').update(`${week}:${id}`).digest('hex');
    const picks = pool
      .map((album) => album.id)
      .filter((id) => !best.includes(id))
      .sort((a, b) => rank(a).localeCompare(rank(b)));
    return [...best, ...picks].slice(0, FEATURED_COUNT);
  }

  async function landing(viewerId?: string): Promise<Landing> {
    const [siteStats, featuredIds, genres, testimonials] = await Promise.all([
      stats(),
      featuredAlbumIds(),
      deps.catalog.genreCounts(LANDING_GENRES.map((name) => slugify(name))),
      deps.testimonials ? deps.testimonials(3) : Promise.resolve([]),
    ]);
    return {
      stats: siteStats,
      featuredAlbums: presentAlbumCards(featuredIds, await deps.hydrator.albums(featuredIds, viewerId)),
      genres,
      testimonials,
    };
  }

  return { stats, landing };
}
