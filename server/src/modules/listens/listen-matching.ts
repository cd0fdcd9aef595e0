import type { DB } from '../../platform/db/index.ts';
import { findJob, requeueFinished } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler, Jobs } from '../../platform/jobs/runner.ts';
import { MusicBrainzUnavailable } from '../../platform/musicbrainz/types.ts';
import { matchKey } from '../../platform/text.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ImportsService } from '../imports/imports.service.ts';
import type { JournalService, ListenSession } from '../journal/journal.service.ts';
import * as repository from './listens.repository.ts';

/**
 * From listens to albums (decision 073): a job per member matches their new listens to catalog albums, then rolls the
 * matched ones up into journal entries. It works from the database's `new` listens, so listens recorded while it runs
 * are matched by the same run, or by the next one queued after it.
 */

export const LISTEN_MATCHING_JOB = 'listen-matching';
const jobIdOf = (userId: string) => `listen-matching:${userId}`;

/** Listens of one album more than this apart belong to different sittings. */
export const SESSION_GAP_SECONDS = 2 * 60 * 60;
/** A sitting counts as a listen of the album once this much of its distinct tracks was played… */
export const SESSION_MIN_PLAYED_MS = 20 * 60_000;
/** …or half of its tracks when the catalog knows how many; this many distinct tracks when it does not. */
export const SESSION_MIN_TRACKS_UNKNOWN_COUNT = 5;
/** Sessions that ended longer ago than this are entered quietly: an import never floods followers' feeds. */
export const QUIET_AFTER_SECONDS = 48 * 60 * 60;

/** A sitting with an album under way in the roll-up's walk. */
interface OpenSession {
  first: number;
  last: number;
  /** Track key -> the longest duration a listen of it gave (0 when none did). */
  tracks: Record<string, number>;
}

export interface ListenMatchingCursor {
  matched: number;
  unmatched: number;
  entries: number;
  /** The span (whole seconds) of listens matched since the last roll-up: what it looks at next. */
  pending: { from: number; to: number } | null;
  /** The roll-up under way: up to `to`, after the listen (`at`, `id`), with the sittings still open. */
  walk: { to: number; after: { at: number; id: string }; open: Record<string, OpenSession> } | null;
}

const freshCursor = (): ListenMatchingCursor => ({ matched: 0, unmatched: 0, entries: 0, pending: null, walk: null });

export interface ListenMatchingDeps {
  db: DB;
  clock: () => Date;
  catalog: CatalogService;
  /** The catalog's album of a release group or release, added from MusicBrainz if need be (null: no such id). */
  catalogMusicBrainz: { albumForMbid(mbid: { releaseGroup: string } | { release: string }): Promise<string | null> };
  /** The imports' way of finding albums by artist and title and adding those the catalog lacks: one way to match. */
  albumMatching: ImportsService['albumMatching'];
  /** Whether the site may ask MusicBrainz (when it cannot, albums named by id are added pending, as an import's). */
  musicbrainzEnabled: boolean;
  journal: Pick<JournalService, 'addFromListens'>;
  jobs: Pick<Jobs, 'enqueue'>;
  /** Pending albums were added: MusicBrainz may confirm them later (the catalog's enrichment). */
  afterPendingAlbums?: () => Promise<void>;
  log: { warn(details: object, message: string): void };
}

/** An album matching adds pending, as an import adds one. */
type AlbumToAdd = Parameters<ImportsService['albumMatching']['addAlbums']>[1][number];

/** What one key of listens names: a release group, a release, or an artist and album title. */
type ListenKey =
  | { kind: 'group'; mbid: string; artist: string; title: string | null }
  | { kind: 'release'; mbid: string; artist: string; title: string | null }
  | { kind: 'text'; artist: string; title: string };

