import type { ImportSummary } from '@hearsay/contracts/imports';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DB } from '../../platform/db/index.ts';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Job, JobHandler, JobRunner, Step } from '../../platform/jobs/runner.ts';
import { shorten } from '../../platform/text.ts';
import type { LibraryService } from '../library/library.service.ts';
import type { IncomingListen, ListensService } from '../listens/listens.service.ts';
import { emptySummary, type AlbumMatching } from './album-matching.ts';
import { failureColumns } from './import-failure.ts';
import * as repository from './imports.repository.ts';
import {
  detectKind,
  HistoryReader,
  NotAListenFile,
  recentTracksPage,
  type ListenFileKind,
  type ListenRecord,
  type ReadPosition,
} from './listen-files.ts';

/** The kinds of job that import listening histories (platform/jobs). */
export const LISTEN_IMPORT_JOB = 'listen-import';
export const LASTFM_IMPORT_JOB = 'lastfm-import';

/** Listens stored in one step at most; fewer when a step takes longer than its time. */
const BATCH_MOST = 5000;
/**
 * A step's time at least: storing listens is mostly the database's work, and the job thread (where jobs run unless
 * JOB_THREAD is off) holds up no request meanwhile; fewer, larger steps save a transaction each.
 */
const STEP_MS_LEAST = 50;
/** Loved recordings, and their albums, an import keeps track of at most (in its cursor, saved at every step). */
const LOVED_MOST = 1000;
const SKIPPED_LISTED = 200;
const SKIPPED_TEXT_MAX = 200;
/** Files one upload may hold (pages of the listens endpoint come one a file). */
export const LISTEN_FILES_MOST = 50;
/** Tracks per page of `user.getRecentTracks` (the most it gives). */
const LASTFM_PAGE_SIZE = 200;
const LASTFM_TRIES = 6;
const LASTFM_BACKOFF_MOST_MS = 60_000;
/** Last.fm's error numbers worth asking again for: operation failed, service offline, temporary error, rate limit. */
const LASTFM_RETRIED_ERRORS = new Set([8, 11, 16, 29]);

export type ListenSource = 'listenbrainz' | 'lastfm-csv' | 'lastfm';

export interface LastfmSettings {
  /** Both set: the site may ask Last.fm (an API key, and outbound requests allowed). */
  enabled: boolean;
  apiKey: string;
  baseUrl: string;
  /** Between two pages, and the first wait before asking again after a failure. */
  pauseMs: number;
}

export interface ListenImportDeps {
  db: DB;
  dataDir: string;
  clock: () => Date;
  listens: Pick<ListensService, 'record'>;
  library: Pick<LibraryService, 'setLike' | 'viewerState'>;
  matching: Pick<AlbumMatching, 'findAlbums'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  /** Bytes one upload may hold, all its files together. */
  maxBytes: number;
  lastfm: LastfmSettings;
  fetch?: typeof fetch;
}

/** A loved recording's album as the listens of the same recording name it. */
interface LovedAlbum {
  artist: string;
  release: string;
}

interface ListenCursor {
  phase: 'read' | 'favourites';
  files: { name: string; kind: ListenFileKind }[];
  at: ReadPosition;
  processed: number;
  summary: ImportSummary;
  /** Recordings loved (`feedback.jsonl`, score 1), by MessyBrainz or MusicBrainz id, not yet seen in a listen. */
  loved: string[];
  lovedAlbums: LovedAlbum[];
}

interface LastfmCursor {
  username: string;
  /** Unix seconds: the scrobbles asked for. `to` is fixed when the import starts, so pages do not shift meanwhile. */
  from: number | null;
  to: number;
  page: number;
  totalPages: number | null;
  tries: number;
  processed: number;
  summary: ImportSummary;
}

const summaryOf = (): ImportSummary => ({ ...emptySummary() });
const copy = (summary: ImportSummary): ImportSummary => ({
  ...summary,
  skippedRows: [...summary.skippedRows],
  drafts: [...(summary.drafts ?? [])],
});

/**
 * Importing listening histories (decision 074): a ListenBrainz export, pages of its listens endpoint, a Last.fm CSV
 * (files uploaded, kept under DATA_DIR/imports until the job has read them) or Last.fm's `user.getRecentTracks`, a
 * page at a time. Each runs as a job in steps that save where they stand, so a restart resumes it; listens are
 * stored through the listens module, which keeps one per person, moment and track: a second import adds nothing.
 */
