import {
  CorrectionBodySchema,
  CorrectionDecisionBodySchema,
  MERGE_UNDO_DAYS,
  MergeBodySchema,
  type AlbumCorrection,
  type AlbumMerge,
  type CorrectionBody,
  type CorrectionDecisionBody,
  type CuratedAlbum,
  type CurationAccess as CurationAccessAnswer,
  type DismissDuplicateBody,
  type DuplicatePair,
  type MergeBody,
} from '@hearsay/contracts/curation';
import { pageFields } from '@hearsay/contracts/pagination';
import type { AlbumCorrectionTable, DuplicatePairTable } from '../../db/schema.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { tableParticipant, type AlbumMergeParticipant, type AlbumMergeStep } from '../../platform/db/album-merge.ts';
import { lockForTransaction, type DB } from '../../platform/db/index.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import { newId } from '../../platform/ids.ts';
import { findJob, requeueFinished } from '../../platform/jobs/jobs.repository.ts';
import type { Job, JobHandler, Jobs, Step } from '../../platform/jobs/runner.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CurationAccess } from '../moderation/moderation.service.ts';
import * as repository from './curation.repository.ts';

export const CATALOG_CURATION_JOB = 'catalog_curation';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a pass of the duplicates job now and waits for it (tests; the server runs one a day by itself). */
    duplicatesPass: () => Promise<void>;
  }
}
const DAY_MS = 24 * 60 * 60 * 1000;
/** Albums whose names match are taken for one when their years are this close (a reissue dated a year later). */
export const DUPLICATE_YEARS_APART = 1;

export interface CurationServiceDeps {
  db: DB;
  clock: () => Date;
  access: CurationAccess;
  catalog: Pick<CatalogService, 'albumsForCuration' | 'duplicateCandidates' | 'sameReleaseGroup' | 'correctAlbum' | 'invalidateAll'>;
  /**
   * Every module's part in a merge, each moving its own album-keyed rows through its own service (decision 080): the one
   * list is in services.ts; this module's own (members' corrections) is added here.
   */
  participants: readonly AlbumMergeParticipant[];
  hydrator: Pick<Hydrator, 'people' | 'personNamed'>;
  /** The member whose correction was accepted or rejected is told (notifications listen); the job thread has none. */
  events?: Pick<EventBus, 'emit'>;
}

type AlbumRow = Awaited<ReturnType<CatalogService['albumsForCuration']>>[number];

function presentAlbum(row: AlbumRow): CuratedAlbum {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    artistCredit: row.artist_credit,
    year: row.release_year === null ? null : Number(row.release_year),
    releaseType: row.release_type,
    mbid: row.mbid,
    ratingCount: Number(row.rating_count),
    pending: row.status === 'pending',
  };
}

/** Two albums' ids in the order a pair keeps them. */
const ordered = (one: string, other: string): [string, string] => (one < other ? [one, other] : [other, one]);

/**
 * Keeping the catalog clean (decision 080): curators (operators, moderators and the catalog editors moderators
 * appoint) merge duplicate albums, every module's rows following to the survivor, undo a merge within 30 days, work
 * through the possible duplicates a job finds, and accept or reject members' corrections. Everything is in the
 * moderation audit log. Anyone else is answered as if none of it existed, but for suggesting a correction.
 */
