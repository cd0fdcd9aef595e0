import { HEARSAY_IMPORT_MAX_BYTES } from '@hearsay/contracts/constants';
import { COLLECTION_ALBUMS_MAX, COLLECTION_NOTE_MAX, CreateCollectionBodySchema } from '@hearsay/contracts/collections';
import type { ExportAlbum, HearsayExport } from '@hearsay/contracts/data-export';
import type { ImportSummary } from '@hearsay/contracts/imports';
import { CreateJournalEntryBodySchema } from '@hearsay/contracts/journal';
import { ReviewBodySchema } from '@hearsay/contracts/reviews';
import { z } from 'zod';
import type { DB } from '../../platform/db/index.ts';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, conflict } from '../../platform/errors.ts';
import { tooOften } from '../../platform/auth/rate-limiter.ts';
import type { ClientOrigin } from '../../platform/http/client-origin.ts';
import { newId } from '../../platform/ids.ts';
import type { Job, JobHandler, JobRunner, Step } from '../../platform/jobs/runner.ts';
import { shorten, titleMatchKey } from '../../platform/text.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CollectionsService } from '../collections/collections.service.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { IncomingListen, ListensService } from '../listens/listens.service.ts';
import type { LibraryService } from '../library/library.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import { emptySummary, type AlbumMatching, type FoundAlbum, type NewAlbum } from './album-matching.ts';
import { readHearsayExportOffThread } from './hearsay-reader.ts';
import { failureColumns, recordImportFailure } from './import-failure.ts';
import { HistoryReader, NotAListenFile, type ReadPosition } from './listen-files.ts';
import * as repository from './imports.repository.ts';

/** The kind of job that imports a Hearsay export (platform/jobs). */
export const HEARSAY_IMPORT_JOB = 'hearsay-import';

/**
 * What is applied, in this order: ratings first, so that a review (which sets the rating to its own) can be followed
 * by the rating the export holds now.
 */
const SECTIONS = [
  'ratings',
  'reviews',
  'reviewDrafts',
  'journal',
  'collections',
  'listenLater',
  'albumLikes',
  'ownership',
  'favouriteAlbums',
  'trackRatings',
] as const;
type Section = (typeof SECTIONS)[number];
/** Items applied in one step at most; fewer when they take longer than the step's time. A collection is a step. */
const BATCH = 25;
const EXPORTS_KEPT = 2;
const SKIPPED_LISTED = 200;
const SKIPPED_TEXT_MAX = 200;
/** Hearsay exports one person may have accepted in an hour; files found not to be one do not count. */
const HEARSAY_IMPORTS_PER_HOUR = 10;
const HOUR_MS = 3600_000;
/** Listens read and stored in one step at most; fewer when the step's time runs out first. */
const LISTENS_PER_STEP = 2000;
/** Where an export's listens are in its ZIP (data-export.files.ts writes them there). */
const LISTENS_FOLDER = 'listens/';
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const itemsOf = (data: HearsayExport) => ({
  ratings: data.ratings,
  reviews: data.reviews,
  reviewDrafts: data.reviewDrafts,
  journal: data.journal,
  collections: data.collections,
  listenLater: data.listenLater,
  albumLikes: data.likes.albums,
  ownership: data.ownership,
  // At most four, so always one step: the choice is taken whole or not at all.
  favouriteAlbums: data.favouriteAlbums.toSorted((a, b) => a.position - b.position),
  // Last, so that a cursor saved before track ratings were imported names the same sections.
  trackRatings: data.trackRatings ?? [],
});

/**
 * Where the import stands: first the uploaded file is read and checked (`check`; cursors saved before there was a
 * check have no phase and are applying), then the section and the item in it, the items done so far, the summary.
 */
interface HearsayCursor {
  phase?: 'check' | 'apply';
  section: number;
  index: number;
  processed: number;
  summary: ImportSummary;
  /** Where the import was started (browser, address range): the vouches its finds record (decision 058). */
  origin?: ClientOrigin;
  /** Once the sections are applied: where reading the ZIP's `listens/` stands, `done` once read. */
  listens?: ReadPosition | 'done';
}

/** A collection as the collections service creates it, with any number of albums (an empty one stays empty). */
const ImportedCollectionSchema = CreateCollectionBodySchema.extend({ albumIds: z.array(z.string()).max(COLLECTION_ALBUMS_MAX) });

