import type { HearsayImportDeps } from './hearsay-import.ts';
import type { ErrorIssue, ErrorParams } from '@hearsay/contracts/errors';
import type { ImportJob, ImportSummary } from '@hearsay/contracts/imports';
import type { Readable } from 'node:stream';
import type { DB } from '../../platform/db/index.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ClientOrigin } from '../../platform/http/client-origin.ts';
import type { Job, JobHandler, JobRunner, Step } from '../../platform/jobs/runner.ts';
import { shorten } from '../../platform/text.ts';
import type { CatalogEntry, CatalogService } from '../catalog/catalog.service.ts';
import type { CollectionsService } from '../collections/collections.service.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { LibraryService } from '../library/library.service.ts';
import type { ProfileRows } from '../profiles/profiles.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import { recordImportFailure } from './import-failure.ts';
import * as asked from './asked.repository.ts';
import * as repository from './imports.repository.ts';
import { createAlbumMatching, emptySummary } from './album-matching.ts';
import { createHearsayImport } from './hearsay-import.ts';
import { createListenImport, type LastfmSettings } from './listen-import.ts';
import type { ListensService } from '../listens/listens.service.ts';
import { countRymRows, estimateRymRows, readRymHeader, readRymRows, rymFileAsUtf8, type RymCursor, type RymRow } from './rym-csv.ts';
import { REVIEW_MIN_CHARACTERS, REVIEW_TITLE_MAX } from '@hearsay/contracts/constants';
import { importsAlbumMerge } from './merged-albums.repository.ts';

export { HEARSAY_IMPORT_JOB } from './hearsay-import.ts';
export { LASTFM_IMPORT_JOB, LISTEN_IMPORT_JOB } from './listen-import.ts';

/** The kind of job that runs an import (platform/jobs); services.ts registers `rymImport` for it. */
export const RYM_IMPORT_JOB = 'rym-import';
/** Rows applied in one step at most; fewer when rows take longer than the step's time. */
const BATCH = 50;
/** Rows counted in one step at most: counting only parses. */
const COUNT_BATCH = 5000;
/** Files of imports running in this process, kept in memory rather than read from the database at every step. */
const FILES_KEPT = 4;
/** Skipped rows, and albums of review texts kept as drafts, listed in the summary at most. */
const LISTED = 200;
/** A skipped row's artist and title are echoed in the summary this long at most, whatever the file holds. */
const SKIPPED_TEXT_MAX = 200;
/** Why a row neither rated nor on the wishlist (and not reviewed, or its album not in the catalog) is skipped. */
const NOTHING_TO_IMPORT = 'Neither rated, owned nor on your wishlist: nothing to import';

type Credit = CatalogEntry['credits'][number];

/** A row's credits as the catalog takes them: the name as written, its other spellings as aliases. */
const creditsOf = (row: RymRow): Credit[] => row.credits.map((credit) => ({ name: credit.name, joinPhrase: '', aliases: credit.aliases }));

export interface ImportsServiceDeps {
  db: DB;
  /** Where uploaded Hearsay exports wait for their job (imports/). */
  dataDir: string;
  clock: () => Date;
  catalog: CatalogService;
  ratings: RatingsService;
  library: LibraryService;
  reviews: ReviewsService;
  collections: CollectionsService;
  journal: JournalService;
  /** The profile's RateYourMusic-imported flag, set in the transaction that finishes a first import. */
  profiles: Pick<ProfileRows, 'markRymImported'>;
  /** Albums new to the catalog that one import, and one person's imports in 24 hours, may add. */
  limits: { newAlbumsPerImport: number; newAlbumsPerDay: number; listenFileBytes?: number };
  jobs: Pick<JobRunner, 'enqueue'>;
  /** Where imported listening histories are stored. */
  listens: Pick<ListensService, 'record'>;
  /** Last.fm's API, for importing scrobbles; off when left out. */
  lastfm?: LastfmSettings;
  /** How Last.fm is reached (tests may pass their own). */
  fetch?: typeof fetch;
  /** Called when an import has applied its last row: the albums it added are looked up on MusicBrainz. */
  afterImport?: () => Promise<void>;
  /** Following people of other sites again, from a Hearsay export (the federation service). */
  federation?: HearsayImportDeps['federation'];
  /** The member's favourite albums, set from a Hearsay export (the profiles module's). */
  favourites: HearsayImportDeps['favourites'];
}

/**
 * Where an import stands, saved after each step: first the file is read through to count its rows (and find a
 * broken file before anything is imported), then the rows are applied, the summary adding up as they go.
 */
interface ImportCursor extends RymCursor {
  phase: 'count' | 'apply';
  summary: ImportSummary;
  /** Where the import was started (browser, address range): the vouches its finds record (decision 058). */
  origin?: ClientOrigin;
}

