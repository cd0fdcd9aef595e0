import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from './index.ts';

/**
 * Moving an album's rows to another album when a duplicate is merged into a survivor, and back on undo (decision 080).
 * Each owning module describes its album-keyed tables with an `AlbumRows` and moves them through its own service with
 * these helpers, inside the merge's transaction; what they return is kept with the merge, so that an undo restores
 * exactly what was moved, deleted or changed.
 */

/** One album-keyed table as the merge sees it. */
export interface AlbumRows {
  table: keyof Database & string;
  /** The column naming the album. */
  album: string;
  /** The columns that tell a row from the others of the same album (an id; or the person, the list…). */
  key: readonly string[];
  /**
   * One row per these columns and album (a person's one rating, a list's one entry): when both albums have one, the
   * row whose `newer` column is later stays (on a tie, the survivor's) and the other is deleted. Absent: every row moves.
   */
  onePer?: readonly string[];
  newer?: string;
  /** Only the rows where this column holds this value (reports name their subject by type and id). */
  only?: { column: string; value: string };
  /** Rows of other tables of the same owner that hang on a deleted row's id (a review's likes and comments): kept with it. */
  children?: readonly { table: keyof Database & string; column: string }[];
  /**
   * A column whose value holds only for its album (the edition a member owns): a moved row keeps it if `holds` says it
   * holds for the survivor too, else it is set to null; what it was is kept, and an undo writes it back.
   */
  scoped?: { column: string; holds: (trx: DB, albumId: string, value: string) => Promise<boolean> };
}

/** What one table's move did: the keys of the rows moved, and the rows deleted (with their children) in full. */
export interface MovedRows {
  table: string;
  moved: Record<string, unknown>[];
  removed: { row: Record<string, unknown>; children: { table: string; rows: Record<string, unknown>[] }[] }[];
  /** The moved rows whose `scoped` column was cleared: their key and the value it had. */
  cleared?: { key: Record<string, unknown>; value: unknown }[];
}

/** The merge as a participant sees it: the album merged away, the one that stays, and the transaction to write in. */
export interface AlbumMergeStep {
  trx: DB;
  retiredId: string;
  survivorId: string;
  now: string;
}

/** What a module does when a duplicate album is merged or the merge undone; `saved` is what `merge` returned. */
export interface AlbumMergeParticipant {
  /** Unique among participants: the merge keeps each one's `saved` by it. */
  name: string;
  merge(step: AlbumMergeStep): Promise<unknown>;
  undo(step: AlbumMergeStep, saved: unknown): Promise<void>;
}

type Row = Record<string, unknown>;
/** Tables named at run time (each owner names its own): the builder sees them as rows of unknown columns. */
const loose = (db: DB) => db as unknown as Kysely<Record<string, Row>>;
const CHUNK = 400;

function matches(row: Row, other: Row, columns: readonly string[]) {
  return columns.every((column) => String(row[column]) === String(other[column]));
}

/** A statement that takes `column = value` conditions (Kysely's select, update and delete builders). */
interface Filterable {
  where(column: string, operator: '=', value: unknown): this;
}

function onlyRows<Q extends Filterable>(query: Q, spec: AlbumRows): Q {
  return spec.only ? query.where(spec.only.column, '=', spec.only.value) : query;
}

function whereKey<Q extends Filterable>(query: Q, spec: AlbumRows, key: Row): Q {
  let next = query;
  for (const column of spec.key) next = next.where(column, '=', key[column]);
  return next;
}

