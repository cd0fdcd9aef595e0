import type { AlbumEdition, AlbumEditions } from '@hearsay/contracts/editions';
import type { DB } from '../../platform/db/index.ts';
import { findJob, requeueFinished } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler, Jobs } from '../../platform/jobs/runner.ts';
import { MusicBrainzUnavailable, type MusicBrainz } from '../../platform/musicbrainz/types.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { editionRows, presentEdition } from './editions.presenter.ts';
import * as repository from './editions.repository.ts';

/**
 * An album's editions (decision 079): the MusicBrainz releases of its release group, fetched by a job the first time
 * someone opens them (never on the request path), kept, and fetched again after a month. Ratings stay on the album;
 * members say which edition they own through the library, which asks here whether it is one of the album's.
 */

export const ALBUM_EDITIONS_JOB = 'album-editions';

/** Kept editions are fetched again, in the background, after this long (MusicBrainz's own answer cache keeps a month too). */
const REFRESH_MS = 30 * 24 * 3600 * 1000;
/** After the job gave up on an unreachable MusicBrainz, the next visit asks again once this has passed. */
const RETRY_UNREACHABLE_MS = 10 * 60_000;
/** Tries of one album while MusicBrainz cannot be reached, 5 s, 10 s, 20 s apart, before the job gives up. */
const TRIES = 4;
const RETRY_FIRST_MS = 5_000;
const PAUSE_STEP_MS = 5_000;

export interface EditionsCursor {
  albumId: string;
  failures?: number;
  retryAt?: number;
}

export interface EditionsServiceDeps {
  db: DB;
  clock: () => Date;
  catalog: Pick<CatalogService, 'getAlbum'>;
  musicbrainz: MusicBrainz;
  jobs: Pick<Jobs, 'enqueue'>;
  enabled: boolean;
  log: { warn(details: object, message: string): void };
  /** Test hook: the longest a step waits before asking MusicBrainz again. */
  unreachablePauseMs?: number;
}

export type EditionsService = ReturnType<typeof createEditionsService>;

export function createEditionsService(deps: EditionsServiceDeps) {
  const { db } = deps;
  const now = () => deps.clock().toISOString();
  const jobId = (albumId: string) => `${ALBUM_EDITIONS_JOB}:${albumId}`;

  /** Queues the album's job unless it is queued or running already. */
  async function queue(albumId: string): Promise<void> {
    const id = jobId(albumId);
    const cursor: EditionsCursor = { albumId };
    const job = await findJob(db, id);
    if (job?.state === 'queued' || job?.state === 'running') return;
    if (job) {
      await requeueFinished(db, id, JSON.stringify(cursor), now());
      return;
    }
    try {
      await deps.jobs.enqueue({ id, kind: ALBUM_EDITIONS_JOB, owner: null, cursor });
    } catch {
      // Another request queued it at the same moment.
    }
  }

  async function albumEditions(ref: string): Promise<AlbumEditions> {
    const album = await deps.catalog.getAlbum(ref);
    const answer = (state: AlbumEditions['state'], rest: Partial<AlbumEditions> = {}): AlbumEditions => ({
      state,
      reason: null,
      fetchedAt: null,
      releaseGroupMbid: album.mbid,
      editions: [],
      ...rest,
    });
    if (!album.mbid) return answer('not_on_musicbrainz');
    const fetched = await repository.fetchOf(db, album.id);
    const current = fetched?.release_group_mbid === album.mbid ? fetched : undefined;
    const age = current ? deps.clock().getTime() - Date.parse(current.fetched_at) : Infinity;
    if (current?.outcome === 'found') {
      if (deps.enabled && age > REFRESH_MS) await queue(album.id);
      const editions = (await repository.editionsOf(db, album.id)).map(presentEdition);
      return answer('ready', { fetchedAt: current.fetched_at, editions });
    }
    if (!deps.enabled) return answer('unavailable', { reason: 'off' });
    if (current?.outcome === 'unreachable' && age < RETRY_UNREACHABLE_MS) {
      return answer('unavailable', { reason: 'unreachable', fetchedAt: current.fetched_at });
    }
    await queue(album.id);
    return answer('fetching');
  }

  const handler: JobHandler<EditionsCursor> = {
    async step(job) {
      const cursor = { ...job.cursor };
      if (!deps.enabled) return { cursor, done: true };
      const wait = (cursor.retryAt ?? 0) - Date.now();
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, deps.unreachablePauseMs ?? PAUSE_STEP_MS)));
        return { cursor, done: false };
      }
      let album: { id: string; mbid: string | null };
      try {
        album = await deps.catalog.getAlbum(cursor.albumId);
      } catch {
        // The album is gone (removed, merged away): nothing to fetch.
        return { cursor, done: true };
      }
      if (!album.mbid) return { cursor, done: true };
      try {
        const releases = await deps.musicbrainz.editionsOf(album.mbid, { background: true });
        await repository.storeEditions(db, album.id, album.mbid, editionRows(releases), now());
        return { cursor, done: true };
      } catch (error) {
        if (!(error instanceof MusicBrainzUnavailable)) throw error;
        if (error.reason === 'off') return { cursor, done: true };
        cursor.failures = (cursor.failures ?? 0) + 1;
        if (cursor.failures >= TRIES) {
          deps.log.warn({ albumId: album.id }, 'could not fetch an album’s editions: MusicBrainz cannot be reached');
          await repository.recordFetch(db, album.id, album.mbid, 'unreachable', now());
          return { cursor, done: true };
        }
        cursor.retryAt = Date.now() + RETRY_FIRST_MS * 2 ** (cursor.failures - 1);
        return { cursor, done: false };
      }
    },
    async failed(job, error) {
      deps.log.warn({ err: error, jobId: job.id }, 'fetching an album’s editions failed');
    },
  };

  /** The edition of an album with this release id, or null when the release is not one of the album's editions. */
  async function editionOf(albumId: string, releaseMbid: string, executor: DB = db): Promise<AlbumEdition | null> {
    const row = await repository.editionOf(executor, albumId, releaseMbid);
    return row ? presentEdition(row) : null;
  }

  /** Editions by album and release id (`albumId releaseMbid`), for lists of owned albums. */
  async function editionsByKeys(keys: readonly { albumId: string; releaseMbid: string }[]): Promise<Map<string, AlbumEdition>> {
    const wanted = new Set(keys.map((key) => `${key.albumId} ${key.releaseMbid}`));
    const rows = await repository.editionsByKeys(db, keys);
    return new Map(
      rows
        .filter((row) => wanted.has(`${row.album_id} ${row.release_mbid}`))
        .map((row) => [`${row.album_id} ${row.release_mbid}`, presentEdition(row)]),
    );
  }

  return { albumEditions, handler, editionOf, editionsByKeys };
}