export interface HearsayImportDeps {
  db: DB;
  /** Uploads wait under `imports/` here until their job has read them. */
  dataDir: string;
  clock: () => Date;
  catalog: Pick<CatalogService, 'splitArtistCredit' | 'albumsByIds' | 'albumsByMbid' | 'albumTracks'>;
  ratings: RatingsService;
  library: LibraryService;
  reviews: ReviewsService;
  collections: CollectionsService;
  journal: JournalService;
  /** Where the export's listens are stored again (`listens/<year>/<month>.jsonl` in its ZIP). */
  listens: Pick<ListensService, 'record'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  matching: AlbumMatching;
  afterImport?: () => Promise<void>;
  /**
   * Federation on this site, and following people of other sites again (the federation service, which sends each
   * `Follow` from a job of its own); absent or off, an export's follows of them are left out and said so.
   */
  federation?: { enabled: boolean; followAgain(userId: string, people: readonly { url: string; handle: string }[]): Promise<void> };
  /** The member's favourite albums (the profiles module's): the export's choice, unless they chose their own here. */
  favourites: { choose(userId: string, albumIds: readonly string[]): Promise<{ chosen: number; keptOwn: boolean }> };
}

type Wanted = NewAlbum & { album: ExportAlbum };

/**
 * Importing a Hearsay export ("Download my data", from this site or another). The upload is only written to a file
 * under DATA_DIR/imports and answered; the import's job then reads and checks it in a thread of its own
 * (hearsay-reader.ts). A file that is not an export ends the import as failed with what is wrong, and nothing of the
 * person's is touched; an export is kept with the import and applied a few items at a time, the cursor saying where
 * it stands, so that a restart resumes it. What can be made again is, through each module's service: ratings,
 * reviews, journal entries, collections, listen later and album likes. Follows, comments and likes of others'
 * reviews and collections name people and things of the other site: they are counted as left out. Follows of people of
 * other sites (federation) are asked again once the rest is in, when federation is on here. Importing the file again
 * adds nothing (see each section).
 */
