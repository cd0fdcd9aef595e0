import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import type { DataExportTable } from '../../db/schema.ts';

export type DataExportRow = Awaited<ReturnType<typeof findExport>> & object;

const EXPORT_COLUMNS = [
  'id',
  'user_id',
  'status',
  'processed',
  'total',
  'size',
  'error',
  'created_at',
  'updated_at',
  'finished_at',
  'expires_at',
] as const;

export async function insertExport(db: DB, row: Insertable<DataExportTable>): Promise<void> {
  await db.insertInto('data_export').values(row).execute();
}

export async function updateExport(db: DB, id: string, change: Updateable<DataExportTable>): Promise<void> {
  await db.updateTable('data_export').set(change).where('id', '=', id).execute();
}

export async function findExport(db: DB, id: string) {
  return db.selectFrom('data_export').select(EXPORT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function latestExport(db: DB, userId: string) {
  return db
    .selectFrom('data_export')
    .select(EXPORT_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function runningExport(db: DB, userId: string) {
  return db.selectFrom('data_export').select('id').where('user_id', '=', userId).where('status', '=', 'running').executeTakeFirst();
}

export async function exportFile(db: DB, id: string): Promise<Buffer | null> {
  const row = await db.selectFrom('data_export').select('file').where('id', '=', id).executeTakeFirst();
  return row?.file ? Buffer.from(row.file) : null;
}

/** Exports past their time: their ZIPs are dropped (the row stays, so the page can say it expired). */
export async function dropExpiredFiles(db: DB, now: string): Promise<void> {
  await db.updateTable('data_export').set({ file: null }).where('expires_at', '<', now).where('file', 'is not', null).execute();
}

export async function insertPart(db: DB, part: { export_id: string; seq: number; section: string; rows: string }): Promise<void> {
  // A step repeated after a crash writes the same page again.
  await db
    .insertInto('data_export_part')
    .values(part)
    .onConflict((oc) => oc.columns(['export_id', 'seq']).doUpdateSet({ section: part.section, rows: part.rows }))
    .execute();
}

/** The parts gathered, in order, but those of the section `except` (read one at a time by nextPart). */
export async function parts(db: DB, exportId: string, { except }: { except: string }) {
  return db
    .selectFrom('data_export_part')
    .select(['section', 'rows'])
    .where('export_id', '=', exportId)
    .where('section', '!=', except)
    .orderBy('seq')
    .execute();
}

/** The section's next part after the part numbered `afterSeq`. */
export async function nextPart(db: DB, exportId: string, section: string, afterSeq: number) {
  return db
    .selectFrom('data_export_part')
    .select(['seq', 'rows'])
    .where('export_id', '=', exportId)
    .where('section', '=', section)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}

export async function deleteParts(db: DB, exportId: string): Promise<void> {
  await db.deleteFrom('data_export_part').where('export_id', '=', exportId).execute();
}
