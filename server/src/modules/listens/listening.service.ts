import {
  LISTEN_COUNT_CAP,
  PLAYED_NOT_RATED_DAYS,
  type ListeningStatus,
  type PlayedNotRated,
  type PlayedNotRatedQuery,
} from '@hearsay/contracts/listening';
import type { Expression, SqlBool } from 'kysely';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { DB } from '../../platform/db/index.ts';
import * as repository from './listening.repository.ts';

export interface ListeningServiceDeps {
  db: DB;
  clock: () => Date;
  /** The site's public address: what a member pastes into a player. */
  publicUrl: string;
  /** The ratings module's condition "not rated by this person" on a column naming an album (decision 066). */
  ratings: { notRatedBy(raterId: string, albumColumn: string): Expression<SqlBool> };
  /** The albums' cards, with the viewer's rating. */
  hydrator: Pick<Hydrator, 'withAlbums'>;
}

export type ListeningService = ReturnType<typeof createListeningService>;

const DAY_SECONDS = 24 * 60 * 60;
const toIso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** What a member sees of their own listening: whether their player reaches the site, and what they played but did not rate. */
export function createListeningService(deps: ListeningServiceDeps) {
  const { db } = deps;
  const siteUrl = `${deps.publicUrl}/`;
  const apiRoot = `${deps.publicUrl}/1/`;
  const submitUrl = `${deps.publicUrl}/1/submit-listens`;
  const nowSeconds = () => Math.floor(deps.clock().getTime() / 1000);

  async function status(userId: string): Promise<ListeningStatus> {
    const [last, playing, counts] = await Promise.all([
      repository.lastPlayerListen(db, userId),
      repository.currentlyPlaying(db, userId, deps.clock().toISOString()),
      repository.listenCounts(db, userId, nowSeconds() - DAY_SECONDS, LISTEN_COUNT_CAP + 1),
    ]);
    return {
      siteUrl,
      apiRoot,
      submitUrl,
      lastListen: last
        ? {
            at: toIso(Number(last.listened_at)),
            trackName: last.track_name,
            artistName: last.artist_name,
            releaseName: last.release_name,
            client: last.client,
          }
        : null,
      nowPlaying: playing
        ? {
            trackName: playing.track_name,
            artistName: playing.artist_name,
            releaseName: playing.release_name,
            client: playing.client,
            startedAt: playing.started_at,
          }
        : null,
      counts: {
        last24Hours: Math.min(counts.recent, LISTEN_COUNT_CAP),
        total: Math.min(counts.total, LISTEN_COUNT_CAP),
        capped: counts.total > LISTEN_COUNT_CAP,
      },
    };
  }

  /**
   * Albums the person played lately (listens matched to an album) and has not rated. Any track played counts: the list
   * is a nudge, and rating takes one tap. Most recently played first, as that album is the one freshest in mind.
   */
  async function playedNotRated(userId: string, query: PlayedNotRatedQuery): Promise<PlayedNotRated> {
    const since = nowSeconds() - PLAYED_NOT_RATED_DAYS * DAY_SECONDS;
    const rows = await repository.playedAlbums(
      db,
      userId,
      since,
      (albumColumn) => deps.ratings.notRatedBy(userId, albumColumn),
      query.limit,
    );
    const hydrated = await deps.hydrator.withAlbums(rows, (row) => row.album_id, userId);
    return {
      days: PLAYED_NOT_RATED_DAYS,
      items: hydrated.map(({ row, album }) => ({
        album: presentAlbumCard(album),
        plays: row.plays,
        lastPlayedAt: toIso(row.last_played),
      })),
    };
  }

  return { status, playedNotRated };
}
