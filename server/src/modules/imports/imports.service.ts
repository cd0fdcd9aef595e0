import type { ImportJob, ImportSummary } from '@hearsay/contracts/imports';
import { REVIEW_MIN_CHARACTERS, REVIEW_TITLE_MAX } from '@hearsay/contracts/reviews';
import type { DB } from '../../platform/db/index.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { matchKey } from '../../platform/text.ts';
import { addCatalogEntries, albumMatchKey } from '../catalog/catalog-writer.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { splitArtistCredit } from '../catalog/normalise.ts';
import type { LibraryService } from '../library/library.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import * as repository from './imports.repository.ts';
import { parseRymExport, type RymRow } from './rym-csv.ts';

const BATCH = 50;
const SKIPPED_LISTED = 200;
/** A running job whose progress has not moved for this long was cut off (a restart); it may be started again. */
const STALE_MS = 2 * 60_000;

export interface ImportsServiceDeps {
  db: DB;
  clock: () => Date;
  catalog: CatalogService;
  ratings: RatingsService;
  library: LibraryService;
  reviews: ReviewsService;
  log: { error: (details: object, message: string) => void };
}

export type ImportsService = ReturnType<typeof createImportsService>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const emptySummary = (): ImportSummary => ({
  ratingsImported: 0,
  reviewsImported: 0,
  reviewsKept: 0,
  listenLater: 0,
  matched: 0,
  created: 0,
  unchanged: 0,
  skipped: 0,
  skippedRows: [],
});