export function createListenImport(deps: ListenImportDeps) {
  const { db } = deps;
  const now = () => deps.clock().toISOString();
  const readers = new Map<string, HistoryReader>();
  let pace = 500;

  const uploadPath = (importId: string, index: number) => join(deps.dataDir, 'imports', `${importId}.${index}.listens`);
  const alreadyRunning = () => conflict('import_running');

  function newJob(userId: string, source: ListenSource, fileName: string, total: number) {
    const stamp = now();
    return {
      id: newId(),
      user_id: userId,
      source,
      file_name: fileName.slice(0, 200),
      status: 'running' as const,
      total,
      processed: 0,
      summary: JSON.stringify(summaryOf()),
      error: null,
      error_code: null,
      error_params: null,
      issues: null,
      accepted_at: stamp,
      created_at: stamp,
      updated_at: stamp,
      finished_at: null,
    };
  }

  /** Passes an upload on as it arrives, and ends it with a 413 once all its files pass the limit. */
  function bounded(received: { bytes: number }): Transform {
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received.bytes += chunk.length;
        if (received.bytes > deps.maxBytes) {
          done(new AppError(413, 'payload_too_large', { params: { context: 'limit', megabytes: Math.floor(deps.maxBytes / 2 ** 20) } }));
        } else done(null, chunk);
      },
    });
  }

  /**
   * Writes each uploaded file to disk as it arrives (nothing parsed but its first bytes, which say what it is) and
   * queues the import. A file that is no history is refused at once, and nothing is kept.
   */
  async function start(userId: string, files: AsyncIterable<{ filename: string; file: Readable }>) {
    if (await repository.runningJob(db, userId)) throw alreadyRunning();
    const id = newId();
    await mkdir(join(deps.dataDir, 'imports'), { recursive: true });
    await sweep();
    const kept: { name: string; kind: ListenFileKind }[] = [];
    const received = { bytes: 0 };
    try {
      for await (const part of files) {
        if (kept.length >= LISTEN_FILES_MOST) throw new AppError(413, 'payload_too_large', { params: { context: 'files' } });
        const path = uploadPath(id, kept.length);
        await pipeline(part.file, bounded(received), createWriteStream(path, { mode: 0o600 }));
        const handle = await open(path, 'r');
        const head = Buffer.alloc(64 * 1024);
        const { bytesRead } = await handle.read(head, 0, head.length, 0);
        await handle.close();
        if (bytesRead === 0) throw badRequest('not_listening_history', { context: 'empty', file: shorten(part.filename, 100) });
        let kind: ListenFileKind;
        try {
          kind = detectKind(head.subarray(0, bytesRead));
        } catch (error) {
          if (error instanceof NotAListenFile)
            throw badRequest('not_listening_history', { context: 'unknown', file: shorten(part.filename, 100) });
          throw error;
        }
        kept.push({ name: shorten(part.filename, 200), kind });
      }
      if (!kept.length) throw badRequest('file_required', { context: 'listens' });
      const source: ListenSource = kept[0]!.kind === 'lastfm-csv' ? 'lastfm-csv' : 'listenbrainz';
      const names = kept.map((file) => file.name);
      const job = { ...newJob(userId, source, names.length > 1 ? `${names[0]} (+${names.length - 1})` : names[0]!, 0), id };
      const cursor: ListenCursor = {
        phase: 'read',
        files: kept,
        at: { file: 0, part: 0, records: 0 },
        processed: 0,
        summary: summaryOf(),
        loved: [],
        lovedAlbums: [],
      };
      await deps.jobs.enqueue({ id, kind: LISTEN_IMPORT_JOB, owner: userId, cursor }, async (trx) => {
        if (await repository.runningJob(trx, userId)) throw alreadyRunning();
        await repository.insertJob(trx, job);
      });
      return job;
    } catch (error) {
      await removeUploads(id, kept.length + 1);
      throw error;
    }
  }

  /**
   * Uploads left behind by an import that no longer runs (its account deleted while it was read) are removed a day
   * after they came.
   */
  async function sweep(): Promise<void> {
    const folder = join(deps.dataDir, 'imports');
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.listens'));
    const dayAgo = Date.now() - 24 * 3600_000;
    for (const name of names) {
      const info = await stat(join(folder, name)).catch(() => null);
      if (!info || info.mtimeMs > dayAgo) continue;
      const job = await repository.findJob(db, name.split('.')[0]!);
      if (job?.status !== 'running') await rm(join(folder, name), { force: true });
    }
  }

  async function removeUploads(importId: string, count: number) {
    await Promise.all(Array.from({ length: count }, (_, index) => rm(uploadPath(importId, index), { force: true })));
  }

  function skip(summary: ImportSummary, record: { line: number; artist: string; title: string; reason: string }, file: string) {
    summary.skipped++;
    if (summary.skippedRows.length < SKIPPED_LISTED) {
      summary.skippedRows.push({
        line: record.line,
        artist: shorten(record.artist, SKIPPED_TEXT_MAX),
        title: shorten(record.title, SKIPPED_TEXT_MAX),
        reason: record.reason,
        file: shorten(file, SKIPPED_TEXT_MAX),
      });
    }
  }

  /** Stores listens, counting those added and those the person had already. */
  async function store(userId: string, source: ListenSource, batch: IncomingListen[], summary: ImportSummary) {
    if (!batch.length) return;
    const { added } = await deps.listens.record(userId, batch, { origin: `import:${source}`, client: null });
    summary.listensImported += added;
    summary.listensUnchanged += batch.length - added;
  }

  const finishedColumns = (summary: ImportSummary, processed: number, stamp: string) => ({
    status: 'done' as const,
    processed,
    total: processed,
    summary: JSON.stringify(summary),
    updated_at: stamp,
    finished_at: stamp,
  });

  /** A file found not to be a history, or unreadable part-way: the import ends failed, with what was stored so far. */
  function refused(job: Job<ListenCursor>, error: NotAListenFile, file: string): Step<ListenCursor> {
    const failure = badRequest('not_listening_history', {
      context: error.reason,
      file: shorten(file, 100),
      detail: shorten(error.detail, 200),
    });
    const stamp = now();
    return {
      cursor: job.cursor,
      done: true,
      save: (trx) =>
        repository.updateJob(trx, job.id, {
          status: 'failed',
          ...failureColumns(failure),
          summary: JSON.stringify(job.cursor.summary),
          processed: job.cursor.processed,
          updated_at: stamp,
          finished_at: stamp,
        }),
      saved: () => void removeUploads(job.id, job.cursor.files.length),
    };
  }

  function readerOf(job: Job<ListenCursor>): HistoryReader {
    let reader = readers.get(job.id);
    const { file, part, records } = job.cursor.at;
    // A step that failed after reading runs again from its cursor: the reader is opened again there.
    if (reader && (reader.position.file !== file || reader.position.part !== part || reader.position.records !== records)) {
      forgetReader(job.id);
      reader = undefined;
    }
    if (!reader) {
      const files = job.cursor.files.map((file, index) => ({ ...file, path: uploadPath(job.id, index) }));
      reader = new HistoryReader(files, job.cursor.at, { now: Math.floor(deps.clock().getTime() / 1000) });
      readers.set(job.id, reader);
    }
    return reader;
  }

  function forgetReader(importId: string) {
    readers.get(importId)?.close();
    readers.delete(importId);
  }

  /**
   * The albums of loved recordings: found in the catalog by artist and title (the matching imports use), then liked.
   * An album the catalog does not have is counted, not added: a loved track says little about which release it was.
   */
  async function likeLovedAlbums(userId: string, cursor: ListenCursor, summary: ImportSummary) {
    summary.lovedNotFound += cursor.loved.length;
    if (!cursor.lovedAlbums.length) return;
    const wanted = cursor.lovedAlbums.map((album) => ({ ...album, artistNames: [album.artist], titles: [album.release], year: null }));
    const { albumOf } = await deps.matching.findAlbums(userId, wanted);
    for (const album of wanted) {
      const found = albumOf.get(album);
      if (!found) {
        summary.lovedNotFound++;
        continue;
      }
      if ((await deps.library.viewerState(userId, found.id)).liked) summary.unchanged++;
      else {
        await deps.library.setLike(userId, found.id, true);
        summary.albumLikes++;
      }
    }
  }

  const fileImport: JobHandler<ListenCursor> = {
    async step(job, runnerBudgetMs) {
      const started = performance.now();
      const budgetMs = Math.max(runnerBudgetMs, STEP_MS_LEAST);
      const userId = job.owner!;
      const cursor = job.cursor;
      const summary = copy(cursor.summary);
      const source: ListenSource = cursor.files[0]?.kind === 'lastfm-csv' ? 'lastfm-csv' : 'listenbrainz';

      if (cursor.phase === 'favourites') {
        await likeLovedAlbums(userId, cursor, summary);
        const stamp = now();
        return {
          cursor: { ...cursor, summary, loved: [], lovedAlbums: [] },
          done: true,
          save: (trx) => repository.updateJob(trx, job.id, finishedColumns(summary, cursor.processed, stamp)),
          saved: () => void removeUploads(job.id, cursor.files.length),
        };
      }

      const reader = readerOf(job);
      const loved = new Set(cursor.loved);
      const lovedAlbums = [...cursor.lovedAlbums];
      const batch: IncomingListen[] = [];
      const limit = pace;
      let read = 0;
      let ended = false;
      try {
        while (read < limit) {
          const record: ListenRecord | null = reader.next();
          if (!record) {
            ended = true;
            break;
          }
          read++;
          if (record.type === 'skip') skip(summary, record, reader.partName);
          else if (record.type === 'loved') {
            summary.lovedTracks++;
            if (loved.size < LOVED_MOST) {
              if (record.recordingMsid) loved.add(record.recordingMsid);
              if (record.recordingMbid) loved.add(record.recordingMbid);
            }
          } else {
            batch.push(record.listen);
            if (loved.size) noteLovedAlbum(record, loved, lovedAlbums);
          }
        }
      } catch (error) {
        forgetReader(job.id);
        if (error instanceof NotAListenFile) return refused(job, error, reader.partName);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          return refused(job, new NotAListenFile('unknown', 'the upload is gone'), '');
        throw error;
      }
      await store(userId, source, batch, summary);
      const spent = performance.now() - started;
      pace = spent > budgetMs ? Math.max(50, Math.floor((read * budgetMs) / spent)) : Math.min(BATCH_MOST, Math.ceil(pace * 1.2));

      const next: ListenCursor = {
        ...cursor,
        phase: ended ? 'favourites' : 'read',
        at: reader.position,
        processed: cursor.processed + read,
        summary,
        loved: [...loved],
        lovedAlbums,
      };
      if (ended) forgetReader(job.id);
      const stamp = now();
      return {
        cursor: next,
        done: false,
        save: (trx) =>
          repository.updateJob(trx, job.id, {
            processed: next.processed,
            // How many records a history holds is known once it is read through.
            total: ended ? next.processed : 0,
            summary: JSON.stringify(summary),
            updated_at: stamp,
          }),
      };
    },

    async failed(job, error, trx) {
      forgetReader(job.id);
      await removeUploads(job.id, job.cursor.files.length);
      await recordFailure(trx, job.id, job.cursor.summary, error, 'listens');
    },
  };

  /** A listen of a loved recording names its album: kept (once) to like the album at the end. */
  function noteLovedAlbum(record: ListenRecord & { type: 'listen' }, loved: Set<string>, lovedAlbums: LovedAlbum[]) {
    const keys = [record.recordingMsid, record.listen.recordingMbid].filter((key): key is string => key !== null && loved.has(key));
    if (!keys.length) return;
    for (const key of keys) loved.delete(key);
    const release = record.listen.releaseName;
    if (!release) return;
    const album = { artist: record.listen.artistName, release };
    if (lovedAlbums.length < LOVED_MOST && !lovedAlbums.some((known) => known.artist === album.artist && known.release === album.release)) {
      lovedAlbums.push(album);
    }
  }

  async function recordFailure(trx: DB, importId: string, summary: ImportSummary, error: unknown, context: 'listens' | 'lastfm') {
    const failure =
      error instanceof AppError && error.statusCode < 500 ? error : new AppError(500, 'import_failed', { params: { context } });
    const stamp = now();
    await repository.updateJob(trx, importId, {
      status: 'failed',
      summary: JSON.stringify(summary),
      ...failureColumns(failure),
      updated_at: stamp,
      finished_at: stamp,
    });
  }

  // Last.fm -----------------------------------------------------------------------------------------------------

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Queues the import of a Last.fm user's scrobbles, from `from` to `to` (unix seconds; to now when left out). */
  async function startLastfm(userId: string, input: { username: string; from?: number | null; to?: number | null }) {
    // Not offered here: answered as a route this site does not have.
    if (!deps.lastfm.enabled) throw notFound('lastfm_unavailable');
    if (await repository.runningJob(db, userId)) throw alreadyRunning();
    const to = input.to ?? Math.floor(deps.clock().getTime() / 1000);
    const job = newJob(userId, 'lastfm', input.username, 0);
    const cursor: LastfmCursor = {
      username: input.username,
      from: input.from ?? null,
      to,
      page: 1,
      totalPages: null,
      tries: 0,
      processed: 0,
      summary: summaryOf(),
    };
    await deps.jobs.enqueue({ id: job.id, kind: LASTFM_IMPORT_JOB, owner: userId, cursor, topic: 'last.fm' }, async (trx) => {
      if (await repository.runningJob(trx, userId)) throw alreadyRunning();
      await repository.insertJob(trx, job);
    });
    return job;
  }

  type PageAnswer = { ok: true; data: unknown } | { ok: false; retry: boolean; error?: AppError };

  async function askLastfm(cursor: LastfmCursor): Promise<PageAnswer> {
    const url = new URL(deps.lastfm.baseUrl);
    const params: Record<string, string> = {
      method: 'user.getrecenttracks',
      user: cursor.username,
      api_key: deps.lastfm.apiKey,
      format: 'json',
      limit: String(LASTFM_PAGE_SIZE),
      page: String(cursor.page),
      to: String(cursor.to),
    };
    if (cursor.from !== null) params.from = String(cursor.from);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await (deps.fetch ?? fetch)(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
    } catch {
      return { ok: false, retry: true };
    }
    const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
    const code = typeof body?.error === 'number' ? body.error : null;
    if (response.status >= 500 || response.status === 429 || (code !== null && LASTFM_RETRIED_ERRORS.has(code)))
      return { ok: false, retry: true };
    if (code === 6) return { ok: false, retry: false, error: badRequest('lastfm_user_not_found', { username: cursor.username }) };
    if (code === 17) return { ok: false, retry: false, error: badRequest('lastfm_private', { username: cursor.username }) };
    if (!response.ok || code !== null || body === null) return { ok: false, retry: false, error: serviceUnavailable('lastfm_failed') };
    return { ok: true, data: body };
  }

  const lastfmImport: JobHandler<LastfmCursor> = {
    async step(job) {
      const userId = job.owner!;
      const cursor = job.cursor;
      if (cursor.page > 1 || cursor.tries > 0) {
        // One request at a time, a pause between them; after a failure, longer each time.
        const wait =
          cursor.tries > 0 ? Math.min(LASTFM_BACKOFF_MOST_MS, Math.max(100, deps.lastfm.pauseMs) * 2 ** cursor.tries) : deps.lastfm.pauseMs;
        await sleep(wait);
      }
      const answer = await askLastfm(cursor);
      const stamp = now();
      if (!answer.ok) {
        if (answer.retry && cursor.tries + 1 < LASTFM_TRIES) return { cursor: { ...cursor, tries: cursor.tries + 1 }, done: false };
        const failure = answer.error ?? serviceUnavailable('lastfm_failed');
        return {
          cursor,
          done: true,
          save: (trx) =>
            repository.updateJob(trx, job.id, {
              status: 'failed',
              ...failureColumns(failure),
              summary: JSON.stringify(cursor.summary),
              updated_at: stamp,
              finished_at: stamp,
            }),
        };
      }
      const page = recentTracksPage(answer.data, { now: Math.floor(deps.clock().getTime() / 1000) });
      if (!page) {
        const failure = serviceUnavailable('lastfm_failed');
        return {
          cursor,
          done: true,
          save: (trx) =>
            repository.updateJob(trx, job.id, { status: 'failed', ...failureColumns(failure), updated_at: stamp, finished_at: stamp }),
        };
      }
      const summary = copy(cursor.summary);
      const batch: IncomingListen[] = [];
      for (const record of page.records) {
        if (record.type === 'listen') batch.push(record.listen);
        else if (record.type === 'skip')
          skip(summary, { ...record, line: (cursor.page - 1) * LASTFM_PAGE_SIZE + record.line }, `page ${cursor.page}`);
      }
      await store(userId, 'lastfm', batch, summary);
      const totalPages = Math.max(page.totalPages, cursor.page);
      const done = cursor.page >= totalPages || page.records.length === 0;
      const next: LastfmCursor = { ...cursor, page: cursor.page + 1, totalPages, tries: 0, processed: cursor.processed + 1, summary };
      return {
        cursor: next,
        done,
        save: (trx) =>
          repository.updateJob(
            trx,
            job.id,
            done
              ? finishedColumns(summary, next.processed, stamp)
              : { processed: next.processed, total: totalPages, summary: JSON.stringify(summary), updated_at: stamp },
          ),
      };
    },

    async failed(job, error, trx) {
      await recordFailure(trx, job.id, job.cursor.summary, error, 'lastfm');
    },
  };

  return { start, startLastfm, fileImport, lastfmImport, lastfmEnabled: () => deps.lastfm.enabled };
}
