/**
 * The job thread (platform/jobs/thread.ts): background jobs on a database connection of their own, in a worker
 * thread, so their synchronous work never holds up a request. Started by the server when there is work.
 */
import { workerData } from 'node:worker_threads';
import type { AppDeps } from './app.ts';
import type { Config } from './platform/config.ts';
import { openDatabase } from './platform/db/index.ts';
import { createJobRunner } from './platform/jobs/runner.ts';
import { serveJobThread, tellJobFailed, tellServer, threadLog } from './platform/jobs/thread.ts';
import { buildCoreServices, jobHandlers, type ThreadEvent } from './services.ts';
import { recordStatementTimes } from './platform/db/statement-times.ts';

export interface JobThreadData {
  config: Config;
  imageProxy?: AppDeps['imageProxy'];
  /** The MusicBrainz pace shared with the server thread. */
  musicbrainzSlot?: SharedArrayBuffer;
}

/** Steps may be long here: nothing waits on this thread, and fewer steps save fewer cursors. */
const THREAD_SLICE_MS = 50;

const { config, imageProxy, musicbrainzSlot } = workerData as JobThreadData;
const database = openDatabase(config.databaseUrl, { poolSize: 2 });
const stopStatementTimes = config.statementTimes
  ? recordStatementTimes(database, `${config.statementTimes}-${process.pid}-jobs.json`, 'jobs')
  : undefined;
const clock = () => new Date();
const runner = createJobRunner({ db: database.db, clock, log: threadLog(), sliceMs: THREAD_SLICE_MS, onFailed: tellJobFailed });
const services = buildCoreServices({
  db: database.db,
  clock,
  config,
  imageProxy,
  jobs: runner,
  log: threadLog(),
  musicbrainzSlot,
  onExportReady: (ready) => tellServer({ type: 'export-ready', ...ready } satisfies ThreadEvent),
  onMailOutcome: (outcome) => tellServer({ type: 'mail-outcome', outcome } satisfies ThreadEvent),
  onRemoteLike: (like) => tellServer({ type: 'remote-like', ...like } satisfies ThreadEvent),
  onRemoteComment: (comment) => tellServer({ type: 'remote-comment', ...comment } satisfies ThreadEvent),
  onListensRecorded: (recorded) => tellServer({ type: 'listens-recorded', ...recorded } satisfies ThreadEvent),
});
for (const [kind, handler] of Object.entries(jobHandlers(services))) runner.register(kind, handler);
// The server's caches of albums, charts and pages drop what the thread's writes changed.
services.catalog.onChange((albumId) => tellServer({ type: 'catalog-changed', albumId } satisfies ThreadEvent));
serveJobThread(runner, async () => {
  await services.musicbrainz.close();
  stopStatementTimes?.();
  await database.destroy();
});