/** Moves the retired album's rows of one table to the survivor, deleting the older of a person's two; what it did. */
export async function moveAlbumRows(step: AlbumMergeStep, spec: AlbumRows): Promise<MovedRows> {
  const db = loose(step.trx);
  const result: MovedRows = { table: spec.table, moved: [], removed: [] };
  const retired: Row[] = await onlyRows(db.selectFrom(spec.table).selectAll().where(spec.album, '=', step.retiredId), spec).execute();
  if (retired.length === 0) return result;
  const losers: Row[] = [];
  if (spec.onePer && spec.newer) {
    const survivors: Row[] = await onlyRows(db.selectFrom(spec.table).selectAll().where(spec.album, '=', step.survivorId), spec).execute();
    for (const row of retired) {
      const twin = survivors.find((other) => matches(row, other, spec.onePer!));
      if (!twin) continue;
      // The newer of the two stays; the survivor's on a tie.
      losers.push(String(row[spec.newer]) > String(twin[spec.newer]) ? twin : row);
    }
  }
  for (const row of losers) {
    const children = [];
    for (const child of spec.children ?? []) {
      const rows: Row[] = await db.selectFrom(child.table).selectAll().where(child.column, '=', row[spec.key[0]!]).execute();
      if (rows.length) await db.deleteFrom(child.table).where(child.column, '=', row[spec.key[0]!]).execute();
      children.push({ table: child.table, rows });
    }
    await whereKey(db.deleteFrom(spec.table).where(spec.album, '=', row[spec.album]), spec, row).execute();
    result.removed.push({ row, children });
  }
  const gone = new Set(losers.filter((row) => row[spec.album] === step.retiredId));
  result.moved = retired.filter((row) => !gone.has(row)).map((row) => Object.fromEntries(spec.key.map((column) => [column, row[column]])));
  await onlyRows(
    db
      .updateTable(spec.table)
      .set({ [spec.album]: step.survivorId })
      .where(spec.album, '=', step.retiredId),
    spec,
  ).execute();
  if (spec.scoped) {
    const { column, holds } = spec.scoped;
    result.cleared = [];
    for (const row of retired) {
      const value = row[column];
      if (value === null || value === undefined || gone.has(row)) continue;
      if (await holds(step.trx, step.survivorId, String(value))) continue;
      const key = Object.fromEntries(spec.key.map((name) => [name, row[name]]));
      await whereKey(
        db
          .updateTable(spec.table)
          .set({ [column]: null })
          .where(spec.album, '=', step.survivorId),
        spec,
        key,
      ).execute();
      result.cleared.push({ key, value });
    }
  }
  return result;
}

/** Undoes `moveAlbumRows`: the moved rows go back to the retired album, the deleted ones return as they were. */
export async function restoreAlbumRows(step: AlbumMergeStep, spec: AlbumRows, saved: MovedRows): Promise<void> {
  const db = loose(step.trx);
  if (spec.key.length === 1) {
    const column = spec.key[0]!;
    for (let at = 0; at < saved.moved.length; at += CHUNK) {
      const ids = saved.moved.slice(at, at + CHUNK).map((key) => key[column]);
      await onlyRows(
        db
          .updateTable(spec.table)
          .set({ [spec.album]: step.retiredId })
          .where(spec.album, '=', step.survivorId)
          .where(column, 'in', ids),
        spec,
      ).execute();
    }
  } else {
    for (const key of saved.moved) {
      await whereKey(
        onlyRows(
          db
            .updateTable(spec.table)
            .set({ [spec.album]: step.retiredId })
            .where(spec.album, '=', step.survivorId),
          spec,
        ),
        spec,
        key,
      ).execute();
    }
  }
  if (spec.scoped) {
    for (const { key, value } of saved.cleared ?? []) {
      await whereKey(
        db
          .updateTable(spec.table)
          .set({ [spec.scoped.column]: value })
          .where(spec.album, '=', step.retiredId),
        spec,
        key,
      ).execute();
    }
  }
  for (const { row, children } of saved.removed) {
    await db.insertInto(spec.table).values(row).execute();
    for (const child of children) if (child.rows.length) await db.insertInto(child.table).values(child.rows).execute();
  }
}

/** The people whose rows a move deleted (their counters drop by one each), by the person column. */
export function removedOwners(saved: MovedRows, column = 'user_id'): string[] {
  return saved.removed.map(({ row }) => String(row[column]));
}

/** A participant made of tables moved by the helpers above, with `after` to recount what the owner counts. */
export function tableParticipant(
  name: string,
  specs: readonly AlbumRows[],
  after?: (step: AlbumMergeStep, saved: MovedRows[], direction: 'merge' | 'undo') => Promise<void>,
): AlbumMergeParticipant {
  return {
    name,
    async merge(step) {
      const saved: MovedRows[] = [];
      for (const spec of specs) saved.push(await moveAlbumRows(step, spec));
      await after?.(step, saved, 'merge');
      return saved;
    },
    async undo(step, saved) {
      const moves = saved as MovedRows[];
      for (const spec of specs) {
        const own = moves.find((move) => move.table === spec.table);
        if (own) await restoreAlbumRows(step, spec, own);
      }
      await after?.(step, moves, 'undo');
    },
  };
}
