import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  LISTEN_FILES,
  type DataExport,
  type ExportAlbum,
  type HearsayExport,
} from '@hearsay/contracts/data-export';
import { paths } from '@hearsay/contracts/paths';
import type { MemberSettings } from '@hearsay/contracts/settings';
import type { DB } from '../../platform/db/index.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import type { Job, JobHandler, JobRunner, Step } from '../../platform/jobs/runner.ts';
import { listenLine, zipExport, type ListenLine } from './data-export.files.ts';
import * as repository from './data-export.repository.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { CollectionsService } from '../collections/collections.service.ts';
import type { ImportsService } from '../imports/imports.service.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { ListensService } from '../listens/listens.service.ts';
import type { LibraryService } from '../library/library.service.ts';
import type { ProfileReads } from '../profiles/profiles.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import type { FederationService } from '../federation/federation.service.ts';

/** The kind of job that builds an export (platform/jobs). */
export const DATA_EXPORT_JOB = 'data-export';
/** Rows read in one step of a section. */
const PAGE = 500;
/** Listens read in one step: small rows, and a member may have a million. */
const LISTENS_PAGE = 5000;
/** The section whose rows are written as files of their own (`listens/<year>/<month>.jsonl`), never held together. */
const LISTENS = 'listens';
/** How long a finished ZIP can be downloaded. */
const KEPT_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

interface ExportCursor {
  /** The section being read (an index into ORDER); ORDER.length once every section is read: the ZIP is written. */
  section: number;
  /** The key of the last row taken in that section. */
  after: string;
  /** The next part's number. */
  seq: number;
  processed: number;
  /** Listens taken so far (absent in cursors saved before listens were exported). */
  listens?: number;
}

export interface DataExportServiceDeps {
  db: DB;
  clock: () => Date;
  publicUrl: string;
  jobs: Pick<JobRunner, 'enqueue'>;
  /** Told when an export is ready (notifications tell its owner); from the job thread, through the server. */
  onReady?: (ready: DomainEvents['data_export.ready']) => void;
  /** Each section's rows, a page at a time, and their count, asked of the module that owns them (decision 066). */
  ratings: Pick<RatingsService, 'exported'>;
  reviews: Pick<ReviewsService, 'exported'>;
  library: Pick<LibraryService, 'exported'>;
  collections: Pick<CollectionsService, 'exported'>;
  journal: Pick<JournalService, 'exported'>;
  imports: Pick<ImportsService, 'exported'>;
  profiles: ProfileReads;
  /** Follows with people of other sites, either way (federation). */
  federation: Pick<FederationService, 'exported'>;
  /** Every track the person played (the listens module). */
  listens: Pick<ListensService, 'exported'>;
  /** The account (accounts' reads, made by services.ts): username, name, e-mail address, when they joined. */
  accounts: {
    exportedAccount(
      userId: string,
    ): Promise<{ username: string | null; name: string; email: string; created_at: string | Date } | undefined>;
  };
  /** Members' settings (accounts' settings service). */
  settings: { read(userId: string): Promise<MemberSettings> };
  /** The albums and the people the rows name, read by id. */
  hydrator: Pick<Hydrator, 'albums' | 'people'>;
}

/** The album columns every section naming an album carries, so an album can be found again elsewhere. */
export type AlbumColumns = {
  album_id: string;
  album_slug: string;
  album_title: string;
  album_artist: string;
  album_year: number | null;
  album_mbid: string | null;
};

/** One page of a section: its rows, and the key of its last row when more may follow (null: the section is read). */
interface Page<Row> {
  rows: Row[];
  next: string | null;
}

/**
 * The sections of an export, in the order they are read (a cursor names one by its place): each read a page at a time,
 * in a stable order, after a key, from its owner; the albums and people a page names are read by id for it.
 */