function keyOf(row: repository.NewListenRow): { id: string; key: ListenKey } | null {
  const title = row.release_name?.trim() || null;
  const artist = row.artist_name;
  if (row.release_group_mbid)
    return { id: `g:${row.release_group_mbid}`, key: { kind: 'group', mbid: row.release_group_mbid, artist, title } };
  if (row.release_mbid) return { id: `r:${row.release_mbid}`, key: { kind: 'release', mbid: row.release_mbid, artist, title } };
  if (!title) return null;
  return { id: `t:${matchKey(artist)}|${matchKey(title)}`, key: { kind: 'text', artist, title } };
}

/** Whether a sitting counts as a listen of the album (decision 073). */
export function sessionCounts(session: Pick<OpenSession, 'tracks'>, trackCount: number | undefined): boolean {
  const played = Object.values(session.tracks);
  const playedMs = played.reduce((sum, ms) => sum + ms, 0);
  if (playedMs >= SESSION_MIN_PLAYED_MS) return true;
  if (trackCount) return played.length * 2 >= trackCount;
  return played.length >= SESSION_MIN_TRACKS_UNKNOWN_COUNT;
}

export type ListenMatching = ReturnType<typeof createListenMatching>;

export function createListenMatching(deps: ListenMatchingDeps) {
  const { db, catalog } = deps;
  const { albumMatching } = deps;

  /**
   * The album of each key: by MusicBrainz id in the catalog, else added from MusicBrainz when the site may ask it
   * (`askBudget` keys a step, at MusicBrainz's pace), else by the catalog's artist and title rules, else (an id
   * MusicBrainz was not asked about) added pending as an import's album, with its id, for the catalog's enrichment to
   * confirm at MusicBrainz's pace: a history naming thousands of albums the catalog lacks never holds up the rest.
   * Keys left without an album are unmatched; keys absent from the answer wait.
   */
  async function resolveKeys(userId: string, keys: Map<string, ListenKey>, askBudget: number) {
    const albumOf = new Map<string, string | null>();
    const groups = [...keys.values()].flatMap((key) => (key.kind === 'group' ? [key.mbid] : []));
    const byMbid = new Map<string, string>();
    for (const album of await catalog.albumsByMbid([...new Set(groups)]))
      if (album.mbid && !byMbid.has(album.mbid)) byMbid.set(album.mbid, album.id);

    /** Keys whose id MusicBrainz was not asked about (off, unreachable, or this step's asking done). */
    const unasked = new Set<string>();
    const byText: [string, ListenKey & { title: string }][] = [];
    let reachable = deps.musicbrainzEnabled;
    let asked = 0;
    for (const [id, key] of keys) {
      if (key.kind === 'text') {
        byText.push([id, key]);
        continue;
      }
      const known = key.kind === 'group' ? byMbid.get(key.mbid) : undefined;
      if (known) {
        albumOf.set(id, known);
        continue;
      }
      let found: string | null = null;
      if (reachable && asked < askBudget) {
        asked++;
        try {
          found = await deps.catalogMusicBrainz.albumForMbid(key.kind === 'group' ? { releaseGroup: key.mbid } : { release: key.mbid });
        } catch (error) {
          if (!(error instanceof MusicBrainzUnavailable)) throw error;
          reachable = false;
          unasked.add(id);
        }
      } else if (reachable && !key.title) {
        // Only MusicBrainz can name this album: its listens wait for a later step.
        continue;
      } else unasked.add(id);
      if (found) albumOf.set(id, found);
      else if (key.title) byText.push([id, { ...key, title: key.title }]);
      else albumOf.set(id, null);
    }

    const wanted = byText.map(([id, key]) => ({ id, key, artistNames: [key.artist], titles: [key.title], year: null }));
    const { albumOf: foundByText } = await albumMatching.findAlbums(userId, wanted);
    const toAdd: (AlbumToAdd & { id: string })[] = [];
    for (const row of wanted) {
      const found = foundByText.get(row);
      if (found) albumOf.set(row.id, found.id);
      else if (unasked.has(row.id)) {
        toAdd.push({
          ...row,
          credits: catalog.splitArtistCredit(row.key.artist).map((credit) => ({ ...credit, aliases: [] })),
          mbid: row.key.kind === 'group' ? row.key.mbid : null,
        });
      } else albumOf.set(row.id, null);
    }
    if (toAdd.length) {
      const added = new Map<AlbumToAdd & { id: string }, { id: string; created: boolean }>();
      await albumMatching.addAlbums(userId, toAdd, albumMatching.emptySummary(), () => {}, added);
      for (const row of toAdd) albumOf.set(row.id, added.get(row)?.id ?? null);
      if (added.size) await deps.afterPendingAlbums?.();
    }
    return albumOf;
  }

  /** One batch of new listens matched: the updates to save with the cursor, and the span of those matched. */
  async function matchBatch(userId: string, limit: number) {
    const rows = await repository.newListens(db, userId, limit);
    if (!rows.length) return null;
    const keys = new Map<string, ListenKey>();
    const idsByKey = new Map<string, string[]>();
    const noRelease: string[] = [];
    const span = { from: Infinity, to: -Infinity };
    for (const row of rows) {
      const keyed = keyOf(row);
      if (!keyed) {
        noRelease.push(row.id);
        continue;
      }
      if (!keys.has(keyed.id)) keys.set(keyed.id, keyed.key);
      const ids = idsByKey.get(keyed.id);
      if (ids) ids.push(row.id);
      else idsByKey.set(keyed.id, [row.id]);
    }
    const albumOf = await resolveKeys(userId, keys, 1);
    const atOf = new Map(rows.map((row) => [row.id, Number(row.listened_at)]));
    const matched = new Map<string, string[]>();
    const unmatched = [...noRelease];
    for (const [keyId, ids] of idsByKey) {
      if (!albumOf.has(keyId)) continue;
      const albumId = albumOf.get(keyId);
      if (!albumId) {
        unmatched.push(...ids);
        continue;
      }
      matched.set(albumId, [...(matched.get(albumId) ?? []), ...ids]);
      for (const id of ids) {
        const at = atOf.get(id)!;
        if (at < span.from) span.from = at;
        if (at > span.to) span.to = at;
      }
    }
    return {
      matchedCount: [...matched.values()].reduce((sum, ids) => sum + ids.length, 0),
      unmatchedCount: unmatched.length,
      span: span.from <= span.to ? span : null,
      save: async (trx: DB) => {
        for (const [albumId, ids] of matched) await repository.setMatch(trx, albumId, ids);
        await repository.setMatch(trx, null, unmatched);
      },
    };
  }

  /** Widens a span to whole sittings: out to a gap of more than a session's between the person's matched listens. */
  async function wholeSittings(userId: string, span: { from: number; to: number }) {
    let { from, to } = span;
    for (;;) {
      const earlier = await repository.matchedListenNear(db, userId, from - SESSION_GAP_SECONDS, from - 1, 'earliest');
      if (earlier === null) break;
      from = earlier;
    }
    for (;;) {
      const later = await repository.matchedListenNear(db, userId, to + 1, to + SESSION_GAP_SECONDS, 'latest');
      if (later === null) break;
      to = later;
    }
    return { from, to };
  }

  /** The journal's entries for sittings that ended: those that count, once each. */
  async function enter(userId: string, closed: [string, OpenSession][]): Promise<number> {
    if (!closed.length) return 0;
    const counts = await catalog.trackCounts([...new Set(closed.map(([albumId]) => albumId))]);
    const quietBefore = Math.floor(deps.clock().getTime() / 1000) - QUIET_AFTER_SECONDS;
    const sessions: ListenSession[] = closed
      .filter(([albumId, session]) => sessionCounts(session, counts.get(albumId)))
      .map(([albumId, session]) => ({
        albumId,
        start: session.first,
        end: session.last,
        listenedOn: new Date(session.first * 1000).toISOString().slice(0, 10),
        quiet: session.last < quietBefore,
      }));
    return deps.journal.addFromListens(userId, sessions);
  }

  /** One page of the roll-up's walk over the person's matched listens in time order. */
  async function walkPage(userId: string, walk: NonNullable<ListenMatchingCursor['walk']>, limit: number) {
    const rows = await repository.matchedListensAfter(db, userId, walk.after, walk.to, limit);
    const open = { ...walk.open };
    const closed: [string, OpenSession][] = [];
    for (const row of rows) {
      let session = open[row.album_id];
      if (session && row.listened_at - session.last > SESSION_GAP_SECONDS) {
        closed.push([row.album_id, session]);
        session = undefined;
      }
      if (!session) {
        session = { first: row.listened_at, last: row.listened_at, tracks: {} };
        open[row.album_id] = session;
      }
      session.last = row.listened_at;
      const track = matchKey(row.track_name);
      session.tracks[track] = Math.max(session.tracks[track] ?? 0, row.duration_ms ?? 0);
    }
    const finished = rows.length < limit;
    const last = rows.at(-1);
    const now = last ? last.listened_at : walk.to;
    for (const [albumId, session] of Object.entries(open)) {
      if (finished || now - session.last > SESSION_GAP_SECONDS) {
        closed.push([albumId, session]);
        delete open[albumId];
      }
    }
    const entries = await enter(userId, closed);
    return {
      entries,
      walk: finished ? null : { to: walk.to, after: last ? { at: last.listened_at, id: last.id } : walk.after, open },
    };
  }

  const handler: JobHandler<ListenMatchingCursor> = {
    async step(job, budgetMs) {
      const userId = job.owner!;
      const cursor: ListenMatchingCursor = { ...job.cursor };
      // Rows a step reads: more where a step may take longer (the job thread).
      const limit = Math.max(500, Math.min(5_000, Math.round(budgetMs * 100)));
      if (cursor.walk) {
        const page = await walkPage(userId, cursor.walk, limit);
        cursor.entries += page.entries;
        cursor.walk = page.walk;
        return { cursor, done: false };
      }
      const batch = await matchBatch(userId, limit);
      if (batch) {
        cursor.matched += batch.matchedCount;
        cursor.unmatched += batch.unmatchedCount;
        if (batch.span) {
          cursor.pending = cursor.pending
            ? { from: Math.min(cursor.pending.from, batch.span.from), to: Math.max(cursor.pending.to, batch.span.to) }
            : batch.span;
        }
        return { cursor, done: false, save: batch.save };
      }
      if (cursor.pending) {
        const span = await wholeSittings(userId, cursor.pending);
        cursor.pending = null;
        cursor.walk = { to: span.to, after: { at: span.from - 1, id: '' }, open: {} };
        return { cursor, done: false };
      }
      // Listens recorded after the last look but before this run is marked done start the next run.
      return { cursor, done: true, saved: () => void queueIfNew(userId) };
    },
    async failed(job, error) {
      deps.log.warn({ err: error, jobId: job.id }, 'matching listens stopped');
    },
  };

  async function queueIfNew(userId: string): Promise<void> {
    try {
      if (await repository.hasNewListens(db, userId)) await ensureQueued(userId);
    } catch (error) {
      deps.log.warn({ err: error, userId }, 'could not queue the matching of listens');
    }
  }

  /**
   * Queues the person's matching job unless it is queued or running (which will see the new listens: it works from
   * the database's new rows). A finished run is queued again from the start.
   */
  async function ensureQueued(userId: string): Promise<boolean> {
    const id = jobIdOf(userId);
    const job = await findJob(db, id);
    if (job?.state === 'queued' || job?.state === 'running') return false;
    if (job) return requeueFinished(db, id, JSON.stringify(freshCursor()), deps.clock().toISOString());
    try {
      await deps.jobs.enqueue({ id, kind: LISTEN_MATCHING_JOB, owner: userId, cursor: freshCursor() });
      return true;
    } catch {
      // Queued by another process at the same moment.
      return false;
    }
  }

  return { handler, ensureQueued };
}