export type ImportsService = ReturnType<typeof createImportsService>;

function present(row: repository.ImportJobRow): ImportJob {
  return {
    id: row.id,
    source: row.source,
    fileName: row.file_name,
    status: row.status,
    checking: row.source === 'hearsay' && row.status === 'running' && !row.accepted_at,
    total: Number(row.total),
    processed: Number(row.processed),
    summary: { ...emptySummary(), ...(JSON.parse(row.summary) as Partial<ImportSummary>) },
    error: row.error,
    errorCode: row.error_code,
    errorParams: row.error_params ? (JSON.parse(row.error_params) as ErrorParams) : null,
    // Imports that failed before issues had codes kept only the English: an empty code says so.
    issues: row.issues
      ? (JSON.parse(row.issues) as Partial<ErrorIssue>[]).map((issue) => ({ path: '', message: '', ...issue, code: issue.code ?? '' }))
      : [],
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/**
 * RateYourMusic imports. At upload only the header is checked; the file is kept with the import, which then runs
 * as a background job (platform/jobs) in short steps: a few rows read and applied, progress and summary saved,
 * other requests served. A restart resumes it where it stopped. Each row is remembered by its RateYourMusic id:
 * a second import of the same file finds every row unchanged and writes nothing.
 */
export function createImportsService(deps: ImportsServiceDeps) {
  const { db } = deps;
  const now = () => deps.clock().toISOString();
  const matching = createAlbumMatching(deps);
  const hearsay = createHearsayImport({ ...deps, matching });
  const listenImport = createListenImport({
    ...deps,
    matching,
    maxBytes: deps.limits.listenFileBytes ?? 512 * 1024 * 1024,
    lastfm: deps.lastfm ?? { enabled: false, apiKey: '', baseUrl: '', pauseMs: 0 },
  });
  const files = new Map<string, { bytes: Buffer; columns: string[]; rowsStart: number }>();
  /** Rows per step, adjusted after each step so that steps take about the runner's budget. */
  const pace = { count: 500, apply: 5 };

  async function start(userId: string, fileName: string, upload: Buffer, origin?: ClientOrigin): Promise<ImportJob> {
    const bytes = rymFileAsUtf8(upload);
    const { rowsStart } = readRymHeader(bytes);
    const stamp = now();
    const job = {
      id: newId(),
      user_id: userId,
      source: 'rym' as const,
      file_name: fileName.slice(0, 200),
      status: 'running' as const,
      // Until the file is counted through, in the first second or so of the job.
      total: estimateRymRows(bytes, rowsStart),
      processed: 0,
      summary: JSON.stringify(emptySummary()),
      error: null,
      error_code: null,
      error_params: null,
      issues: null,
      accepted_at: null,
      created_at: stamp,
      updated_at: stamp,
      finished_at: null,
    };
    const cursor: ImportCursor = { phase: 'count', offset: rowsStart, rows: 0, summary: emptySummary(), origin };
    await deps.jobs.enqueue({ id: job.id, kind: RYM_IMPORT_JOB, owner: userId, cursor }, async (trx) => {
      if (await repository.runningJob(trx, userId)) {
        throw conflict('import_running');
      }
      await repository.insertJob(trx, job);
      await repository.insertFile(trx, job.id, bytes);
    });
    return present(job);
  }

  async function fileOf(importId: string) {
    let file = files.get(importId);
    if (!file) {
      const bytes = await repository.findFile(db, importId);
      if (!bytes) return null;
      file = { bytes, ...readRymHeader(bytes) };
      files.set(importId, file);
      for (const stale of [...files.keys()].slice(0, -FILES_KEPT)) files.delete(stale);
    }
    return file;
  }

  /** A step over the budget shrinks the next one to fit at once; a step within it lets the next grow a little. */
  function adjustPace(phase: keyof typeof pace, rows: number, spentMs: number, budgetMs: number, most: number) {
    pace[phase] = spentMs > budgetMs ? Math.max(1, Math.floor((rows * budgetMs) / spentMs)) : Math.min(most, Math.ceil(pace[phase] * 1.1));
  }

  const rymImport: JobHandler<ImportCursor> = {
    async step(job: Job<ImportCursor>, budgetMs: number): Promise<Step<ImportCursor>> {
      const started = performance.now();
      const { cursor } = job;
      const file = await fileOf(job.id);
      // The import went with its owner's account.
      if (!file) return { cursor, done: true };

      if (cursor.phase === 'count') {
        const limit = pace.count;
        const next = countRymRows(file.bytes, cursor, limit);
        adjustPace('count', next.rows - cursor.rows, performance.now() - started, budgetMs, COUNT_BATCH);
        if (next.rows - cursor.rows === limit) return { cursor: { ...cursor, ...next }, done: false };
        return {
          cursor: { phase: 'apply', offset: file.rowsStart, rows: 0, summary: cursor.summary, origin: cursor.origin },
          done: false,
          save: (trx) => repository.updateJob(trx, job.id, { total: next.rows, updated_at: now() }),
        };
      }

      const limit = pace.apply;
      const { rows, next } = readRymRows(file.bytes, file.columns, cursor, limit);
      const summary = { ...cursor.summary, skippedRows: [...cursor.summary.skippedRows], drafts: [...(cursor.summary.drafts ?? [])] };
      if (rows.length) await applyBatch(job.owner!, rows, summary, cursor.origin);
      adjustPace('apply', rows.length, performance.now() - started, budgetMs, BATCH);
      const done = rows.length < limit;
      if (done) {
        files.delete(job.id);
        await deps.afterImport?.();
      }
      const stamp = now();
      return {
        cursor: { phase: 'apply', ...next, summary, origin: cursor.origin },
        done,
        async save(trx) {
          const progress = { processed: next.rows, summary: JSON.stringify(summary), updated_at: stamp };
          if (!done) return repository.updateJob(trx, job.id, progress);
          await repository.updateJob(trx, job.id, { ...progress, status: 'done', total: next.rows, finished_at: stamp });
          await deps.profiles.markRymImported(trx, job.owner!, stamp);
          await repository.deleteFile(trx, job.id);
        },
      };
    },

    async failed(job, error, trx) {
      files.delete(job.id);
      await recordImportFailure(trx, job, error, { source: 'rym', now: now() });
    },
  };

  function skip(summary: ImportSummary, row: RymRow, reason: string) {
    summary.skipped++;
    if (summary.skippedRows.length < LISTED) {
      summary.skippedRows.push({
        line: row.line,
        artist: shorten(row.artistNames[0] ?? '', SKIPPED_TEXT_MAX),
        title: shorten(row.titles[0] ?? '', SKIPPED_TEXT_MAX),
        reason,
      });
    }
  }

  /**
   * Finds each row's album (see `findAlbums`), adds the missing ones, then applies the rows. A row neither rated nor
   * on the wishlist adds nothing to the catalog: with a review, its text is kept when the album is found.
   */
  async function applyBatch(userId: string, rows: RymRow[], summary: ImportSummary, origin: ClientOrigin | undefined) {
    const usable = rows.filter((row) => {
      if (row.problem) skip(summary, row, row.problem);
      else if (row.rating === null && !row.wishlist && !row.ownership && !row.review) skip(summary, row, NOTHING_TO_IMPORT);
      return !row.problem && (row.rating !== null || row.wishlist || row.ownership !== null || row.review !== null);
    });
    const { albumOf } = await matching.findAlbums(userId, usable);
    await matching.vouchFound(
      userId,
      [...albumOf.values()].map((album) => album.id),
      origin,
    );
    const missing = usable.filter((row) => {
      if (albumOf.has(row) || row.rating !== null || row.wishlist || row.ownership) return !albumOf.has(row);
      skip(summary, row, NOTHING_TO_IMPORT);
      return false;
    });
    await matching.addAlbums(userId, missing, summary, (row, reason) => skip(summary, row, reason), albumOf, origin);

    const previous = await repository.itemsFor(
      db,
      userId,
      usable.map((row) => row.rymId),
    );
    /** Other spellings of the artists of albums found, kept as the artists' aliases. */
    const aliases: { albumId: string; credits: Credit[] }[] = [];
    for (const row of usable) {
      const album = albumOf.get(row);
      if (!album) continue;
      const before = previous.get(row.rymId);
      const review = row.review;
      const same =
        before &&
        before.album_id === album.id &&
        (before.rating === null ? null : Number(before.rating)) === row.rating &&
        Boolean(before.wishlist) === row.wishlist &&
        (before.ownership ?? null) === row.ownership &&
        (before.media_type ?? null) === row.mediaType &&
        (before.review_text ?? null) === (review?.text ?? null);
      if (same) {
        summary.unchanged++;
        continue;
      }
      if (album.created) summary.created++;
      else {
        summary.matched++;
        if (row.credits.some((credit) => credit.aliases.length)) aliases.push({ albumId: album.id, credits: creditsOf(row) });
      }
      // Only what changed in the export is applied, so a rating changed on Hearsay since is not overwritten.
      if (row.rating !== null && (!before || Number(before.rating) !== row.rating)) {
        await deps.ratings.rate(userId, album.id, row.rating, { quiet: true });
        summary.ratingsImported++;
      }
      if (row.wishlist && !before?.wishlist) {
        await deps.library.setListenLater(userId, album.id, true);
        summary.listenLater++;
      }
      // The copy as RateYourMusic lists it; an edition chosen here since is kept.
      if (row.ownership && (before?.ownership !== row.ownership || (before?.media_type ?? null) !== row.mediaType)) {
        await deps.library.setOwnership(userId, album.id, { status: row.ownership, mediaType: row.mediaType });
      }
      if (review && review.text !== before?.review_text) {
        if (await publishReview(userId, album.id, row.rating, review)) summary.reviewsImported++;
        else if (await deps.reviews.keepDraft(userId, album.id, { title: review.title, content: review.html })) {
          summary.reviewsKept++;
          if (summary.drafts.length < LISTED) {
            summary.drafts.push({
              albumId: album.id,
              artist: shorten(row.artistNames[0] ?? '', SKIPPED_TEXT_MAX),
              title: shorten(row.titles[0] ?? '', SKIPPED_TEXT_MAX),
            });
          }
        }
      }
      const stamp = now();
      await repository.upsertItem(db, {
        user_id: userId,
        source: 'rym',
        external_id: row.rymId,
        album_id: album.id,
        rating: row.rating,
        wishlist: row.wishlist ? 1 : 0,
        ownership: row.ownership,
        media_type: row.mediaType,
        review_title: review?.title || null,
        review_text: review?.text ?? null,
        created_at: before?.created_at ?? stamp,
        updated_at: stamp,
      });
    }
    if (aliases.length) await deps.catalog.addEntries([], { importedBy: userId, aliases });
    // Rows of a batch are skipped at different stages; the summary lists them in the file's order.
    summary.skippedRows.sort((a, b) => a.line - b.line);
  }

  /**
   * A review in the export becomes a Hearsay review when it can be one: it has a rating, at least 50 characters,
   * and the person has not reviewed the album here already. Otherwise it is kept as the person's draft review of
   * the album (and its text with the import row).
   */
  async function publishReview(userId: string, albumId: string, rating: number | null, review: RymRow['review'] & object) {
    if (rating === null || review.text.length < REVIEW_MIN_CHARACTERS) return false;
    try {
      await deps.reviews.publish(
        userId,
        albumId,
        { rating, title: review.title.slice(0, REVIEW_TITLE_MAX), content: review.html },
        { quiet: true },
      );
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return false;
      throw error;
    }
  }

  async function job(userId: string, jobId: string): Promise<ImportJob> {
    const row = await repository.findJob(db, jobId);
    // Someone else's import is answered exactly like one that does not exist.
    if (!row || row.user_id !== userId) throw notFound('import_not_found');
    return present(row);
  }

  async function latest(userId: string): Promise<ImportJob | null> {
    const row = await repository.latestJob(db, userId);
    return row ? present(row) : null;
  }

  /** A Hearsay export (the ZIP of "Download my data", or its hearsay.json) as it arrives: checked and applied by a job. */
  const startHearsay = async (userId: string, fileName: string, upload: Readable, origin?: ClientOrigin): Promise<ImportJob> =>
    present(await hearsay.start(userId, fileName, upload, origin));

  /** The RateYourMusic ids a person's imports named, a page at a time, and how many: Download my data (decision 028). */
  const exported = {
    count: (userId: string) => asked.exportedCount(deps.db, userId),
    rymIds: (userId: string, after: string, limit: number) => asked.exportedRymIds(deps.db, userId, after, limit),
  };

  /** Where other modules find albums by artist and title, and add those the catalog lacks, as an import does (a member's listens). */
  const albumMatching = { findAlbums: matching.findAlbums, addAlbums: matching.addAlbums, emptySummary };

  /** A listening history uploaded (one or several files): stored, then read and stored by a job. */
  const startListens = async (userId: string, files: AsyncIterable<{ filename: string; file: Readable }>): Promise<ImportJob> =>
    present(await listenImport.start(userId, files));

  /** A Last.fm user's scrobbles, through Last.fm's API. */
  const startLastfm = async (userId: string, input: { username: string; from?: number | null; to?: number | null }): Promise<ImportJob> =>
    present(await listenImport.startLastfm(userId, input));

  const listenOptions = () => ({
    lastfm: listenImport.lastfmEnabled(),
    maxMegabytes: Math.floor((deps.limits.listenFileBytes ?? 512 * 2 ** 20) / 2 ** 20),
  });

  return {
    start,
    /** What imports remember of an album follows it when merged into another (decision 080). */
    albumMerge: importsAlbumMerge(),
    startHearsay,
    startListens,
    startLastfm,
    listenOptions,
    job,
    latest,
    rymImport,
    hearsayImport: hearsay.handler,
    listenImport: listenImport.fileImport,
    lastfmImport: listenImport.lastfmImport,
    exported,
    albumMatching,
  };
}