export function createHearsayImport(deps: HearsayImportDeps) {
  const { db, matching } = deps;
  const now = () => deps.clock().toISOString();
  const exports = new Map<string, HearsayExport>();
  let pace = 5;

  /** The artists of a credit as the catalog splits it, joined as the credit was written, so that it reads the same here. */
  function creditsOf(artist: string): NewAlbum['credits'] {
    const names = deps.catalog.splitArtistCredit(artist).map((credit) => credit.name);
    let from = 0;
    const starts = names.map((name) => {
      const start = artist.indexOf(name, from);
      from = start < 0 ? from : start + name.length;
      return start;
    });
    if (starts.includes(-1)) return [{ name: artist, aliases: [], joinPhrase: '' }];
    return names.map((name, index) => ({
      name,
      aliases: [],
      joinPhrase: index === names.length - 1 ? '' : artist.slice(starts[index]! + name.length, starts[index + 1]),
    }));
  }

  function keep(importId: string, data: HearsayExport) {
    exports.set(importId, data);
    for (const stale of [...exports.keys()].slice(0, -EXPORTS_KEPT)) exports.delete(stale);
  }

  const uploadPath = (importId: string) => join(deps.dataDir, 'imports', `${importId}.upload`);
  /** The upload written out again from the import's copy, for reading its listens (the upload itself goes once checked). */
  const listensPath = (importId: string) => join(deps.dataDir, 'imports', `${importId}.listens.zip`);

  /** At most HEARSAY_IMPORTS_PER_HOUR accepted files in the last hour; refused ones are not counted. */
  async function checkPace(userId: string) {
    const since = new Date(deps.clock().getTime() - HOUR_MS).toISOString();
    const accepted = await repository.acceptedHearsayImportsSince(db, userId, since);
    if (accepted.length < HEARSAY_IMPORTS_PER_HOUR) return;
    const freed = new Date(accepted[accepted.length - HEARSAY_IMPORTS_PER_HOUR]!).getTime() + HOUR_MS;
    throw tooOften(Math.max(1, Math.ceil((freed - deps.clock().getTime()) / 1000)), 'often');
  }

  /** Passes the upload on as it arrives, and ends it with a 413 as soon as it passes the limit. */
  function bounded(): Transform {
    let received = 0;
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > HEARSAY_IMPORT_MAX_BYTES)
          done(new AppError(413, 'payload_too_large', { params: { context: 'limit', megabytes: HEARSAY_IMPORT_MAX_BYTES / 2 ** 20 } }));
        else done(null, chunk);
      },
    });
  }

  const alreadyRunning = () => conflict('import_running');

  /**
   * Writes the upload to a file as it arrives, refused with a 413 once it passes the size limit, and queues the
   * import, which reads the file. Nothing is parsed here.
   */
  async function start(userId: string, fileName: string, upload: Readable, origin?: ClientOrigin) {
    await checkPace(userId);
    if (await repository.runningJob(db, userId)) throw alreadyRunning();
    const stamp = now();
    const job = {
      id: newId(),
      user_id: userId,
      source: 'hearsay' as const,
      file_name: fileName.slice(0, 200),
      status: 'running' as const,
      total: 0,
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
    const path = uploadPath(job.id);
    await mkdir(join(deps.dataDir, 'imports'), { recursive: true });
    try {
      await pipeline(upload, bounded(), createWriteStream(path, { mode: 0o600 }));
      const cursor: HearsayCursor = { phase: 'check', section: 0, index: 0, processed: 0, summary: emptySummary(), origin };
      await deps.jobs.enqueue({ id: job.id, kind: HEARSAY_IMPORT_JOB, owner: userId, cursor }, async (trx) => {
        if (await repository.runningJob(trx, userId)) throw alreadyRunning();
        await repository.insertJob(trx, job);
      });
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return job;
  }

  async function exportOf(importId: string): Promise<HearsayExport | null> {
    const kept = exports.get(importId);
    if (kept) return kept;
    const bytes = await repository.findFile(db, importId);
    if (!bytes) return null;
    // A copy of its own, handed over to the thread whole.
    const data = await readHearsayExportOffThread({ bytes: new Uint8Array(bytes) });
    keep(importId, data);
    return data;
  }

  /**
   * Uploads left behind by an import that no longer runs (its account deleted while the file waited) are removed a
   * day after they came.
   */
  async function sweep(): Promise<void> {
    const folder = join(deps.dataDir, 'imports');
    const names = await readdir(folder).catch(() => [] as string[]);
    const dayAgo = Date.now() - 24 * HOUR_MS;
    for (const name of names) {
      const info = await stat(join(folder, name)).catch(() => null);
      if (!info || info.mtimeMs > dayAgo) continue;
      const job = await repository.findJob(db, name.split('.')[0]!);
      if (job?.status !== 'running') await rm(join(folder, name), { force: true });
    }
  }

  /**
   * The job's first step: the upload read and checked off this thread. An export is kept with the import (and
   * counts toward the hourly limit); anything else ends the import as failed, with what is wrong.
   */
  async function check(job: Job<HearsayCursor>): Promise<Step<HearsayCursor>> {
    const path = uploadPath(job.id);
    const stamp = now();
    await sweep();
    const present = await stat(path).then(
      () => true,
      () => false,
    );
    let data: HearsayExport;
    try {
      if (!present) throw new AppError(400, 'upload_missing');
      data = await readHearsayExportOffThread({ path });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      return {
        cursor: job.cursor,
        done: true,
        save: (trx) =>
          repository.updateJob(trx, job.id, {
            status: 'failed',
            ...failureColumns(error),
            updated_at: stamp,
            finished_at: stamp,
          }),
        saved: () => void rm(path, { force: true }),
      };
    }
    const items = itemsOf(data);
    const otherSites = data.follows.otherSites;
    const federated = deps.federation?.enabled === true;
    const summary: ImportSummary = {
      ...emptySummary(),
      // Followers come back only by following again from their own site.
      followsSkipped: data.follows.following.length + data.follows.followers.length + (otherSites?.followers.length ?? 0),
      remoteFollowsAsked: federated ? (otherSites?.following.length ?? 0) : 0,
      remoteFollowsOff: federated ? 0 : (otherSites?.following.length ?? 0),
      commentsSkipped: data.comments.length,
      likesSkipped: data.likes.reviews.length + data.likes.collections.length,
    };
    const bytes = await readFile(path);
    keep(job.id, data);
    return {
      cursor: { phase: 'apply', section: 0, index: 0, processed: 0, summary, origin: job.cursor.origin },
      done: false,
      async save(trx) {
        await repository.updateJob(trx, job.id, {
          total: SECTIONS.reduce((sum, section) => sum + items[section].length, 0) + (data.listens?.count ?? 0),
          summary: JSON.stringify(summary),
          accepted_at: stamp,
          updated_at: stamp,
        });
        await repository.insertFile(trx, job.id, bytes);
      },
      saved: () => void rm(path, { force: true }),
    };
  }

  /** Applies items of one section; `line` numbers them in the summary's list of what was skipped. */
  function applier(userId: string, data: HearsayExport, summary: ImportSummary, firstLine: number, origin: ClientOrigin | undefined) {
    function skip(line: number, album: { artist: string; title: string }, reason: string) {
      summary.skipped++;
      if (summary.skippedRows.length < SKIPPED_LISTED) {
        summary.skippedRows.push({
          line,
          artist: shorten(album.artist, SKIPPED_TEXT_MAX),
          title: shorten(album.title, SKIPPED_TEXT_MAX),
          reason: shorten(reason, SKIPPED_TEXT_MAX),
        });
      }
    }

    /**
     * This site's album for each of the export's: the one of the same id when it is the same album (another site's
     * ids may be other albums here), else the one of the same MusicBrainz id, else by artist, title and year as for
     * RateYourMusic, else added to the catalog, pending, within the same limits. Keyed by the export's album id.
     */
    async function albumsFor(albums: readonly ExportAlbum[], lineOf: (album: ExportAlbum) => number) {
      const unique = [...new Map(albums.map((album) => [album.id, album])).values()];
      const result = new Map<string, FoundAlbum>();
      const sameId = new Map((await deps.catalog.albumsByIds(unique.map((album) => album.id))).map((row) => [row.id, row.title_key]));
      for (const album of unique)
        if (sameId.get(album.id) === titleMatchKey(album.title)) result.set(album.id, { id: album.id, created: false });

      let rest = unique.filter((album) => !result.has(album.id));
      const mbids = [...new Set(rest.flatMap((album) => (album.mbid ? [album.mbid] : [])))];
      const byMbid = new Map<string, string>();
      for (const row of await deps.catalog.albumsByMbid(mbids)) if (row.mbid && !byMbid.has(row.mbid)) byMbid.set(row.mbid, row.id);
      for (const album of rest) {
        const id = album.mbid ? byMbid.get(album.mbid) : undefined;
        if (id) result.set(album.id, { id, created: false });
      }

      rest = rest.filter((album) => !result.has(album.id));
      const wanted: Wanted[] = rest.map((album) => ({
        album,
        artistNames: [album.artist],
        titles: [album.title],
        year: album.year,
        credits: creditsOf(album.artist),
        mbid: album.mbid,
      }));
      const { albumOf } = await matching.findAlbums(userId, wanted);
      // Albums found by id or MusicBrainz id are finds too.
      await matching.vouchFound(
        userId,
        [...[...result.values()].map((found) => found.id), ...[...albumOf.values()].map((found) => found.id)],
        origin,
      );
      const missing = wanted.filter((row) => !albumOf.has(row));
      await matching.addAlbums(userId, missing, summary, (row, reason) => skip(lineOf(row.album), row.album, reason), albumOf, origin);
      for (const row of wanted) {
        const found = albumOf.get(row);
        if (!found) continue;
        result.set(row.album.id, found);
        if (found.created) summary.created++;
      }
      return result;
    }

    /** Items of a section whose album is found, each with it; an item found in the catalog counts as matched. */
    async function withAlbums<T extends { album: ExportAlbum }>(items: readonly T[]) {
      const lineOf = (album: ExportAlbum) => firstLine + items.findIndex((item) => item.album.id === album.id);
      const albums = await albumsFor(
        items.map((item) => item.album),
        lineOf,
      );
      return items.flatMap((item, index) => {
        const found = albums.get(item.album.id);
        if (!found) return [];
        if (!found.created) summary.matched++;
        return [{ item, albumId: found.id, line: firstLine + index }];
      });
    }

    /**
     * A rating that came from a RateYourMusic import on the other site keeps its RateYourMusic id here: this site's
     * export writes it again, and importing the RateYourMusic file itself finds the row already imported.
     */
    async function rememberRymIds(found: readonly { item: HearsayExport['ratings'][number]; albumId: string }[]) {
      const named = found.filter(({ item }) => item.album.rymId);
      if (!named.length) return;
      const known = await repository.itemsFor(
        db,
        userId,
        named.map(({ item }) => item.album.rymId!),
      );
      const stamp = now();
      for (const { item, albumId } of named) {
        if (known.has(item.album.rymId!)) continue;
        await repository.upsertItem(db, {
          user_id: userId,
          source: 'rym',
          external_id: item.album.rymId!,
          album_id: albumId,
          rating: Math.round(item.rating),
          wishlist: 0,
          review_title: null,
          review_text: null,
          created_at: stamp,
          updated_at: stamp,
        });
      }
    }

    /** A refusal of a service (a rule of this site) skips the item with its reason; anything else stops the import. */
    function refused(error: unknown, line: number, album: ExportAlbum, what: string) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      skip(line, album, `${what}: ${error.message}`);
    }

    const invalid = (issues: readonly { message: string }[]) => issues.map((issue) => issue.message).join('; ');

    return {
      /** A rating already of that value is left as it is. */
      async ratings(items: HearsayExport['ratings']) {
        const found = await withAlbums(items);
        const current = await deps.ratings.ratingsOf(
          userId,
          found.map((entry) => entry.albumId),
        );
        for (const { item, albumId } of found) {
          if (current.get(albumId) === item.rating) {
            summary.unchanged++;
            continue;
          }
          await deps.ratings.rate(userId, albumId, item.rating, { quiet: true, at: item.ratedAt });
          summary.ratingsImported++;
        }
        await rememberRymIds(found);
      },

      /**
       * Track ratings (decision 078): a track is found on the album here by disc and position where the title agrees,
       * else by its title, else by disc and position alone (another edition may number it otherwise); a rating
       * already of that value is left as it is.
       */
      async trackRatings(items: NonNullable<HearsayExport['trackRatings']>) {
        const found = await withAlbums(items);
        const albums = new Map<string, { tracks: Awaited<ReturnType<typeof deps.catalog.albumTracks>>; mine: Map<string, number> }>();
        for (const albumId of new Set(found.map((entry) => entry.albumId))) {
          const [tracks, mine] = await Promise.all([deps.catalog.albumTracks(albumId), deps.ratings.tracks.ofAlbum(userId, albumId)]);
          albums.set(albumId, { tracks, mine });
        }
        for (const { item, albumId, line } of found) {
          const { tracks, mine } = albums.get(albumId)!;
          const title = titleMatchKey(item.track.title);
          const samePlace = (track: (typeof tracks)[number]) => track.disc === item.track.disc && track.position === item.track.position;
          const track =
            tracks.find((candidate) => samePlace(candidate) && titleMatchKey(candidate.title) === title) ??
            tracks.find((candidate) => titleMatchKey(candidate.title) === title) ??
            tracks.find(samePlace);
          if (!track) {
            skip(line, item.album, `Track rating: no track "${shorten(item.track.title, SKIPPED_TEXT_MAX)}" on this album`);
            continue;
          }
          if (mine.get(track.id) === item.rating) {
            summary.unchanged++;
            continue;
          }
          await deps.ratings.tracks.rate(userId, albumId, track.id, item.rating, { quiet: true, at: item.ratedAt });
          mine.set(track.id, item.rating);
          summary.trackRatingsImported++;
        }
      },

      /** One review per album and person: an album reviewed here already keeps that review. */
      async reviews(items: HearsayExport['reviews']) {
        const ratingOf = new Map(data.ratings.map((rating) => [rating.album.id, rating]));
        for (const { item, albumId, line } of await withAlbums(items)) {
          const body = ReviewBodySchema.safeParse({ rating: item.rating, title: item.title, content: item.html });
          if (!body.success) {
            skip(line, item.album, `Review: ${invalid(body.error.issues)}`);
            continue;
          }
          try {
            await deps.reviews.publish(userId, albumId, body.data, { quiet: true, at: item.createdAt });
          } catch (error) {
            if (error instanceof AppError && error.code === 'review_exists') summary.unchanged++;
            else refused(error, line, item.album, 'Review');
            continue;
          }
          summary.reviewsImported++;
          // Publishing rated the album as the review did; the export's rating of it may have changed since.
          const rated = ratingOf.get(item.album.id);
          if (rated && rated.rating !== item.rating)
            await deps.ratings.rate(userId, albumId, rated.rating, { quiet: true, at: rated.ratedAt });
        }
      },

      /** A draft is kept where the person has neither a review of the album nor the same draft of it. */
      async reviewDrafts(items: HearsayExport['reviewDrafts']) {
        for (const { item, albumId } of await withAlbums(items)) {
          const { review, draft } = await deps.reviews.mine(userId, albumId);
          if (review || (draft && draft.title === item.title && draft.contentHtml === item.html)) {
            summary.unchanged++;
            continue;
          }
          if (!(await deps.reviews.keepDraft(userId, albumId, { title: item.title, content: item.html }, { at: item.updatedAt }))) continue;
          summary.reviewsKept++;
          if (summary.drafts.length < SKIPPED_LISTED) {
            summary.drafts.push({
              albumId,
              artist: shorten(item.album.artist, SKIPPED_TEXT_MAX),
              title: shorten(item.album.title, SKIPPED_TEXT_MAX),
            });
          }
        }
      },

      /** An entry of the same album, day and note is there already: not added again. */
      async journal(items: HearsayExport['journal']) {
        for (const { item, albumId, line } of await withAlbums(items)) {
          const body = CreateJournalEntryBodySchema.safeParse({
            albumId,
            listenedOn: item.listenedOn,
            rating: item.rating,
            note: item.note,
          });
          if (!body.success) {
            skip(line, item.album, `Journal entry: ${invalid(body.error.issues)}`);
            continue;
          }
          if (await deps.journal.hasSame(userId, { albumId, listenedOn: item.listenedOn, note: body.data.note })) {
            summary.unchanged++;
            continue;
          }
          try {
            await deps.journal.create(userId, body.data, { quiet: true, at: item.createdAt });
            summary.journalImported++;
          } catch (error) {
            refused(error, line, item.album, 'Journal entry');
          }
        }
      },

      /** A collection of the same name holding the same albums in the same order is there already: not made again. */
      async collections(items: HearsayExport['collections']) {
        for (const [offset, collection] of items.entries()) {
          const line = firstLine + offset;
          const named = { artist: '', title: collection.name };
          const ordered = [...collection.albums].sort((a, b) => a.position - b.position);
          const albums = await albumsFor(
            ordered.map((entry) => entry.album),
            () => line,
          );
          const albumIds: string[] = [];
          const notes = new Map<string, string>();
          for (const entry of ordered) {
            const found = albums.get(entry.album.id);
            if (!found || notes.has(found.id)) continue;
            if (!found.created) summary.matched++;
            albumIds.push(found.id);
            notes.set(found.id, entry.note.slice(0, COLLECTION_NOTE_MAX));
          }
          if (ordered.length && !albumIds.length) {
            skip(line, named, 'Collection: none of its albums could be found or added');
            continue;
          }
          const body = ImportedCollectionSchema.safeParse({
            name: collection.name,
            description: collection.description,
            isPrivate: collection.private,
            ranked: collection.ranked,
            albumIds,
          });
          if (!body.success) {
            skip(line, named, `Collection: ${invalid(body.error.issues)}`);
            continue;
          }
          if (await deps.collections.hasSame(userId, body.data.name, albumIds)) {
            summary.unchanged++;
            continue;
          }
          await deps.collections.create(userId, body.data, { quiet: true, at: collection.createdAt, notes });
          summary.collectionsImported++;
        }
      },

      async listenLater(items: HearsayExport['listenLater']) {
        for (const { item, albumId } of await withAlbums(items)) {
          if ((await deps.library.viewerState(userId, albumId)).listenLater) summary.unchanged++;
          else {
            await deps.library.setListenLater(userId, albumId, true, { at: item.addedAt });
            summary.listenLater++;
          }
        }
      },

      async albumLikes(items: HearsayExport['likes']['albums']) {
        for (const { item, albumId } of await withAlbums(items)) {
          if ((await deps.library.viewerState(userId, albumId)).liked) summary.unchanged++;
          else {
            await deps.library.setLike(userId, albumId, true, { at: item.likedAt });
            summary.albumLikes++;
          }
        }
      },

      /** The copies owned; an edition this site does not list for the album (not fetched yet) is left unsaid. */
      async ownership(items: HearsayExport['ownership']) {
        for (const { item, albumId } of await withAlbums(items)) {
          const { ownership: now } = await deps.library.ownership(userId, albumId);
          if (now && now.status === item.status && now.mediaType === item.mediaType && (now.edition?.mbid ?? null) === item.releaseMbid) {
            summary.unchanged++;
            continue;
          }
          const change = { status: item.status, mediaType: item.mediaType };
          try {
            await deps.library.setOwnership(userId, albumId, { ...change, releaseMbid: item.releaseMbid }, { at: item.updatedAt });
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
            await deps.library.setOwnership(userId, albumId, { ...change, releaseMbid: null }, { at: item.updatedAt });
          }
        }
      },

      async favouriteAlbums(items: HearsayExport['favouriteAlbums']) {
        if (!items.length) return;
        const { chosen, keptOwn } = await deps.favourites.choose(
          userId,
          (await withAlbums(items)).map(({ albumId }) => albumId),
        );
        summary.favouriteAlbums += chosen;
        if (keptOwn) summary.unchanged++;
      },
    } satisfies Record<Section, (items: never[]) => Promise<void>>;
  }

  const readers = new Map<string, HistoryReader>();

  function forgetReader(importId: string) {
    readers.get(importId)?.close();
    readers.delete(importId);
  }

  /**
   * The reader of the ZIP's listens, where the cursor says; the upload is written out again from the import's copy
   * when this process does not have it (a restart, another server).
   */
  async function listenReader(job: Job<HearsayCursor>, at: ReadPosition): Promise<HistoryReader | null> {
    let reader = readers.get(job.id);
    // A step that failed after reading runs again from its cursor: the reader is opened again there.
    if (reader && (reader.position.file !== at.file || reader.position.part !== at.part || reader.position.records !== at.records)) {
      forgetReader(job.id);
      reader = undefined;
    }
    if (reader) return reader;
    const path = listensPath(job.id);
    if (!(await stat(path).catch(() => null))) {
      const bytes = await repository.findFile(db, job.id);
      if (!bytes) return null;
      await mkdir(join(deps.dataDir, 'imports'), { recursive: true });
      await writeFile(path, bytes, { mode: 0o600 });
    }
    const head = (await readFile(path)).subarray(0, 4);
    // hearsay.json uploaded alone: its listens stayed in the ZIP.
    if (!ZIP_MAGIC.every((byte, index) => head[index] === byte)) return null;
    reader = new HistoryReader([{ path, kind: 'listenbrainz-zip', name: 'hearsay.zip', within: LISTENS_FOLDER }], at, {
      now: Math.floor(deps.clock().getTime() / 1000),
    });
    readers.set(job.id, reader);
    return reader;
  }

  /**
   * Stores a slice of the export's listens (`listens/<year>/<month>.jsonl`, read as a ListenBrainz export is), each
   * with the player it names. The listens a person has already are left as they are: a second import adds none.
   */
  async function storeListens(
    job: Job<HearsayCursor>,
    cursor: HearsayCursor,
    summary: ImportSummary,
    budgetMs: number,
  ): Promise<Step<HearsayCursor>> {
    const started = performance.now();
    const userId = job.owner!;
    const at = cursor.listens && cursor.listens !== 'done' ? cursor.listens : { file: 0, part: 0, records: 0 };
    const reader = await listenReader(job, at);
    const batch: IncomingListen[] = [];
    let read = 0;
    let finished = reader === null;
    try {
      while (reader && batch.length < LISTENS_PER_STEP && performance.now() - started < budgetMs) {
        const record = reader.next();
        if (!record) {
          finished = true;
          break;
        }
        read++;
        if (record.type === 'listen') batch.push(record.listen);
        else if (record.type === 'skip') {
          summary.skipped++;
          if (summary.skippedRows.length < SKIPPED_LISTED) {
            summary.skippedRows.push({
              line: record.line,
              artist: shorten(record.artist, SKIPPED_TEXT_MAX),
              title: shorten(record.title, SKIPPED_TEXT_MAX),
              reason: record.reason,
              file: shorten(reader.partName, SKIPPED_TEXT_MAX),
            });
          }
        }
      }
    } catch (error) {
      // A ZIP whose listens cannot be read: what was stored stays, the rest of the import is done.
      if (!(error instanceof NotAListenFile)) throw error;
      finished = true;
      summary.skipped++;
      if (summary.skippedRows.length < SKIPPED_LISTED)
        summary.skippedRows.push({
          line: 0,
          artist: '',
          title: '',
          reason: shorten(error.message, SKIPPED_TEXT_MAX),
          file: reader?.partName,
        });
    }
    // Each player's listens stored under its name, as it submitted them.
    for (const [client, listens] of Map.groupBy(batch, clientOf)) {
      const { added } = await deps.listens.record(userId, listens, { origin: 'import:hearsay', client });
      summary.listensImported += added;
      summary.listensUnchanged += listens.length - added;
    }
    if (finished) forgetReader(job.id);
    const next: HearsayCursor = { ...cursor, processed: cursor.processed + read, summary, listens: finished ? 'done' : reader!.position };
    const stamp = now();
    return {
      cursor: next,
      done: false,
      save: (trx) => repository.updateJob(trx, job.id, { processed: next.processed, summary: JSON.stringify(summary), updated_at: stamp }),
    };
  }

  const handler: JobHandler<HearsayCursor> = {
    async step(job: Job<HearsayCursor>, budgetMs: number): Promise<Step<HearsayCursor>> {
      if (job.cursor.phase === 'check') return check(job);
      const started = performance.now();
      const { cursor } = job;
      const userId = job.owner!;
      const data = await exportOf(job.id);
      // The import went with its owner's account.
      if (!data) return { cursor, done: true };
      const items = itemsOf(data);
      let { section, index } = cursor;
      while (section < SECTIONS.length && index >= items[SECTIONS[section]!].length) {
        section++;
        index = 0;
      }
      const summary: ImportSummary = {
        ...cursor.summary,
        skippedRows: [...cursor.summary.skippedRows],
        drafts: [...(cursor.summary.drafts ?? [])],
      };

      if (section >= SECTIONS.length && cursor.listens !== 'done' && (data.listens?.count ?? 0) > 0) {
        return storeListens(job, { ...cursor, section, index }, summary, budgetMs);
      }

      if (section >= SECTIONS.length) {
        forgetReader(job.id);
        exports.delete(job.id);
        await deps.afterImport?.();
        const following = data.follows.otherSites?.following ?? [];
        if (deps.federation?.enabled && following.length) {
          await deps.federation.followAgain(
            userId,
            following.map((person) => ({ url: person.url, handle: person.handle })),
          );
        }
        const stamp = now();
        return {
          cursor,
          done: true,
          async save(trx) {
            await repository.updateJob(trx, job.id, {
              status: 'done',
              processed: cursor.processed,
              total: cursor.processed,
              summary: JSON.stringify(summary),
              updated_at: stamp,
              finished_at: stamp,
            });
            await repository.deleteFile(trx, job.id);
          },
          saved: () => void rm(listensPath(job.id), { force: true }),
        };
      }

      const name = SECTIONS[section]!;
      const slice = items[name].slice(index, index + (name === 'collections' ? 1 : pace));
      const apply = applier(userId, data, summary, cursor.processed + 1, cursor.origin);
      await (apply[name] as (items: readonly unknown[]) => Promise<void>)(slice);
      if (name !== 'collections') {
        const spent = performance.now() - started;
        pace = spent > budgetMs ? Math.max(1, Math.floor((slice.length * budgetMs) / spent)) : Math.min(BATCH, Math.ceil(pace * 1.1));
      }
      summary.skippedRows.sort((a, b) => a.line - b.line);
      const next: HearsayCursor = {
        section,
        index: index + slice.length,
        processed: cursor.processed + slice.length,
        summary,
        origin: cursor.origin,
        listens: cursor.listens,
      };
      const stamp = now();
      return {
        cursor: next,
        done: false,
        save: (trx) =>
          repository.updateJob(trx, job.id, { processed: next.processed, summary: JSON.stringify(summary), updated_at: stamp }),
      };
    },

    async failed(job, error, trx) {
      forgetReader(job.id);
      exports.delete(job.id);
      await rm(uploadPath(job.id), { force: true });
      await rm(listensPath(job.id), { force: true });
      await recordImportFailure(trx, job, error, { source: 'hearsay', now: now() });
    },
  };

  return { start, handler };
}

/** The player a listen names in its `additional_info` (`submission_client` and its version), as the listen keeps it. */
function clientOf(listen: IncomingListen): string | null {
  const info = listen.additionalInfo;
  const name = typeof info?.submission_client === 'string' ? info.submission_client.trim() : '';
  const version = typeof info?.submission_client_version === 'string' ? info.submission_client_version.trim() : '';
  return name ? (version ? `${name} ${version}` : name).slice(0, 200) : null;
}
