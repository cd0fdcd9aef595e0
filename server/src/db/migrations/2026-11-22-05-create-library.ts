import type { Kysely } from 'kysely';

/** Albums people like (shown on /favorites) and albums they mean to listen to later. */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['album_like', 'listen_later']) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'album_id'])
      .execute();
    await db.schema.createIndex(`${table}_user_created_idx`).on(table).columns(['user_id', 'created_at']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listen_later').execute();
  await db.schema.dropTable('album_like').execute();
}
