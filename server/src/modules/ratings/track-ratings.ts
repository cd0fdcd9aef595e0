import { pageFields } from '@hearsay/contracts/pagination';
import { roundRating } from '@hearsay/contracts/catalog';
import type { TopTracksPage, TrackRating } from '@hearsay/contracts/ratings';
import { isUniqueViolation, type DB } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { EventBus } from '../../platform/events.ts';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import * as repository from './track-ratings.repository.ts';

export interface TrackRatingsDeps {
  db: DB;
  clock: () => Date;
  catalog: Pick<
    CatalogService,
    'resolveAlbumId' | 'invalidateAlbum' | 'moveTrackRatingTotals' | 'albumTrack' | 'albumTracks' | 'tracksByIds'
  >;
  hydrator: Pick<Hydrator, 'withAlbums'>;
  /** Told of each track rating given, changed or taken back (federation shares the album's ratings again). */
  events?: Pick<EventBus, 'emit'>;
}

/**
 * Members' ratings of an album's tracks (decision 078), on the albums' half-step scale: one per member and track, the
 * track's count and sum moved in the same transaction (the album page shows them without counting).
 */
export function createTrackRatings(deps: TrackRatingsDeps) {
  const { db, catalog } = deps;

  /** The album (by id or slug) and its track: a track of another album is not found, like one that does not exist. */
  async function trackOf(albumRef: string, trackId: string) {
    const albumId = await catalog.resolveAlbumId(albumRef);
    const track = await catalog.albumTrack(albumId, trackId);
    if (!track) throw notFound('track_not_found');
    return { albumId, track };
  }

  function answer(
    albumId: string,
    trackId: string,
    rating: number | null,
    totals: { count: number; sum: number } | undefined,
  ): TrackRating {
    const count = totals?.count ?? 0;
    return { albumId, trackId, rating, averageRating: count > 0 ? roundRating((totals?.sum ?? 0) / count) : null, ratingCount: count };
  }

  function told(userId: string, albumId: string) {
    deps.events?.emit('track-rating.changed', { userId, albumId });
  }

  /** Rates a track of an album, or changes the rating. `at` dates a rating given elsewhere (an imported export). */
  async function rate(
    userId: string,
    albumRef: string,
    trackId: string,
    rating: number,
    options: { at?: string; quiet?: boolean } = {},
  ): Promise<TrackRating> {
    const { albumId } = await trackOf(albumRef, trackId);
    const written: repository.TrackRatingWrite = { userId, albumId, trackId, value: rating, at: options.at ?? deps.clock().toISOString() };
    const write = () =>
      db.transaction().execute(async (trx) => {
        const existing = await repository.findTrackRating(trx, userId, albumId, trackId);
        if (existing) {
          await repository.updateTrackRating(trx, written);
          return catalog.moveTrackRatingTotals(trx, trackId, { from: Number(existing.rating), to: rating });
        }
        await repository.insertTrackRating(trx, written);
        return catalog.moveTrackRatingTotals(trx, trackId, { from: null, to: rating });
      });
    let totals;
    try {
      totals = await write();
    } catch (error) {
      // Two first ratings of a track by one person at the same moment: the second becomes a change.
      if (!isUniqueViolation(error)) throw error;
      totals = await write();
    }
    catalog.invalidateAlbum(albumId);
    if (!options.quiet) told(userId, albumId);
    return answer(albumId, trackId, rating, totals);
  }

  /** Takes a track rating back (none: nothing changes). */
  async function unrate(userId: string, albumRef: string, trackId: string): Promise<TrackRating> {
    const { albumId, track } = await trackOf(albumRef, trackId);
    const totals = await db.transaction().execute(async (trx) => {
      const existing = await repository.findTrackRating(trx, userId, albumId, trackId);
      if (!existing) return undefined;
      await repository.deleteTrackRating(trx, userId, albumId, trackId);
      return catalog.moveTrackRatingTotals(trx, trackId, { from: Number(existing.rating), to: null });
    });
    if (totals) {
      catalog.invalidateAlbum(albumId);
      told(userId, albumId);
    }
    return answer(albumId, trackId, null, totals ?? { count: Number(track.rating_count), sum: Number(track.rating_sum) });
  }

  /** A person's top tracks (their best rated, latest first among equals), each with its album's card. */
  async function top(userId: string, query: { page: number; limit: number }, viewerId?: string): Promise<TopTracksPage> {
    const { rows, total } = await repository.topTrackRatings(db, userId, query.limit, (query.page - 1) * query.limit);
    const tracks = await catalog.tracksByIds(rows.map((row) => row.track_id));
    const withAlbums = await deps.hydrator.withAlbums(rows, (row) => row.album_id, viewerId);
    return {
      items: withAlbums.flatMap(({ row, album }) => {
        const track = tracks.get(row.track_id);
        if (!track) return [];
        const count = Number(track.rating_count);
        return [
          {
            album: presentAlbumCard(album),
            track: {
              id: track.id,
              disc: Number(track.disc),
              position: Number(track.position),
              title: track.title,
              durationMs: track.duration_ms === null ? null : Number(track.duration_ms),
              averageRating: count > 0 ? roundRating(Number(track.rating_sum) / count) : null,
              ratingCount: count,
              viewerRating: null,
            },
            rating: Number(row.rating),
            ratedAt: row.updated_at,
          },
        ];
      }),
      ...pageFields(query, total),
    };
  }

  /** Account deletion: the person's track ratings leave their tracks' totals before their rows go. */
  async function forgetPerson(userId: string): Promise<void> {
    const albumIds = await db.transaction().execute(async (trx) => {
      const rows = await repository.trackRatingsBy(trx, userId);
      for (const row of rows) await catalog.moveTrackRatingTotals(trx, row.track_id, { from: Number(row.rating), to: null });
      await repository.deleteTrackRatingsBy(trx, userId);
      return new Set(rows.map((row) => row.album_id));
    });
    for (const albumId of albumIds) catalog.invalidateAlbum(albumId);
  }

  /** A person's ratings of an album's tracks (track id -> value). */
  const ofAlbum = (userId: string, albumId: string) => repository.ratingsOfAlbumTracks(db, userId, albumId);

  /**
   * Download my data: a person's track ratings of these albums (the albums of a page of their ratings and track-only
   * albums alike), each with its track's place and title.
   */
  async function exported(userId: string, after: string, limit: number) {
    const rows = await repository.exportedTrackRatingsAfter(db, userId, after, limit);
    const tracks = await catalog.tracksByIds(rows.map((row) => row.track_id));
    return rows.flatMap((row) => {
      const track = tracks.get(row.track_id);
      return track
        ? [{ ...row, rating: Number(row.rating), disc: Number(track.disc), position: Number(track.position), title: track.title }]
        : [];
    });
  }

  return { rate, unrate, top, forgetPerson, ofAlbum, exported, exportedCount: (userId: string) => repository.trackRatingCount(db, userId) };
}

export type TrackRatings = ReturnType<typeof createTrackRatings>;
