import type { EnrichmentStatus } from '@hearsay/contracts/musicbrainz';
import type { DB } from '../../platform/db/index.ts';
import { findJob, requeueFinished } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler, Jobs } from '../../platform/jobs/runner.ts';
import { MusicBrainzUnavailable } from '../../platform/musicbrainz/types.ts';
import type { CatalogMusicBrainz } from './catalog-musicbrainz.ts';
import { albumsToEnrich, recordEnrichment } from './musicbrainz.repository.ts';

/**
 * The enrichment job (decision 018): walks the catalog in id order and gives every album MusicBrainz has not been
 * asked about its MusicBrainz data, one album a step (three or four paced requests). One job for the whole site,
 * under a fixed id: it resumes from its cursor after a restart, and a run over a catalog already looked at asks
 * nothing. Albums added later (an import, the starter catalog) start it again.
 */

export const CATALOG_ENRICH_JOB = 'catalog-enrich';
const JOB_ID = 'catalog-enrich';

export interface EnrichmentCursor {
  /** The last album looked at; the next step starts after it. */
  after: string;
  resolved: number;
  ambiguous: number;
  notFound: number;
  /** While MusicBrainz cannot be reached: when to ask again, and how many times it failed in a row. */
  retryAt?: number;
  failures?: number;
}

/**
 * While MusicBrainz cannot be reached the job asks again after 5 s, then 10 s, … up to 10 minutes. Each step waits at
 * most `PAUSE_STEP_MS` of that, so the job's lease (30 s) stays fresh and a shutdown is not held up.
 */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;
const PAUSE_STEP_MS = 5_000;

export interface CatalogEnrichmentDeps {
  db: DB;
  clock: () => Date;
  catalogMusicBrainz: CatalogMusicBrainz;
  enabled: boolean;
  log: { warn(details: object, message: string): void };
  /** Test hook: the longest a step waits for MusicBrainz to be asked again. */
  unreachablePauseMs?: number;
}

export function createCatalogEnrichment(deps: CatalogEnrichmentDeps) {
  const { db } = deps;

  const handler: JobHandler<EnrichmentCursor> = {
    async step(job) {
      const cursor = { ...job.cursor };
      if (!deps.enabled) return { cursor, done: true };
      const wait = (cursor.retryAt ?? 0) - Date.now();
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, deps.unreachablePauseMs ?? PAUSE_STEP_MS)));
        return { cursor, done: false };
      }
      const [albumId] = await albumsToEnrich(db, cursor.after, 1);
      if (!albumId) return { cursor, done: true };
      try {
        const outcome = await deps.catalogMusicBrainz.enrichAlbum(albumId);
        if (outcome === 'resolved') cursor.resolved++;
        else if (outcome === 'ambiguous') cursor.ambiguous++;
        else if (outcome === 'not_found') cursor.notFound++;
        cursor.after = albumId;
        cursor.retryAt = undefined;
        cursor.failures = undefined;
      } catch (error) {
        if (!(error instanceof MusicBrainzUnavailable)) {
          // One album's trouble (an answer the catalog cannot take) is recorded and the job goes on.
          deps.log.warn({ err: error, albumId }, 'could not enrich an album');
          await recordEnrichment(db, albumId, 'failed', deps.clock().toISOString(), { detail: String(error).slice(0, 500) });
          cursor.after = albumId;
          return { cursor, done: false };
        }
        if (error.reason === 'off') return { cursor, done: true };
        // Offline for now: the same album again later, without counting a failure against the job.
        cursor.failures = (cursor.failures ?? 0) + 1;
        cursor.retryAt = Date.now() + Math.min(RETRY_FIRST_MS * 2 ** (cursor.failures - 1), RETRY_MAX_MS);
        if (cursor.failures === 1) deps.log.warn({ albumId }, 'catalog enrichment waits for MusicBrainz to be reachable');
      }
      return { cursor, done: false };
    },
    async failed(job, error) {
      deps.log.warn({ err: error, jobId: job.id }, 'catalog enrichment stopped');
    },
  };

  /**
   * Queues the job unless it is queued or running already, when MusicBrainz is on and albums wait for it. A finished
   * job is queued again from the start (the albums it looked at are skipped by their mark, not by the cursor).
   */
  async function ensureQueued(jobs: Pick<Jobs, 'enqueue'>): Promise<boolean> {
    if (!deps.enabled) return false;
    const [waiting] = await albumsToEnrich(db, '', 1);
    if (!waiting) return false;
    const job = await findJob(db, JOB_ID);
    if (job?.state === 'queued' || job?.state === 'running') return false;
    const cursor: EnrichmentCursor = { after: '', resolved: 0, ambiguous: 0, notFound: 0 };
    if (job) return requeueFinished(db, JOB_ID, JSON.stringify(cursor), deps.clock().toISOString());
    try {
      await jobs.enqueue({ id: JOB_ID, kind: CATALOG_ENRICH_JOB, owner: null, cursor });
      return true;
    } catch {
      // Another process queued it at the same moment.
      return false;
    }
  }

  async function state(): Promise<EnrichmentStatus['state']> {
    if (!deps.enabled) return 'off';
    const job = await findJob(db, JOB_ID);
    if (job?.state === 'running') return 'running';
    if (job?.state === 'queued') return 'waiting';
    const [waiting] = await albumsToEnrich(db, '', 1);
    return waiting ? 'waiting' : 'done';
  }

  return { handler, ensureQueued, state };
}