export function createCurationService(deps: CurationServiceDeps) {
  const { db, access } = deps;
  const now = () => deps.clock().toISOString();
  const participants: readonly AlbumMergeParticipant[] = [
    ...deps.participants,
    tableParticipant('curation', [repository.CORRECTIONS_MERGED_ROWS]),
  ];
  const names = participants.map((participant) => participant.name);
  if (new Set(names).size !== names.length) throw new Error(`Album merge participants share a name: ${names.join(', ')}`);

  async function curator(viewer: Viewer) {
    const role = await access.role(viewer);
    if (!role) throw notFound('not_found');
    return role;
  }

  async function albumsById(ids: readonly string[]) {
    return new Map((await deps.catalog.albumsForCuration([...new Set(ids)])).map((row) => [row.id, row]));
  }

  async function accessOf(viewer: Viewer): Promise<CurationAccessAnswer> {
    const role = await access.role(viewer);
    return { role, canAppointEditors: role === 'admin' || role === 'moderator' };
  }

  function presentMerge(
    row: {
      id: string;
      survivor_id: string;
      retired_id: string;
      merged_by_name: string;
      created_at: string;
      undo_until: string;
      undone_at: string | null;
      saved: string | null;
    },
    albums: Map<string, AlbumRow>,
  ): AlbumMerge | null {
    const survivor = albums.get(row.survivor_id);
    const retired = albums.get(row.retired_id);
    if (!survivor || !retired) return null;
    return {
      id: row.id,
      survivor: presentAlbum(survivor),
      retired: presentAlbum(retired),
      mergedBy: row.merged_by_name,
      at: row.created_at,
      undoUntil: row.undone_at || row.saved === null ? null : row.undo_until,
      undoneAt: row.undone_at,
    };
  }

  async function oneMerge(id: string): Promise<AlbumMerge> {
    const row = await repository.merge(db, id);
    if (!row) throw notFound('merge_not_found');
    const presented = presentMerge(row, await albumsById([row.survivor_id, row.retired_id]));
    if (!presented) throw notFound('merge_not_found');
    return presented;
  }

  /** Merges `retiredId` into `survivorId`: every participant moves its rows in one transaction, recorded for an undo. */
  async function merge(viewer: Viewer, input: MergeBody): Promise<AlbumMerge> {
    await curator(viewer);
    const body = MergeBodySchema.parse(input);
    if (body.survivorId === body.retiredId) throw badRequest('merge_same_album');
    const albums = await albumsById([body.survivorId, body.retiredId]);
    const survivor = albums.get(body.survivorId);
    const retired = albums.get(body.retiredId);
    if (!survivor || !retired) throw notFound('album_not_found');
    const stamp = now();
    const id = newId();
    await db.transaction().execute(async (trx) => {
      // Two curators merging the same albums at once: the second finds the first's merge done.
      await lockForTransaction(trx, 'catalog-writes');
      const current = await deps.catalog.albumsForCuration([body.survivorId, body.retiredId], trx);
      if (current.some((album) => album.status === 'merged') || (await repository.liveMergeOf(trx, body.retiredId))) {
        throw conflict('album_already_merged');
      }
      const step: AlbumMergeStep = { trx, retiredId: body.retiredId, survivorId: body.survivorId, now: stamp };
      const saved: Record<string, unknown> = {};
      for (const participant of participants) saved[participant.name] = await participant.merge(step);
      await repository.insertMerge(trx, {
        id,
        survivor_id: body.survivorId,
        retired_id: body.retiredId,
        merged_by: viewer.id,
        merged_by_name: viewer.name,
        saved: JSON.stringify(saved),
        created_at: stamp,
        undo_until: new Date(deps.clock().getTime() + MERGE_UNDO_DAYS * DAY_MS).toISOString(),
        undone_at: null,
      });
      await repository.setPairsMerged(trx, body.retiredId, stamp);
      await access.record(trx, viewer, {
        action: 'merge',
        subjectType: 'album',
        subjectId: body.retiredId,
        reason: [`“${retired.title}” (${retired.artist_credit}) merged into “${survivor.title}” (${survivor.artist_credit})`, body.reason]
          .filter(Boolean)
          .join(': '),
        at: stamp,
      });
    });
    // Cards, lists and pages of both albums (and of everything that showed them) are read again.
    deps.catalog.invalidateAll();
    return oneMerge(id);
  }

  /** Undoes a merge within its 30 days: each participant restores what it moved, deleted or changed. */
  async function undo(viewer: Viewer, mergeId: string): Promise<AlbumMerge> {
    await curator(viewer);
    const stamp = now();
    await db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, 'catalog-writes');
      const row = await repository.merge(trx, mergeId);
      if (!row) throw notFound('merge_not_found');
      if (row.undone_at) throw conflict('merge_already_undone');
      if (row.saved === null || row.undo_until < stamp) throw conflict('merge_undo_expired', { days: MERGE_UNDO_DAYS });
      const [survivor] = await deps.catalog.albumsForCuration([row.survivor_id], trx);
      // The survivor merged away since: that later merge is undone first.
      if (!survivor || survivor.status === 'merged') throw conflict('merge_survivor_merged');
      const saved = JSON.parse(row.saved) as Record<string, unknown>;
      const step: AlbumMergeStep = { trx, retiredId: row.retired_id, survivorId: row.survivor_id, now: stamp };
      for (const participant of [...participants].reverse()) {
        if (participant.name in saved) await participant.undo(step, saved[participant.name]);
      }
      await repository.markUndone(trx, mergeId, stamp);
      await repository.setPairsMerged(trx, row.retired_id, null);
      await access.record(trx, viewer, {
        action: 'unmerge',
        subjectType: 'album',
        subjectId: row.retired_id,
        reason: `Merge of ${stamp.slice(0, 10) === row.created_at.slice(0, 10) ? 'today' : row.created_at.slice(0, 10)} undone`,
        at: stamp,
      });
    });
    deps.catalog.invalidateAll();
    return oneMerge(mergeId);
  }

  async function merges(viewer: Viewer, query: { page: number; limit: number }) {
    await curator(viewer);
    const { rows, total } = await repository.merges(db, query.limit, (query.page - 1) * query.limit);
    const albums = await albumsById(rows.flatMap((row) => [row.survivor_id, row.retired_id]));
    return { items: rows.flatMap((row) => presentMerge(row, albums) ?? []), ...pageFields(query, total) };
  }

  /**
   * The duplicates job's pass: albums of one MusicBrainz release group, and albums whose titles key alike, with an artist known
   * by the same key (a name or an alias: "The" and punctuation left out, localised names through aliases) and years at
   * most one apart (or unknown). New pairs join the queue; dismissed and merged pairs stay as they are.
   */
  async function findDuplicates(): Promise<number> {
    const candidates = await deps.catalog.duplicateCandidates();
    const stamp = now();
    const found = new Map<string, DuplicatePairTable>();
    const add = (one: string, other: string, reason: 'mbid' | 'names') => {
      const [album_a, album_b] = ordered(one, other);
      const key = `${album_a}|${album_b}`;
      if (!found.has(key) || reason === 'mbid') {
        found.set(key, { album_a, album_b, reason, found_at: stamp, dismissed_at: null, dismissed_by: null, merged_at: null });
      }
    };
    const groups = (keyOf: (album: (typeof candidates)[number]) => string | null) => {
      const byKey = new Map<string, typeof candidates>();
      for (const album of candidates) {
        const key = keyOf(album);
        if (key) byKey.set(key, [...(byKey.get(key) ?? []), album]);
      }
      return [...byKey.values()].filter((group) => group.length > 1);
    };
    // An album's MusicBrainz id is unique: the same release group shows as an album enrichment matched to it while
    // another album holds its id.
    for (const [one, other] of await deps.catalog.sameReleaseGroup()) add(one, other, 'mbid');
    for (const group of groups((album) => album.title_key)) {
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length; j++) {
          const one = group[i]!;
          const other = group[j]!;
          if (one.mbid && other.mbid && one.mbid !== other.mbid) continue;
          const years = [one.release_year, other.release_year];
          if (years.every((year) => year !== null) && Math.abs(Number(years[0]) - Number(years[1])) > DUPLICATE_YEARS_APART) continue;
          if (![...one.artistKeys].some((key) => other.artistKeys.has(key))) continue;
          add(one.id, other.id, 'names');
        }
      }
    }
    await repository.insertPairs(db, [...found.values()]);
    return found.size;
  }

  async function duplicates(
    viewer: Viewer,
    query: { page: number; limit: number },
  ): Promise<{ items: DuplicatePair[] } & ReturnType<typeof pageFields>> {
    await curator(viewer);
    const { rows, total } = await repository.openPairs(db, query.limit, (query.page - 1) * query.limit);
    const albums = await albumsById(rows.flatMap((row) => [row.album_a, row.album_b]));
    return {
      items: rows.flatMap((row) => {
        const one = albums.get(row.album_a);
        const other = albums.get(row.album_b);
        if (!one || !other || one.status === 'merged' || other.status === 'merged') return [];
        // The album with more ratings first: the one a curator most likely keeps.
        const pair = Number(one.rating_count) >= Number(other.rating_count) ? [one, other] : [other, one];
        return [
          {
            albums: [presentAlbum(pair[0]!), presentAlbum(pair[1]!)] as [CuratedAlbum, CuratedAlbum],
            reason: row.reason,
            foundAt: row.found_at,
          },
        ];
      }),
      ...pageFields(query, total),
    };
  }

  async function dismissDuplicate(viewer: Viewer, body: DismissDuplicateBody): Promise<{ ok: true }> {
    await curator(viewer);
    const [albumA, albumB] = ordered(body.albumIds[0], body.albumIds[1]);
    if (albumA === albumB) throw badRequest('merge_same_album');
    const albums = await albumsById([albumA, albumB]);
    if (albums.size !== 2) throw notFound('album_not_found');
    const stamp = now();
    await db.transaction().execute(async (trx) => {
      await repository.dismissPair(trx, albumA, albumB, viewer.id, stamp);
      await access.record(trx, viewer, {
        action: 'not_duplicate',
        subjectType: 'album',
        subjectId: albumA,
        reason: `“${albums.get(albumA)!.title}” and “${albums.get(albumB)!.title}” are different albums`,
        at: stamp,
      });
    });
    return { ok: true };
  }

  function correctionValue(album: AlbumRow, field: AlbumCorrectionTable['field']): string {
    switch (field) {
      case 'title':
        return album.title;
      case 'artist_credit':
        return album.artist_credit;
      case 'year':
        return album.release_year === null ? '' : String(album.release_year);
      case 'release_type':
        return album.release_type;
      case 'cover':
        return '';
    }
  }

  async function presentCorrections(rows: readonly AlbumCorrectionTable[]): Promise<AlbumCorrection[]> {
    const [albums, people] = await Promise.all([
      albumsById(rows.map((row) => row.album_id)),
      deps.hydrator.people(rows.map((row) => row.user_id)),
    ]);
    return rows.flatMap((row) => {
      const album = albums.get(row.album_id);
      if (!album || row.field === 'cover') return [];
      return [
        {
          id: row.id,
          album: presentAlbum(album),
          field: row.field,
          previous: row.previous,
          value: row.value,
          note: row.note ?? '',
          suggestedBy: people.get(row.user_id)?.username ?? '',
          at: row.created_at,
          status: row.status ?? 'open',
          decisionReason: row.decision_reason,
        },
      ];
    });
  }

  async function suggestCorrection(viewer: Viewer, albumId: string, input: CorrectionBody): Promise<AlbumCorrection> {
    const body = CorrectionBodySchema.parse(input);
    const found = (await albumsById([albumId])).get(albumId);
    if (!found || found.status === 'merged') throw notFound('album_not_found');
    const previous = correctionValue(found, body.field);
    if (previous === body.value) throw badRequest('correction_unchanged');
    const row: AlbumCorrectionTable = {
      id: newId(),
      album_id: found.id,
      user_id: viewer.id,
      field: body.field,
      value: body.value,
      previous,
      note: body.note,
      status: 'open',
      created_at: now(),
      decided_at: null,
      decided_by: null,
      decision_reason: null,
    };
    await repository.insertCorrection(db, row);
    return (await presentCorrections([row]))[0]!;
  }

  async function corrections(viewer: Viewer, query: { page: number; limit: number }) {
    await curator(viewer);
    const { rows, total } = await repository.openCorrections(db, query.limit, (query.page - 1) * query.limit);
    return { items: await presentCorrections(rows), ...pageFields(query, total) };
  }

  async function decideCorrection(viewer: Viewer, correctionId: string, input: CorrectionDecisionBody): Promise<AlbumCorrection> {
    await curator(viewer);
    const body = CorrectionDecisionBodySchema.parse(input);
    const row = await repository.correction(db, correctionId);
    if (!row) throw notFound('correction_not_found');
    if (row.status !== 'open') throw conflict('correction_already_decided');
    const [album] = await deps.catalog.albumsForCuration([row.album_id]);
    if (!album) throw notFound('album_not_found');
    const stamp = now();
    const status = body.accept ? 'accepted' : 'rejected';
    await db.transaction().execute(async (trx) => {
      if (!(await repository.decideCorrection(trx, correctionId, { status, by: viewer.id, reason: body.reason, at: stamp }))) {
        throw conflict('correction_already_decided');
      }
      if (body.accept && row.field !== 'cover') {
        const value = row.field === 'year' ? Number(row.value) : row.value;
        await deps.catalog.correctAlbum(
          row.album_id,
          { field: row.field, value } as Parameters<CatalogService['correctAlbum']>[1],
          stamp,
          trx,
        );
      }
      await access.record(trx, viewer, {
        action: body.accept ? 'accept_correction' : 'reject_correction',
        subjectType: 'album',
        subjectId: row.album_id,
        reason: [`${row.field}: “${row.previous}” → “${row.value}”`, body.reason].filter(Boolean).join(': '),
        at: stamp,
      });
    });
    deps.catalog.invalidateAll();
    deps.events?.emit('moderation.decided', {
      kind: body.accept ? 'correction_accepted' : 'correction_rejected',
      authorId: row.user_id,
      objectId: album.slug,
      subject: album.title,
      reason: body.reason,
    });
    const decided = await repository.correction(db, correctionId);
    return (await presentCorrections([decided!]))[0]!;
  }

  async function editorList() {
    const rows = await access.editors();
    const people = await deps.hydrator.people(rows.map((row) => row.user_id));
    return {
      items: rows.flatMap((row) => {
        const person = people.get(row.user_id);
        return person ? [{ username: person.username ?? person.id, name: person.name, since: row.created_at }] : [];
      }),
    };
  }

  async function editors(viewer: Viewer) {
    await curator(viewer);
    return editorList();
  }

  /** A moderator (or admin) appoints a member catalog editor, or stops them being one; logged. */
  async function setEditor(viewer: Viewer, username: string, appoint: boolean) {
    const role = await curator(viewer);
    if (role === 'editor') throw notFound('not_found');
    const person = await deps.hydrator.personNamed(username.toLowerCase());
    if (!person) throw notFound('profile_not_found');
    const stamp = now();
    const changed = appoint ? await access.addEditor(person.id, viewer.id, stamp) : await access.removeEditor(person.id);
    if (changed) {
      await access.record(db, viewer, {
        action: appoint ? 'appoint_editor' : 'remove_editor',
        subjectType: 'profile',
        subjectId: person.id,
        reason: appoint ? `@${person.username} is a catalog editor` : `@${person.username} is no longer a catalog editor`,
        at: stamp,
      });
    }
    return editorList();
  }

  /** The duplicates job: one pass a day finds new pairs and forgets what merges older than 30 days kept for an undo. */
  const handler: JobHandler<{ day: string }> = {
    async step(job: Job<{ day: string }>): Promise<Step<{ day: string }>> {
      await findDuplicates();
      await repository.forgetExpiredMerges(db, now());
      return { cursor: job.cursor, done: true };
    },
    async failed() {},
  };

  /**
   * Queues today's pass unless it is queued, running or done (the job's id is the day's); `again` queues a done pass
   * once more (an operator asking for it, or a test). Returns the job's id.
   */
  async function ensureQueued(jobs: Pick<Jobs, 'enqueue'>, again = false): Promise<string> {
    const day = now().slice(0, 10);
    const id = `${CATALOG_CURATION_JOB}:${day}`;
    const job = await findJob(db, id);
    if (!job) {
      try {
        await jobs.enqueue({ id, kind: CATALOG_CURATION_JOB, owner: null, cursor: { day } });
      } catch {
        // Queued at the same moment by another process.
      }
    } else if (again && job.state === 'done') {
      await requeueFinished(db, id, JSON.stringify({ day }), now());
    }
    return id;
  }

  /** Whether a pass has finished. */
  const passDone = async (id: string) => (await findJob(db, id))?.state === 'done';

  function schedule(jobs: Pick<Jobs, 'enqueue'>, everyMs = 3600_000): () => void {
    const check = () => void ensureQueued(jobs).catch(() => undefined);
    const first = setTimeout(check, 15_000);
    const timer = setInterval(check, everyMs);
    first.unref();
    timer.unref();
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }

  return {
    access: accessOf,
    merge,
    undo,
    merges,
    findDuplicates,
    duplicates,
    dismissDuplicate,
    suggestCorrection,
    corrections,
    decideCorrection,
    editors,
    appointEditor: (viewer: Viewer, username: string) => setEditor(viewer, username, true),
    removeEditor: (viewer: Viewer, username: string) => setEditor(viewer, username, false),
    forgetExpiredMerges: () => repository.forgetExpiredMerges(db, now()),
    handler,
    ensureQueued,
    passDone,
    schedule,
  };
}

export type CurationService = ReturnType<typeof createCurationService>;
