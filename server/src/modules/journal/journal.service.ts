import { pageFields } from '@hearsay/contracts/pagination';
import type {
  CreateJournalEntryBody,
  JournalEntry,
  JournalMonths,
  JournalPage,
  JournalQuery,
  UpdateJournalEntryBody,
} from '@hearsay/contracts/journal';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, notFound, fieldIssue } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ActivityLog } from '../feed/feed.service.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { EventBus } from '../../platform/events.ts';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import type { Expression, SqlBool } from 'kysely';
import * as asked from './asked.repository.ts';
import * as repository from './journal.repository.ts';
import { journalAlbumMerge } from './merged-albums.repository.ts';

export interface JournalServiceDeps {
  db: DB;
  clock: () => Date;
  catalog: CatalogService;
  /** Each entry's album card. */
  hydrator: Pick<Hydrator, 'withAlbums'>;
  /** The feed's row for a listen, written in the entry's transaction (decision 015). */
  activity: ActivityLog;
  /** Told after a listen is logged, changed or removed (sharing with other sites). */
  events?: Pick<EventBus, 'emit'>;
}

export type JournalService = ReturnType<typeof createJournalService>;

type EntryRow = NonNullable<Awaited<ReturnType<typeof repository.findOwnEntry>>>;

const HOUR = 60 * 60 * 1000;

/** An album listened to in one sitting, as the listens module found it in a member's played tracks (decision 073). */
export interface ListenSession {
  albumId: string;
  /** The first and last listen of the album in the session, whole seconds since 1970. */
  start: number;
  end: number;
  /** The day the entry is logged on (the session's first listen, UTC). */
  listenedOn: string;
  /** No feed activity: listens older than the feed takes (an import's). */
  quiet: boolean;
}

const entryNotFound = () => notFound('journal_entry_not_found');

