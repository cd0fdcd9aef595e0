import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

export type NewJournalEntry = Insertable<Database['journal_entry']>;
export type JournalEntryChange = Updateable<Database['journal_entry']>;

const columns = ['id', 'user_id', 'album_id', 'listened_on', 'rating', 'note', 'created_at', 'updated_at'] as const;

export async function insertEntry(db: DB, entry: NewJournalEntry): Promise<void> {
  await db.insertInto('journal_entry').values(entry).execute();
}

/** Entries per statement: ten columns each keeps a statement within SQLite's limit of bound values. */
const ENTRIES_PER_STATEMENT = 500;

export async function insertEntries(db: DB, entries: readonly NewJournalEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += ENTRIES_PER_STATEMENT) {
    await db
      .insertInto('journal_entry')
      .values(entries.slice(start, start + ENTRIES_PER_STATEMENT))
      .execute();
  }
}

/** Someone's own entry; another person's entry is as good as missing. */
export async function findOwnEntry(db: DB, userId: string, entryId: string) {
  return db.selectFrom('journal_entry').select(columns).where('id', '=', entryId).where('user_id', '=', userId).executeTakeFirst();
}

export async function hasEntry(db: DB, userId: string, albumId: string, listenedOn: string, note: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('journal_entry')
    .select('id')
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .where('listened_on', '=', listenedOn)
    .where((eb) => (note === null ? eb('note', 'is', null) : eb('note', '=', note)))
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateEntry(db: DB, entryId: string, change: JournalEntryChange): Promise<void> {
  await db.updateTable('journal_entry').set(change).where('id', '=', entryId).execute();
}

export async function deleteOwnEntry(db: DB, userId: string, entryId: string): Promise<boolean> {
  const result = await db.deleteFrom('journal_entry').where('id', '=', entryId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface EntryFilters {
  /** First and last day (inclusive) of a month, as YYYY-MM-DD. */
  from?: string;
  to?: string;
  albumId?: string;
}

/** A person's entries, newest listen first (the same day: newest logged first). */
export async function listEntries(db: DB, userId: string, filters: EntryFilters, limit: number, offset: number) {
  let base = db.selectFrom('journal_entry').where('user_id', '=', userId);
  if (filters.from) base = base.where('listened_on', '>=', filters.from);
  if (filters.to) base = base.where('listened_on', '<=', filters.to);
  if (filters.albumId) base = base.where('album_id', '=', filters.albumId);
  const [rows, count] = await Promise.all([
    base.select(columns).orderBy('listened_on', 'desc').orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many listens in each month (YYYY-MM), newest month first. */
export async function monthCounts(db: DB, userId: string) {
  // Counted per day, then added up by month here: substr and grouping by an expression differ between engines.
  const rows = await db
    .selectFrom('journal_entry')
    .select(['listened_on', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('listened_on')
    .orderBy('listened_on', 'desc')
    .execute();
  const months = new Map<string, number>();
  for (const row of rows) {
    const month = row.listened_on.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + Number(row.n));
  }
  return [...months].map(([month, count]) => ({ month, count }));
}

/** The spans of the person's entries made from listens of these albums that overlap `from`..`to` (whole seconds). */
export async function listenSessionSpans(db: DB, userId: string, albumIds: readonly string[], from: number, to: number) {
  if (!albumIds.length) return [];
  const rows = await db
    .selectFrom('journal_entry')
    .select(['album_id', 'listen_session_start', 'listen_session_end'])
    .where('user_id', '=', userId)
    .where('album_id', 'in', [...albumIds])
    .where('listen_session_start', 'is not', null)
    .where('listen_session_start', '<=', to)
    .where('listen_session_end', '>=', from)
    .execute();
  return rows.map((row) => ({ albumId: row.album_id, start: Number(row.listen_session_start), end: Number(row.listen_session_end) }));
}
