import {
  LISTEN_LENGTH_GUESS_MS,
  LISTENING_PERIOD_DAYS,
  LISTENING_TOP,
  type ListeningStats,
  type ListeningStatsQuery,
  type ListeningSummary,
} from '@hearsay/contracts/listening-stats';
import type { Expression, SqlBool } from 'kysely';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import type { DB } from '../../platform/db/index.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import * as repository from './listening-stats.repository.ts';

export interface ListeningStatsDeps {
  db: DB;
  clock: () => Date;
  /** The lengths of matched tracks, for listens whose player gave none. */
  catalog: Pick<CatalogService, 'trackLengths'>;
  /** Album cards, and which albums a viewer may come across. */
  hydrator: Pick<Hydrator, 'albums' | 'thingWhere'>;
  /** Whose listening the viewer may see (the profile's rules: blocks, closed profiles, sharing). */
  profiles: Pick<ProfilesService, 'listeningOf'>;
}

export type ListeningStatsService = ReturnType<typeof createListeningStatsService>;

/** Titles compared as people write them: letter case, width and spaces around aside. */
const titleKey = (title: string) => title.normalize('NFKC').trim().toLowerCase();

/** Listening time and most-played albums and artists over a member's listens (decision 076). */
export function createListeningStatsService(deps: ListeningStatsDeps) {
  const { db } = deps;

  /** Each listen's length as the player gave it, else the matched track's in the catalog, else the guess. */
  async function listeningTime(userId: string, range: repository.SecondsRange) {
    const [totals, untimed] = await Promise.all([repository.totals(db, userId, range), repository.untimedMatched(db, userId, range)]);
    const albumIds = [...new Set(untimed.map((row) => row.albumId))];
    const lengths = new Map<string, number>();
    if (albumIds.length > 0) {
      for (const track of await deps.catalog.trackLengths(albumIds))
        lengths.set(`${track.albumId}\n${titleKey(track.title)}`, track.durationMs);
    }
    let fromCatalogMs = 0;
    let fromCatalog = 0;
    for (const row of untimed) {
      const length = lengths.get(`${row.albumId}\n${titleKey(row.trackName)}`);
      if (length === undefined) continue;
      fromCatalogMs += length * row.listens;
      fromCatalog += row.listens;
    }
    const guessed = totals.listens - totals.timed - fromCatalog;
    return {
      listens: totals.listens,
      listeningMs: totals.timedMs + fromCatalogMs + guessed * LISTEN_LENGTH_GUESS_MS,
      guessedListens: guessed,
    };
  }

  /**
   * A member's listening between two instants: totals, and the ids of the albums played most among those `listed`
   * lets through (the caller hydrates them with its other albums).
   */
  async function between(
    userId: string,
    range: repository.SecondsRange,
    limit: number,
    listed: (column: string) => Expression<SqlBool>,
  ): Promise<Omit<ListeningSummary, 'topAlbums'> & { topAlbums: { albumId: string; listens: number }[] }> {
    const [time, topAlbums, topArtists] = await Promise.all([
      listeningTime(userId, range),
      repository.topAlbums(db, userId, range, limit, listed),
      repository.topArtists(db, userId, range, limit),
    ]);
    return { ...time, topAlbums, topArtists };
  }

  /** GET /api/users/:username/listening-stats: the last week, month or year, up to now. */
  async function stats(username: string, viewer: Viewer | null, query: ListeningStatsQuery): Promise<ListeningStats> {
    const person = await deps.profiles.listeningOf(username, viewer);
    const period = query.period ?? 'week';
    const to = deps.clock();
    const from = new Date(to.getTime() - LISTENING_PERIOD_DAYS[period] * 24 * 60 * 60 * 1000);
    const range = { from: Math.floor(from.getTime() / 1000), to: Math.floor(to.getTime() / 1000) + 1 };
    const summary = await between(person.id, range, LISTENING_TOP, (column) => deps.hydrator.thingWhere.albumListed(viewer?.id, column));
    const albums = await deps.hydrator.albums(summary.topAlbums.map((row) => row.albumId));
    return {
      period,
      from: from.toISOString(),
      to: to.toISOString(),
      ...summary,
      topAlbums: summary.topAlbums.flatMap((row) => {
        const album = albums.get(row.albumId);
        return album ? [{ album: presentAlbumCard(album), listens: row.listens }] : [];
      }),
    };
  }

  return { stats, between };
}