/** The listening journal: dated listens of albums, each with an optional rating of that listen and a note. */
export function createJournalService(deps: JournalServiceDeps) {
  const { db, catalog } = deps;

  const today = () => deps.clock().toISOString().slice(0, 10);

  /**
   * The day is the listener's own calendar day, so it may already be tomorrow in UTC for someone east of it;
   * the latest day anywhere (UTC+14) is the limit.
   */
  function checkNotFuture(day: string): void {
    const latest = new Date(deps.clock().getTime() + 14 * HOUR).toISOString().slice(0, 10);
    if (day > latest) {
      throw badRequest('listened_in_future', undefined, [fieldIssue('body.listenedOn', 'listened_in_future')]);
    }
  }

  const cleanNote = (note: string | null | undefined) => (note ? note : null);

  async function present(rows: readonly EntryRow[], userId: string): Promise<JournalEntry[]> {
    return (await deps.hydrator.withAlbums(rows, (row) => row.album_id, userId)).map(({ row, album }) => ({
      id: row.id,
      album: presentAlbumCard(album),
      listenedOn: row.listened_on,
      rating: row.rating === null ? null : Number(row.rating),
      note: row.note,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async function presentOne(row: EntryRow, userId: string): Promise<JournalEntry> {
    const [entry] = await present([row], userId);
    if (!entry) throw entryNotFound();
    return entry;
  }

  /**
   * `quiet`: no feed activity, for an import's old listens (they would flood followers' feeds); `at`: when the entry
   * was logged elsewhere (an imported Hearsay export).
   */
  async function create(
    userId: string,
    body: CreateJournalEntryBody,
    options: { quiet?: boolean; at?: string } = {},
  ): Promise<JournalEntry> {
    const albumId = await catalog.resolveAlbumId(body.albumId);
    const listenedOn = body.listenedOn ?? today();
    checkNotFuture(listenedOn);
    const now = options.at ?? deps.clock().toISOString();
    const row: EntryRow = {
      id: newId(),
      user_id: userId,
      album_id: albumId,
      listened_on: listenedOn,
      rating: body.rating ?? null,
      note: cleanNote(body.note),
      created_at: now,
      updated_at: now,
    };
    await db.transaction().execute(async (trx) => {
      await repository.insertEntry(trx, row);
      // The entry is the row's object: the feed shows the album, the day and that listen's rating, never the note.
      if (!options.quiet) {
        await deps.activity.record(trx, {
          actorId: userId,
          verb: 'listened',
          objectType: 'journal_entry',
          objectId: row.id,
          albumId,
          at: now,
        });
      }
    });
    if (!options.quiet) deps.events?.emit('journal.changed', { userId, entryId: row.id });
    return presentOne(row, userId);
  }

  /**
   * Entries for the listening sessions the listens module found (decision 073), each once: a session overlapping the
   * span of an entry already made from listens of that album is that entry (a re-run, or listens arriving late).
   * `quiet` sessions (old listens, an import's) make no feed activity. The number of entries made.
   */
  async function addFromListens(userId: string, sessions: readonly ListenSession[]): Promise<number> {
    if (!sessions.length) return 0;
    const from = Math.min(...sessions.map((session) => session.start));
    const to = Math.max(...sessions.map((session) => session.end));
    const spans = await repository.listenSessionSpans(db, userId, [...new Set(sessions.map((session) => session.albumId))], from, to);
    const now = deps.clock().toISOString();
    const rows: repository.NewJournalEntry[] = [];
    const shown: { id: string; albumId: string }[] = [];
    for (const session of sessions) {
      const overlaps = (span: { albumId: string; start: number; end: number }) =>
        span.albumId === session.albumId && span.start <= session.end && span.end >= session.start;
      if (spans.some(overlaps)) continue;
      spans.push({ albumId: session.albumId, start: session.start, end: session.end });
      const id = newId();
      rows.push({
        id,
        user_id: userId,
        album_id: session.albumId,
        listened_on: session.listenedOn,
        rating: null,
        note: null,
        created_at: now,
        updated_at: now,
        listen_session_start: session.start,
        listen_session_end: session.end,
      });
      if (!session.quiet) shown.push({ id, albumId: session.albumId });
    }
    if (!rows.length) return 0;
    await db.transaction().execute(async (trx) => {
      await repository.insertEntries(trx, rows);
      for (const entry of shown) {
        await deps.activity.record(trx, {
          actorId: userId,
          verb: 'listened',
          objectType: 'journal_entry',
          objectId: entry.id,
          albumId: entry.albumId,
          at: now,
        });
      }
    });
    const made = shown.map((entry) => entry.id);
    for (const entryId of made) deps.events?.emit('journal.changed', { userId, entryId });
    return rows.length;
  }

  /** Whether the person logged this album on this day with this note already (an import adds such an entry once). */
  async function hasSame(userId: string, entry: { albumId: string; listenedOn: string; note: string | null | undefined }) {
    return repository.hasEntry(db, userId, entry.albumId, entry.listenedOn, cleanNote(entry.note));
  }

  async function update(userId: string, entryId: string, body: UpdateJournalEntryBody): Promise<JournalEntry> {
    const existing = await repository.findOwnEntry(db, userId, entryId);
    if (!existing) throw entryNotFound();
    if (body.listenedOn !== undefined) checkNotFuture(body.listenedOn);
    const change = {
      ...(body.listenedOn !== undefined ? { listened_on: body.listenedOn } : {}),
      ...(body.rating !== undefined ? { rating: body.rating } : {}),
      ...(body.note !== undefined ? { note: cleanNote(body.note) } : {}),
      updated_at: deps.clock().toISOString(),
    };
    await repository.updateEntry(db, entryId, change);
    deps.events?.emit('journal.changed', { userId, entryId });
    return presentOne({ ...existing, ...change }, userId);
  }

  async function remove(userId: string, entryId: string): Promise<void> {
    const deleted = await db.transaction().execute(async (trx) => {
      if (!(await repository.deleteOwnEntry(trx, userId, entryId))) return false;
      await deps.activity.remove(trx, { objectType: 'journal_entry', objectId: entryId });
      return true;
    });
    if (!deleted) throw entryNotFound();
    deps.events?.emit('journal.changed', { userId, entryId });
  }

  async function list(userId: string, query: JournalQuery): Promise<JournalPage> {
    const filters: repository.EntryFilters = {};
    if (query.month) {
      filters.from = `${query.month}-01`;
      filters.to = `${query.month}-31`;
    }
    if (query.album) filters.albumId = await catalog.resolveAlbumId(query.album);
    const { rows, total } = await repository.listEntries(db, userId, filters, query.limit, (query.page - 1) * query.limit);
    return {
      items: await present(rows, userId),
      ...pageFields(query, total),
    };
  }

  async function months(userId: string): Promise<JournalMonths> {
    return { items: await repository.monthCounts(db, userId) };
  }

  /** A person's listens between two days, of albums `listed` keeps: how many, and the albums logged most. */
  const listensBetween = (
    userId: string,
    days: { first: string; last: string },
    limit: number,
    listed: (album: string) => Expression<SqlBool>,
  ) => asked.listensBetween(db, userId, days, limit, listed);

  /** A person's journal a page at a time, and how many entries: Download my data (decision 028). */
  const exported = {
    count: (userId: string) => asked.exportedCount(db, userId),
    entries: (userId: string, after: string, limit: number) => asked.exportedEntries(db, userId, after, limit),
  };

  /** Journal entries by id: the day and rating of each listen, never the note (the feed). */
  const listens = (ids: readonly string[]) => asked.listens(db, ids);

  /** One listen as it stands, whoever asks (sharing with other sites reads it after the fact); never the note. */
  const listen = (entryId: string) => asked.listen(db, entryId);

  // Journal entries follow an album merged into another (decision 080).
  const albumMerge = journalAlbumMerge();
  return { create, addFromListens, update, remove, list, months, hasSame, listensBetween, exported, listens, listen, albumMerge };
}
