import type { AlbumRating, MyRatingsPage, MyRatingsQuery } from '@hearsay/contracts/ratings';
import type { DB } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { CatalogService, RatingLookup } from '../catalog/catalog.service.ts';
import { roundRating } from '../catalog/catalog.presenter.ts';
import * as repository from './ratings.repository.ts';

const HALF_STEPS = Array.from({ length: 19 }, (_, index) => 1 + index / 2);

export interface RatingsServiceDeps {
  db: DB;
  clock: () => Date;
  /** Set after construction: the catalog needs the lookup and the ratings need the catalog. */
  catalog?: CatalogService;
}

export type RatingsService = ReturnType<typeof createRatingsService>;

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { code?: string; message?: string })?.code ?? '') + String((error as Error)?.message ?? '');
  return text.includes('23505') || text.includes('UNIQUE constraint failed') || text.includes('SQLITE_CONSTRAINT');
}

export function createRatingsService(deps: RatingsServiceDeps) {
  const { db } = deps;

  async function summary(albumId: string, rating: number | null): Promise<AlbumRating> {
    const [totals, counts] = await Promise.all([repository.albumTotals(db, albumId), repository.distribution(db, albumId)]);
    return {
      albumId,
      rating,
      averageRating: roundRating(totals?.rating_average ?? null),
      ratingCount: Number(totals?.rating_count ?? 0),
      ratingDistribution: HALF_STEPS.map((step) => ({ rating: step, count: counts.get(step) ?? 0 })),
    };
  }

  /** Rates an album, or changes the rating; the rating row and all totals change in one transaction. */
  async function rate(userId: string, albumRef: string, rating: number): Promise<AlbumRating> {
    const albumId = await deps.catalog!.resolveAlbumId(albumRef);
    const write = () =>
      db.transaction().execute(async (trx) => {
        const now = deps.clock().toISOString();
        const existing = await repository.findRating(trx, userId, albumId);
        if (existing) {
          await repository.updateRating(trx, existing.id, rating, now);
          await repository.shiftAlbumTotals(trx, albumId, 0, rating - Number(existing.rating), now);
        } else {
          await repository.insertRating(trx, userId, albumId, rating, now);
          await repository.shiftAlbumTotals(trx, albumId, 1, rating, now);
          await repository.shiftProfileRatings(trx, userId, 1);
        }
      });
    try {
      await write();
    } catch (error) {
      // Two first ratings by one person at the same moment: the second becomes a change.
      if (!isUniqueViolation(error)) throw error;
      await write();
    }
    deps.catalog!.invalidateAlbum(albumId);
    return summary(albumId, rating);
  }

  async function unrate(userId: string, albumRef: string): Promise<AlbumRating> {
    const albumId = await deps.catalog!.resolveAlbumId(albumRef);
    await db.transaction().execute(async (trx) => {
      const existing = await repository.findRating(trx, userId, albumId);
      if (!existing) return;
      const now = deps.clock().toISOString();
      await repository.deleteRating(trx, existing.id);
      await repository.shiftAlbumTotals(trx, albumId, -1, -Number(existing.rating), now);
      await repository.shiftProfileRatings(trx, userId, -1);
    });
    deps.catalog!.invalidateAlbum(albumId);
    return summary(albumId, null);
  }

  /** What the catalog asks of ratings: a person's own ratings and an album's distribution. */
  const lookup: RatingLookup = {
    viewerRatings: (userId, albumIds) => repository.viewerRatings(db, userId, albumIds),
    distribution: (albumId) => repository.distribution(db, albumId),
  };

  /** Your ratings, each with its album: newest first unless sorted otherwise, optionally filtered (the library). */
  async function mine(userId: string, query: Partial<MyRatingsQuery> & { page: number; limit: number }): Promise<MyRatingsPage> {
    const genre = query.genre ? await repository.findGenre(db, query.genre) : undefined;
    if (query.genre && !genre) throw notFound('genre_not_found', `There is no genre called "${query.genre}".`);
    const { rows, total } = await repository.ratedAlbumIds(db, userId, query.limit, (query.page - 1) * query.limit, {
      genre,
      decade: query.decade,
      minRating: query.minRating,
      currentYear: deps.clock().getUTCFullYear(),
      sort: query.sort ?? 'date',
      order: query.order ?? 'desc',
    });
    const cards = await deps.catalog!.albumCards(
      rows.map((row) => row.album_id),
      userId,
    );
    return {
      items: rows.flatMap((row, index) => {
        const album = cards[index];
        return album ? [{ album, rating: Number(row.rating), ratedAt: row.updated_at }] : [];
      }),
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
    };
  }

  /** Account deletion: the person's ratings leave every album's totals before their rows go. */
  async function forgetPerson(userId: string): Promise<void> {
    const albumIds = await db.transaction().execute(async (trx) => {
      const rows = await repository.ratingsBy(trx, userId);
      const now = deps.clock().toISOString();
      for (const row of rows) await repository.shiftAlbumTotals(trx, row.album_id, -1, -Number(row.rating), now);
      await repository.deleteRatingsBy(trx, userId);
      return rows.map((row) => row.album_id);
    });
    for (const albumId of albumIds) deps.catalog!.invalidateAlbum(albumId);
  }

  const setCatalog = (catalog: CatalogService) => {
    deps.catalog = catalog;
  };

  /** A person's ratings per half step (the profile's Ratings tab). */
  async function distributionOf(userId: string) {
    const counts = await repository.personDistribution(db, userId);
    return HALF_STEPS.map((step) => ({ rating: step, count: counts.get(step) ?? 0 }));
  }

  return { rate, unrate, mine, lookup, setCatalog, forgetPerson, distributionOf };
}