function exportSections(deps: DataExportServiceDeps) {
  const { hydrator } = deps;
  /** The page as its owner read it (so the key follows the owner's rows), its rows as the export keeps them. */
  const page = <Read, Row>(read: Read[], limit: number, keyOf: (row: Read) => string, rows: Row[]): Page<Row> => ({
    rows,
    next: read.length < limit ? null : keyOf(read.at(-1)!),
  });
  /** Rows with their album's columns; a row whose album is gone is left out. */
  async function withAlbums<Row extends { album_id: string }>(rows: Row[]): Promise<(Row & AlbumColumns)[]> {
    const albums = await hydrator.albums(rows.map((row) => row.album_id));
    return rows.flatMap((row) => {
      const album = albums.get(row.album_id)?.album;
      return album
        ? [
            {
              ...row,
              album_slug: album.slug,
              album_title: album.title,
              album_artist: album.artist_credit,
              album_year: album.release_year,
              album_mbid: album.mbid,
            },
          ]
        : [];
    });
  }
  /** Follows with the other person's username and name; one whose account is gone is left out. */
  async function withPeople(rows: { id: string; created_at: string }[]) {
    const people = await hydrator.people(rows.map((row) => row.id));
    return rows.flatMap((row) => {
      const person = people.get(row.id);
      return person ? [{ id: row.id, username: person.username, name: person.name, created_at: row.created_at }] : [];
    });
  }
  const { ratings, reviews, library, collections, journal, profiles, imports, federation, listens } = deps;
  return {
    async ratings(userId: string, after: string, limit: number) {
      const read = await ratings.exported.ratings(userId, after, limit);
      return page(read, limit, (row) => row.album_id, await withAlbums(read));
    },
    async reviews(userId: string, after: string, limit: number) {
      const read = await reviews.exported.reviews(userId, after, limit);
      return page(read, limit, (row) => row.id, await withAlbums(read));
    },
    /** Keyed by album: one draft per person and album. */
    async reviewDrafts(userId: string, after: string, limit: number) {
      const read = await reviews.exported.drafts(userId, after, limit);
      return page(read, limit, (row) => row.album_id, await withAlbums(read));
    },
    /** Each with the comment it answers and that comment's author, when their account is still there. */
    async comments(userId: string, after: string, limit: number) {
      const read = await reviews.exported.comments(userId, after, limit);
      const authors = await hydrator.people(read.flatMap((row) => row.thread_user_id ?? []));
      const rows = read.map(({ thread_user_id, ...row }) => {
        const author = thread_user_id === null ? undefined : authors.get(thread_user_id);
        return { ...row, thread_username: author?.username ?? null, thread_user_id: author?.id ?? null };
      });
      return page(read, limit, (row) => row.id, await withAlbums(rows));
    },
    async reviewLikes(userId: string, after: string, limit: number) {
      const read = await reviews.exported.likes(userId, after, limit);
      return page(read, limit, (row) => row.review_id, await withAlbums(read));
    },
    async collectionLikes(userId: string, after: string, limit: number) {
      const read = await collections.exported.likes(userId, after, limit);
      return page(read, limit, (row) => row.collection_id, read);
    },
    async albumLikes(userId: string, after: string, limit: number) {
      const read = await library.exported.albumLikes(userId, after, limit);
      return page(read, limit, (row) => row.album_id, await withAlbums(read));
    },
    async listenLater(userId: string, after: string, limit: number) {
      const read = await library.exported.listenLater(userId, after, limit);
      return page(read, limit, (row) => row.album_id, await withAlbums(read));
    },
    async collections(userId: string, after: string, limit: number) {
      const read = await collections.exported.collections(userId, after, limit);
      return page(read, limit, (row) => row.id, read);
    },
    /** Keyed by collection and position, so a page may end inside a collection. */
    async collectionAlbums(userId: string, after: string, limit: number) {
      const [collectionId = '', position = '-1'] = after ? after.split('|') : [];
      const read = await collections.exported.albums(userId, { collectionId, position: Number(position) }, limit);
      return page(read, limit, (row) => `${row.collection_id}|${row.position}`, await withAlbums(read));
    },
    async journal(userId: string, after: string, limit: number) {
      const read = await journal.exported.entries(userId, after, limit);
      return page(read, limit, (row) => row.id, await withAlbums(read));
    },
    async following(userId: string, after: string, limit: number) {
      const read = await profiles.exported.following(userId, after, limit);
      return page(read, limit, (row) => row.id, await withPeople(read));
    },
    async followers(userId: string, after: string, limit: number) {
      const read = await profiles.exported.followers(userId, after, limit);
      return page(read, limit, (row) => row.id, await withPeople(read));
    },
    /** The RateYourMusic ids of the albums the person's RateYourMusic imports named (rows without one are keyed `~…`). */
    async rymIds(userId: string, after: string, limit: number) {
      const read = await imports.exported.rymIds(userId, after, limit);
      return page(read, limit, (row) => row.external_id, read);
    },
    // Last, so that a cursor saved before these were read names the same sections.
    async remoteFollowing(userId: string, after: string, limit: number) {
      const read = await federation.exported.following(userId, after, limit);
      return page(read, limit, (row) => row.id, read);
    },
    async remoteFollowers(userId: string, after: string, limit: number) {
      const read = await federation.exported.followers(userId, after, limit);
      return page(read, limit, (row) => row.id, read);
    },
    /** In order of time, each already as its line of `listens/<year>/<month>.jsonl`. */
    async listens(userId: string, after: string, limit: number): Promise<Page<ListenLine>> {
      const read = await listens.exported.listens(userId, after, limit);
      return page(read, limit, (row) => `${row.listened_at}.${row.id}`, read.map(listenLine));
    },
    // After the listens, so that a cursor saved before ownership was exported names the same sections.
    async ownership(userId: string, after: string, limit: number) {
      const read = await library.exported.ownership(userId, after, limit);
      return page(read, limit, (row) => row.album_id, await withAlbums(read));
    },
    /** Keyed by album and track (decision 078). */
    async trackRatings(userId: string, after: string, limit: number) {
      const read = await ratings.exported.trackRatings(userId, after, limit);
      return page(read, limit, (row) => `${row.album_id}|${row.track_id}`, await withAlbums(read));
    },
  };
}