function present(row: repository.ImportJobRow): ImportJob {
  return {
    id: row.id,
    source: row.source,
    fileName: row.file_name,
    status: row.status,
    total: Number(row.total),
    processed: Number(row.processed),
    summary: { ...emptySummary(), ...(JSON.parse(row.summary) as Partial<ImportSummary>) },
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/**
 * RateYourMusic imports. The file is read at once (so a bad file is refused at upload), then its rows are applied
 * in the background in batches, with progress saved after each. Each row is remembered by its RateYourMusic id:
 * a second import of the same file finds every row unchanged and writes nothing.
 */
export function createImportsService(deps: ImportsServiceDeps) {
  const { db } = deps;
  const now = () => deps.clock().toISOString();

  async function start(userId: string, fileName: string, text: string): Promise<ImportJob> {
    const rows = parseRymExport(text);
    const running = await repository.runningJob(db, userId);
    if (running && deps.clock().getTime() - Date.parse(running.updated_at) < STALE_MS) {
      throw conflict('import_running', 'An import is already running. Please wait for it to finish.');
    }
    if (running) await repository.updateJob(db, running.id, { status: 'failed', error: 'The import was interrupted.', updated_at: now() });
    const stamp = now();
    const job = {
      id: newId(),
      user_id: userId,
      source: 'rym' as const,
      file_name: fileName.slice(0, 200),
      status: 'running' as const,
      total: rows.length,
      processed: 0,
      summary: JSON.stringify(emptySummary()),
      error: null,
      created_at: stamp,
      updated_at: stamp,
      finished_at: null,
    };
    await repository.insertJob(db, job);
    void run(job.id, userId, rows);
    return present({ ...job, processed: 0 });
  }

  async function run(jobId: string, userId: string, rows: RymRow[]) {
    const summary = emptySummary();
    try {
      for (let offset = 0; offset < rows.length; offset += BATCH) {
        await applyBatch(userId, rows.slice(offset, offset + BATCH), summary);
        await repository.updateJob(db, jobId, {
          processed: Math.min(rows.length, offset + BATCH),
          summary: JSON.stringify(summary),
          updated_at: now(),
        });
      }
      await repository.markProfileImported(db, userId, now());
      await repository.updateJob(db, jobId, { status: 'done', summary: JSON.stringify(summary), updated_at: now(), finished_at: now() });
    } catch (error) {
      deps.log.error({ err: error, jobId }, 'import failed');
      await repository
        .updateJob(db, jobId, {
          status: 'failed',
          summary: JSON.stringify(summary),
          error: 'The import stopped because of an error on our side. Importing the file again continues where it stopped.',
          updated_at: now(),
          finished_at: now(),
        })
        .catch(() => undefined);
    }
  }

  function skip(summary: ImportSummary, row: RymRow, reason: string) {
    summary.skipped++;
    if (summary.skippedRows.length < SKIPPED_LISTED) {
      summary.skippedRows.push({ line: row.line, artist: row.artistNames[0] ?? '', title: row.titles[0] ?? '', reason });
    }
  }

  /** Finds each row's album (by artist and title, the year breaking ties), adds the missing ones, then applies the rows. */
  async function applyBatch(userId: string, rows: RymRow[], summary: ImportSummary) {
    const usable = rows.filter((row) => {
      if (row.problem) skip(summary, row, row.problem);
      return !row.problem;
    });
    const keysOf = (row: RymRow) => row.artistNames.flatMap((artist) => row.titles.map((title) => albumMatchKey(artist, title)));
    const found = await repository.albumsByMatchKey(db, [...new Set(usable.flatMap(keysOf))]);
    const byKey = new Map<string, { id: string; year: number | null }[]>();
    for (const album of found)
      byKey.set(album.match_key, [...(byKey.get(album.match_key) ?? []), { id: album.id, year: album.release_year }]);

    const albumOf = new Map<RymRow, { id: string; created: boolean }>();
    const missing: RymRow[] = [];
    for (const row of usable) {
      const candidates = keysOf(row).flatMap((key) => byKey.get(key) ?? []);
      const best =
        candidates.find((album) => row.year !== null && album.year === row.year) ??
        [...candidates].sort((a, b) => Math.abs((a.year ?? 0) - (row.year ?? 0)) - Math.abs((b.year ?? 0) - (row.year ?? 0)))[0];
      if (best) albumOf.set(row, { id: best.id, created: false });
      else missing.push(row);
    }
    if (missing.length) {
      // A new album goes under an artist the catalog already has, if any spelling of the name matches one.
      const known = await repository.artistNamesByKey(db, [...new Set(missing.flatMap((row) => row.artistNames.map(matchKey)))]);
      const added = await addCatalogEntries(
        db,
        missing.map((row) => {
          const artist = row.artistNames.map((name) => known.get(matchKey(name))).find(Boolean) ?? row.artistNames[0]!;
          const credits = splitArtistCredit(artist);
          return {
            title: row.titles[0]!,
            credits,
            releaseDate: row.year ? String(row.year) : null,
            releaseType: 'album' as const,
            rawGenres: [],
            label: null,
            description: null,
            mbid: null,
            artistMbids: credits.map(() => null),
            discogsMasterId: null,
            tracks: [],
            source: 'import' as const,
          };
        }),
        now(),
      );
      missing.forEach((row, index) => albumOf.set(row, { id: added.albumIds[index]!, created: true }));
      deps.catalog.invalidateAll();
    }

    const previous = await repository.itemsFor(
      db,
      userId,
      usable.map((row) => row.rymId),
    );
    for (const row of usable) {
      const album = albumOf.get(row)!;
      const before = previous.get(row.rymId);
      const review = row.review;
      const same =
        before &&
        before.album_id === album.id &&
        (before.rating === null ? null : Number(before.rating)) === row.rating &&
        Boolean(before.wishlist) === row.wishlist &&
        (before.review_text ?? null) === (review?.text ?? null);
      if (same) {
        summary.unchanged++;
        continue;
      }
      if (album.created) summary.created++;
      else summary.matched++;
      // Only what changed in the export is applied, so a rating changed on Hearsay since is not overwritten.
      if (row.rating !== null && (!before || Number(before.rating) !== row.rating)) {
        await deps.ratings.rate(userId, album.id, row.rating);
        summary.ratingsImported++;
      }
      if (row.wishlist && !before?.wishlist) {
        await deps.library.setListenLater(userId, album.id, true);
        summary.listenLater++;
      }
      if (review && review.text !== before?.review_text) {
        if (await publishReview(userId, album.id, row.rating, review)) summary.reviewsImported++;
        else summary.reviewsKept++;
      }
      const stamp = now();
      await repository.upsertItem(db, {
        user_id: userId,
        source: 'rym',
        external_id: row.rymId,
        album_id: album.id,
        rating: row.rating,
        wishlist: row.wishlist ? 1 : 0,
        review_title: review?.title || null,
        review_text: review?.text ?? null,
        created_at: before?.created_at ?? stamp,
        updated_at: stamp,
      });
    }
  }

  /**
   * A review in the export becomes a Hearsay review when it can be one: it has a rating, at least 50 characters,
   * and the person has not reviewed the album here already. Otherwise its text stays with the import row.
   */
  async function publishReview(userId: string, albumId: string, rating: number | null, review: { title: string; text: string }) {
    if (rating === null || review.text.length < REVIEW_MIN_CHARACTERS) return false;
    const html = review.text
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join('');
    try {
      await deps.reviews.publish(userId, albumId, { rating, title: review.title.slice(0, REVIEW_TITLE_MAX), content: html });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return false;
      throw error;
    }
  }

  async function job(userId: string, jobId: string): Promise<ImportJob> {
    const row = await repository.findJob(db, jobId);
    // Someone else's import is answered exactly like one that does not exist.
    if (!row || row.user_id !== userId) throw notFound('import_not_found', 'That import does not exist.');
    return present(row);
  }

  async function latest(userId: string): Promise<ImportJob | null> {
    const row = await repository.latestJob(db, userId);
    return row ? present(row) : null;
  }

  return { start, job, latest };
}
