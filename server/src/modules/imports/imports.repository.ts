import type { Insertable, Selectable } from 'kysely';
import type { ImportItemTable, ImportJobTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

export type ImportJobRow = Selectable<ImportJobTable>;
export type ImportItemRow = Selectable<ImportItemTable>;

export async function insertJob(db: DB, job: Insertable<ImportJobTable>): Promise<void> {
  await db.insertInto('import_job').values(job).execute();
}

export async function findJob(db: DB, id: string): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_job').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function latestJob(db: DB, userId: string): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_job').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

export async function runningJob(db: DB, userId: string): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_job').selectAll().where('user_id', '=', userId).where('status', '=', 'running').executeTakeFirst();
}

/** When each of the person's Hearsay exports accepted since `since` was accepted, oldest first. */
export async function acceptedHearsayImportsSince(db: DB, userId: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('import_job')
    .select('accepted_at')
    .where('user_id', '=', userId)
    .where('accepted_at', '>', since)
    .orderBy('accepted_at')
    .execute();
  return rows.flatMap((row) => (row.accepted_at ? [row.accepted_at] : []));
}

export async function updateJob(
  db: DB,
  id: string,
  changes: Partial<
    Pick<
      ImportJobRow,
      | 'status'
      | 'total'
      | 'processed'
      | 'summary'
      | 'error'
      | 'error_code'
      | 'error_params'
      | 'issues'
      | 'accepted_at'
      | 'updated_at'
      | 'finished_at'
    >
  >,
): Promise<void> {
  await db.updateTable('import_job').set(changes).where('id', '=', id).execute();
}

export async function insertFile(db: DB, importId: string, bytes: Buffer): Promise<void> {
  await db.insertInto('import_file').values({ import_id: importId, bytes }).execute();
}

export async function findFile(db: DB, importId: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('import_file').select('bytes').where('import_id', '=', importId).executeTakeFirst();
  return row?.bytes;
}

export async function deleteFile(db: DB, importId: string): Promise<void> {
  await db.deleteFrom('import_file').where('import_id', '=', importId).execute();
}

export async function itemsFor(db: DB, userId: string, externalIds: readonly string[]): Promise<Map<string, ImportItemRow>> {
  if (!externalIds.length) return new Map();
  const rows = await db
    .selectFrom('import_item')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', 'rym')
    .where('external_id', 'in', [...externalIds])
    .execute();
  return new Map(rows.map((row) => [row.external_id, row]));
}

export async function upsertItem(db: DB, item: Insertable<ImportItemTable>): Promise<void> {
  await db
    .insertInto('import_item')
    .values(item)
    .onConflict((oc) =>
      oc.columns(['user_id', 'source', 'external_id']).doUpdateSet({
        album_id: item.album_id,
        rating: item.rating,
        wishlist: item.wishlist,
        ownership: item.ownership ?? null,
        media_type: item.media_type ?? null,
        review_title: item.review_title,
        review_text: item.review_text,
        updated_at: item.updated_at,
      }),
    )
    .execute();
}