type Sections = ReturnType<typeof exportSections>;
type SectionName = keyof Sections;
type SectionRow<S extends SectionName> = Awaited<ReturnType<Sections[S]>>['rows'][number];

export type DataExportService = ReturnType<typeof createDataExportService>;

function present(row: NonNullable<Awaited<ReturnType<typeof repository.findExport>>>): DataExport {
  return {
    id: row.id,
    status: row.status,
    processed: Number(row.processed),
    total: Number(row.total),
    size: row.size === null ? null : Number(row.size),
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
    error: row.error,
  };
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * "Download my data": a background job reads everything of a person's a page at a time (each page saved as a part,
 * so a restart resumes after the last one), then writes the ZIP (data-export.files.ts) and keeps it a week.
 */
export function createDataExportService(deps: DataExportServiceDeps) {
  const { db } = deps;
  const SECTIONS = exportSections(deps);
  const ORDER = Object.keys(SECTIONS) as SectionName[];
  const now = () => deps.clock().toISOString();
  const site = deps.publicUrl.replace(/\/$/, '');

  /** How many rows the sections will have, each owner counting its own: the progress bar's total. */
  async function countRows(userId: string): Promise<number> {
    const { ratings, reviews, library, collections, journal, profiles, imports, federation, listens } = deps;
    const counts = await Promise.all(
      [ratings, reviews, collections, library, journal, profiles, imports, federation, listens].map((owner) =>
        owner.exported.count(userId),
      ),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  async function start(userId: string): Promise<DataExport> {
    const stamp = now();
    const row = {
      id: newId(),
      user_id: userId,
      status: 'running' as const,
      processed: 0,
      total: await countRows(userId),
      size: null,
      file: null,
      error: null,
      created_at: stamp,
      updated_at: stamp,
      finished_at: null,
      expires_at: null,
    };
    const cursor: ExportCursor = { section: 0, after: '', seq: 0, processed: 0 };
    await deps.jobs.enqueue({ id: row.id, kind: DATA_EXPORT_JOB, owner: userId, cursor }, async (trx) => {
      if (await repository.runningExport(trx, userId)) {
        throw conflict('export_running');
      }
      await repository.insertExport(trx, row);
    });
    return present(row);
  }

  async function mine(userId: string, exportId: string) {
    const row = await repository.findExport(db, exportId);
    // Someone else's export is answered exactly like one that does not exist.
    if (!row || row.user_id !== userId) throw notFound('export_not_found');
    return row;
  }

  async function get(userId: string, exportId: string): Promise<DataExport> {
    return present(await mine(userId, exportId));
  }

  async function latest(userId: string): Promise<DataExport | null> {
    await repository.dropExpiredFiles(db, now());
    const row = await repository.latestExport(db, userId);
    return row ? present(row) : null;
  }

  /** The ZIP of a finished export still within its week. */
  async function download(userId: string, exportId: string): Promise<{ bytes: Buffer; fileName: string }> {
    const row = await mine(userId, exportId);
    if (row.status !== 'done') throw conflict('export_not_ready');
    const bytes = row.expires_at && row.expires_at > now() ? await repository.exportFile(db, exportId) : null;
    if (!bytes) throw notFound('export_expired');
    return { bytes, fileName: `hearsay-${row.created_at.slice(0, 10)}.zip` };
  }

  /** The export from the gathered parts, in Hearsay's JSON format. */
  async function assemble(userId: string, exportId: string, listenCount: number): Promise<HearsayExport | null> {
    const [account, profile, settings, favourites] = await Promise.all([
      deps.accounts.exportedAccount(userId),
      deps.profiles.exported.profile(userId),
      deps.settings.read(userId),
      deps.profiles.exported.favouriteAlbums(userId),
    ]);
    const favouriteAlbums = await deps.hydrator.albums(favourites.map((row) => row.album_id));
    if (!account || !profile) return null;
    const rows = new Map<SectionName, unknown[]>(ORDER.map((name) => [name, []]));
    // The listens are written from their parts one at a time (listenPages), never gathered here.
    for (const part of await repository.parts(db, exportId, { except: LISTENS }))
      rows.get(part.section as SectionName)!.push(...(JSON.parse(part.rows) as unknown[]));
    const of = <S extends SectionName>(name: S) => rows.get(name) as SectionRow<S>[];
    // RateYourMusic's ids are numbers: an export written before they were kept named Hearsay's id in their place.
    const rymIds = new Map<string, string>();
    for (const row of of('rymIds'))
      if (/^\d+$/.test(row.external_id) && !rymIds.has(row.album_id)) rymIds.set(row.album_id, row.external_id);
    const album = (row: AlbumColumns): ExportAlbum => ({
      id: row.album_id,
      url: `${site}${paths.album(row.album_slug)}`,
      title: row.album_title,
      artist: row.album_artist,
      year: row.album_year === null ? null : Number(row.album_year),
      mbid: row.album_mbid,
      rymId: rymIds.get(row.album_id) ?? null,
    });
    const collectionAlbums = Map.groupBy(of('collectionAlbums'), (row) => row.collection_id);
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now(),
      site,
      profile: {
        username: account.username ?? '',
        name: account.name,
        bio: profile.bio,
        email: account.email,
        joinedAt: iso(account.created_at),
        visibility: profile.visibility,
        preferredGenres: JSON.parse(profile.preferred_genres) as string[],
      },
      settings,
      ratings: of('ratings').map((row) => ({ album: album(row), rating: Number(row.rating), ratedAt: row.created_at })),
      trackRatings: of('trackRatings').map((row) => ({
        album: album(row),
        track: { disc: row.disc, position: row.position, title: row.title },
        rating: row.rating,
        ratedAt: row.updated_at,
      })),
      reviews: of('reviews').map((row) => ({
        id: row.id,
        url: `${site}${paths.review(row.id)}`,
        album: album(row),
        rating: Number(row.rating),
        title: row.title,
        html: row.content_html,
        text: row.content_text,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        likes: Number(row.like_count),
      })),
      reviewDrafts: of('reviewDrafts').map((row) => ({
        album: album(row),
        title: row.title,
        html: row.content_html,
        text: row.content_text,
        updatedAt: row.updated_at,
      })),
      comments: of('comments').map((row) => ({
        reviewUrl: `${site}${paths.review(row.review_id)}`,
        album: album(row),
        body: row.body,
        createdAt: row.created_at,
        inReplyTo:
          row.thread_body === null || row.thread_user_id === null
            ? null
            : { username: row.thread_username ?? row.thread_user_id, body: row.thread_body },
      })),
      likes: {
        reviews: of('reviewLikes').map((row) => ({
          reviewUrl: `${site}${paths.review(row.review_id)}`,
          album: album(row),
          likedAt: row.created_at,
        })),
        collections: of('collectionLikes').map((row) => ({
          collectionUrl: `${site}${paths.list(row.collection_id)}`,
          name: row.name,
          likedAt: row.created_at,
        })),
        albums: of('albumLikes').map((row) => ({ album: album(row), likedAt: row.created_at })),
      },
      listenLater: of('listenLater').map((row) => ({ album: album(row), addedAt: row.created_at })),
      ownership: of('ownership').map((row) => ({
        album: album(row),
        status: row.status,
        mediaType: row.media_type,
        releaseMbid: row.release_mbid,
        updatedAt: row.updated_at,
      })),
      // At most four, read whole here rather than as a section a page at a time.
      favouriteAlbums: favourites.flatMap((row) => {
        const found = favouriteAlbums.get(row.album_id)?.album;
        if (!found) return [];
        const columns = {
          album_id: found.id,
          album_slug: found.slug,
          album_title: found.title,
          album_artist: found.artist_credit,
          album_year: found.release_year,
          album_mbid: found.mbid,
        };
        return [{ album: album(columns), position: Number(row.position), chosenAt: row.created_at }];
      }),
      collections: of('collections').map((row) => ({
        name: row.name,
        description: row.description,
        private: Boolean(Number(row.is_private)),
        ranked: Boolean(Number(row.ranked)),
        createdAt: row.created_at,
        albums: (collectionAlbums.get(row.id) ?? []).map((item) => ({
          album: album(item),
          position: Number(item.position),
          note: item.note,
          addedAt: item.added_at,
        })),
      })),
      journal: of('journal').map((row) => ({
        album: album(row),
        listenedOn: row.listened_on,
        rating: row.rating === null ? null : Number(row.rating),
        note: row.note,
        createdAt: row.created_at,
      })),
      follows: {
        following: of('following').map((row) => ({ username: row.username ?? row.id, name: row.name, since: row.created_at })),
        followers: of('followers').map((row) => ({ username: row.username ?? row.id, name: row.name, since: row.created_at })),
        otherSites: {
          following: of('remoteFollowing').map((row) => ({
            handle: `${row.username}@${row.host}`,
            url: row.uri,
            name: row.name,
            since: iso(row.created_at),
            accepted: row.state === 'accepted',
          })),
          followers: of('remoteFollowers').map((row) => ({
            handle: `${row.username}@${row.host}`,
            url: row.uri,
            name: row.name,
            since: iso(row.created_at),
          })),
        },
      },
      listens: { count: listenCount, files: LISTEN_FILES },
    };
  }

  /** The listens' parts in order, one at a time, so that a million listens are never in memory together. */
  async function* listenPages(exportId: string): AsyncGenerator<ListenLine[]> {
    let after = -1;
    for (;;) {
      const part = await repository.nextPart(db, exportId, LISTENS, after);
      if (!part) return;
      after = Number(part.seq);
      yield JSON.parse(part.rows) as ListenLine[];
    }
  }

  const dataExport: JobHandler<ExportCursor> = {
    async step(job: Job<ExportCursor>): Promise<Step<ExportCursor>> {
      const { cursor } = job;
      const userId = job.owner!;
      if (cursor.section < ORDER.length) {
        const name = ORDER[cursor.section]!;
        const page = (await SECTIONS[name](userId, cursor.after, name === LISTENS ? LISTENS_PAGE : PAGE)) as Page<unknown>;
        const taken = { seq: cursor.seq + 1, processed: cursor.processed + page.rows.length };
        const listens = (cursor.listens ?? 0) + (name === LISTENS ? page.rows.length : 0);
        const next: ExportCursor =
          page.next === null
            ? { ...cursor, ...taken, section: cursor.section + 1, after: '', listens }
            : { ...cursor, ...taken, after: page.next, listens };
        return {
          cursor: next,
          done: false,
          async save(trx) {
            if (page.rows.length)
              await repository.insertPart(trx, { export_id: job.id, seq: cursor.seq, section: name, rows: JSON.stringify(page.rows) });
            await repository.updateExport(trx, job.id, { processed: next.processed, updated_at: now() });
          },
        };
      }
      const data = await assemble(userId, job.id, cursor.listens ?? 0);
      // The account went while the export was built.
      if (!data) return { cursor, done: true };
      const bytes = await zipExport(data, listenPages(job.id));
      const stamp = now();
      return {
        cursor,
        done: true,
        async save(trx) {
          await repository.updateExport(trx, job.id, {
            status: 'done',
            processed: cursor.processed,
            total: cursor.processed,
            file: bytes,
            size: bytes.length,
            updated_at: stamp,
            finished_at: stamp,
            expires_at: new Date(deps.clock().getTime() + KEPT_DAYS * DAY_MS).toISOString(),
          });
          await repository.deleteParts(trx, job.id);
        },
        saved: () => deps.onReady?.({ userId, exportId: job.id }),
      };
    },

    async failed(job, _error, trx) {
      await repository.updateExport(trx, job.id, {
        status: 'failed',
        error: 'Gathering your data stopped because of an error on our side. Please ask again.',
        updated_at: now(),
        finished_at: now(),
      });
      await repository.deleteParts(trx, job.id);
    },
  };

  return { start, get, latest, download, dataExport };
}
