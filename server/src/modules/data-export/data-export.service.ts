import { EXPORT_FORMAT, EXPORT_VERSION, type DataExport, type ExportAlbum, type HearsayExport } from '@hearsay/contracts/data-export';
import { paths } from '@hearsay/contracts/paths';
import { readMemberSettings } from '@hearsay/contracts/settings';
import type { DB } from '../../platform/db/index.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import type { Job, JobHandler, JobRunner, Step } from '../../platform/jobs/runner.ts';
import { zipExport } from './data-export.files.ts';
import * as repository from './data-export.repository.ts';
import { SECTIONS, type AlbumColumns, type SectionName, type SectionRow } from './data-export.repository.ts';

/** The kind of job that builds an export (platform/jobs). */
export const DATA_EXPORT_JOB = 'data-export';
/** Rows read in one step of a section. */
const PAGE = 500;
/** How long a finished ZIP can be downloaded. */
const KEPT_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;
const ORDER = Object.keys(SECTIONS) as SectionName[];

interface ExportCursor {
  /** The section being read (an index into ORDER); ORDER.length once every section is read: the ZIP is written. */
  section: number;
  /** The key of the last row taken in that section. */
  after: string;
  /** The next part's number. */
  seq: number;
  processed: number;
}

export interface DataExportServiceDeps {
  db: DB;
  clock: () => Date;
  publicUrl: string;
  jobs: Pick<JobRunner, 'enqueue'>;
  /** Told when an export is ready (notifications tell its owner); from the job thread, through the server. */
  onReady?: (ready: DomainEvents['data_export.ready']) => void;
}

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
  const now = () => deps.clock().toISOString();
  const site = deps.publicUrl.replace(/\/$/, '');

  async function start(userId: string): Promise<DataExport> {
    const stamp = now();
    const row = {
      id: newId(),
      user_id: userId,
      status: 'running' as const,
      processed: 0,
      total: await repository.countRows(db, userId),
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
  async function assemble(userId: string, exportId: string): Promise<HearsayExport | null> {
    const profile = await repository.profileOf(db, userId);
    if (!profile) return null;
    const rows = new Map<SectionName, unknown[]>(ORDER.map((name) => [name, []]));
    for (const part of await repository.parts(db, exportId))
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
        username: profile.username ?? '',
        name: profile.name,
        bio: profile.bio,
        email: profile.email,
        joinedAt: iso(profile.created_at),
        visibility: profile.visibility,
        preferredGenres: JSON.parse(profile.preferred_genres) as string[],
      },
      settings: readMemberSettings(JSON.parse(profile.settings)),
      ratings: of('ratings').map((row) => ({ album: album(row), rating: Number(row.rating), ratedAt: row.created_at })),
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
      },
    };
  }

  const dataExport: JobHandler<ExportCursor> = {
    async step(job: Job<ExportCursor>): Promise<Step<ExportCursor>> {
      const { cursor } = job;
      const userId = job.owner!;
      if (cursor.section < ORDER.length) {
        const name = ORDER[cursor.section]!;
        const page = (await SECTIONS[name](db, userId, cursor.after, PAGE)) as repository.Page<unknown>;
        const last = page.rows.at(-1);
        const next: ExportCursor =
          page.rows.length < PAGE
            ? { section: cursor.section + 1, after: '', seq: cursor.seq + 1, processed: cursor.processed + page.rows.length }
            : { ...cursor, after: page.keyOf(last), seq: cursor.seq + 1, processed: cursor.processed + page.rows.length };
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
      const data = await assemble(userId, job.id);
      // The account went while the export was built.
      if (!data) return { cursor, done: true };
      const bytes = await zipExport(data);
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
