import type { PlayedTrack, PlayedTracksPage, PlayedTracksQuery } from '@hearsay/contracts/listens';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { DB } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import * as asked from './asked.repository.ts';
import * as repository from './listens.repository.ts';
import { listensAlbumMerge } from './merged-albums.repository.ts';

/**
 * A played track as a player or an imported history reports it, already checked by whoever received it (the
 * ListenBrainz-compatible API, an import's reader): names trimmed and non-empty, the moment in whole seconds.
 */
export interface IncomingListen {
  /** Whole seconds since 1970, UTC. */
  listenedAt: number;
  trackName: string;
  artistName: string;
  releaseName: string | null;
  durationMs: number | null;
  recordingMbid: string | null;
  releaseMbid: string | null;
  releaseGroupMbid: string | null;
  artistMbids: readonly string[] | null;
  /** The submitted `additional_info`, given back by the read side. */
  additionalInfo: Record<string, unknown> | null;
}

/** How listens came: `api` from a player; an import names its kind. `client`: the player's name and version. */
export interface ListenOrigin {
  origin: string;
  client: string | null;
}

export interface ListensServiceDeps {
  db: DB;
  clock: () => Date;
  /** Told after listens are added, so that they are matched to albums and rolled up (a job, never on the request). */
  events?: Pick<EventBus, 'emit'>;
  /** The album cards of matched listens. */
  hydrator?: Pick<Hydrator, 'albums'>;
}

export type ListensService = ReturnType<typeof createListensService>;

/** Listens: every track a member played, kept whether or not it matches an album, and rolled up into the journal. */
export function createListensService(deps: ListensServiceDeps) {
  const { db } = deps;

  /** Keeps the listens the person does not have yet; the number added. */
  async function record(userId: string, listens: readonly IncomingListen[], from: ListenOrigin): Promise<{ added: number }> {
    if (listens.length === 0) return { added: 0 };
    const now = deps.clock().toISOString();
    const added = await repository.insertListens(
      db,
      listens.map((listen) => ({
        id: newId(),
        user_id: userId,
        listened_at: listen.listenedAt,
        track_name: listen.trackName,
        artist_name: listen.artistName,
        release_name: listen.releaseName,
        duration_ms: listen.durationMs,
        recording_mbid: listen.recordingMbid,
        release_mbid: listen.releaseMbid,
        release_group_mbid: listen.releaseGroupMbid,
        artist_mbids: listen.artistMbids && listen.artistMbids.length > 0 ? JSON.stringify(listen.artistMbids) : null,
        additional_info: listen.additionalInfo ? JSON.stringify(listen.additionalInfo) : null,
        client: from.client,
        origin: from.origin,
        album_id: null,
        match_state: 'new',
        created_at: now,
      })),
    );
    if (added > 0) deps.events?.emit('listens.recorded', { userId, added, origin: from.origin });
    return { added };
  }

  /** The person's played tracks, newest first, each with its album's card when matched (decision 073). */
  async function played(userId: string, query: PlayedTracksQuery): Promise<PlayedTracksPage> {
    const [at, id] = query.cursor ? query.cursor.split('.') : [];
    const before = at !== undefined && id !== undefined ? { at: Number(at), id } : null;
    const rows = await repository.listensBefore(db, userId, before, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const albumIds = page.flatMap((row) => (row.album_id ? [row.album_id] : []));
    const albums = albumIds.length && deps.hydrator ? await deps.hydrator.albums(albumIds, userId) : new Map();
    const items = page.map((row): PlayedTrack => {
      const album = row.album_id ? albums.get(row.album_id) : undefined;
      return {
        id: row.id,
        trackName: row.track_name,
        artistName: row.artist_name,
        releaseName: row.release_name,
        playedAt: new Date(row.listened_at * 1000).toISOString(),
        durationMs: row.duration_ms,
        client: row.client,
        origin: row.origin,
        state: !album ? 'unmatched' : album.album.status === 'confirmed' ? 'matched' : 'pending',
        album: album ? presentAlbumCard(album) : null,
      };
    });
    const last = page.at(-1);
    return { items, nextCursor: rows.length > query.limit && last ? `${last.listened_at}.${last.id}` : null };
  }

  /** Deletes one of the person's played tracks; the journal entries made from it stay. */
  async function remove(userId: string, listenId: string): Promise<void> {
    if (!(await repository.deleteOwnListen(db, userId, listenId))) throw notFound('listen_not_found');
  }

  /** Download my data (decision 028): the person's listens in order of time, after the key `<listened_at>.<id>` of the last one taken. */
  const exported = {
    count: (userId: string) => asked.exportedCount(db, userId),
    listens(userId: string, after: string, limit: number) {
      const dot = after.indexOf('.');
      const from = dot > 0 ? { at: Number(after.slice(0, dot)), id: after.slice(dot + 1) } : null;
      return asked.exportedListens(db, userId, from, limit);
    },
  };

  // Listens follow an album merged into another (decision 080).
  return { record, played, remove, exported, albumMerge: listensAlbumMerge() };
}

/** What other modules see of the listening stats (the year in review asks them). */
export type { ListeningStatsService } from './listening-stats.service.ts';
