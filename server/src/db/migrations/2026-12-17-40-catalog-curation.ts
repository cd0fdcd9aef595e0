import type { Kysely } from 'kysely';

/**
 * Keeping the catalog clean (decision 080).
 *
 * `album.merged_into`: a duplicate merged into another album keeps its row (status `merged`), so its old address
 * answers a permanent redirect to the survivor and an undo brings it back exactly; every list, count and search reads
 * `confirmed` albums only, so a merged one is out of all of them.
 *
 * `album_merge`: one merge, with what each owning module moved, deleted or changed (`saved`, JSON by participant) so
 * that an undo within 30 days restores it; `undone_at` once undone, `saved` emptied once the 30 days are over.
 *
 * `duplicate_pair`: a pair of albums the duplicates job found (`reason`: `mbid` or `names`), the pair's ids in order
 * (`album_a` < `album_b`) so that it is found once; `dismissed_at` when a moderator said it is not one (it never
 * returns), `merged_at` when it was merged.
 *
 * `album_correction`: a member's suggested change of one field of an album, waiting for a moderator's answer.
 *
 * `catalog_editor`: trusted members a moderator appointed to merge duplicates and decide corrections.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('album').addColumn('merged_into', 'text').execute();
  await db.schema.createIndex('album_merged_into_idx').on('album').column('merged_into').execute();

  await db.schema
    .createTable('album_merge')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('survivor_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('retired_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('merged_by', 'text')
    .addColumn('merged_by_name', 'text', (col) => col.notNull())
    .addColumn('saved', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('undo_until', 'text', (col) => col.notNull())
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema.createIndex('album_merge_retired_idx').on('album_merge').column('retired_id').execute();

  await db.schema
    .createTable('duplicate_pair')
    .addColumn('album_a', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('album_b', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('found_at', 'text', (col) => col.notNull())
    .addColumn('dismissed_at', 'text')
    .addColumn('dismissed_by', 'text')
    .addColumn('merged_at', 'text')
    .addPrimaryKeyConstraint('duplicate_pair_pk', ['album_a', 'album_b'])
    .execute();

  await db.schema
    .createTable('album_correction')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('previous', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decision_reason', 'text')
    .execute();
  await db.schema.createIndex('album_correction_status_idx').on('album_correction').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('catalog_editor')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('appointed_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalog_editor').execute();
  await db.schema.dropTable('album_correction').execute();
  await db.schema.dropTable('duplicate_pair').execute();
  await db.schema.dropTable('album_merge').execute();
  await db.schema.dropIndex('album_merged_into_idx').execute();
  await db.schema.alterTable('album').dropColumn('merged_into').execute();
}
