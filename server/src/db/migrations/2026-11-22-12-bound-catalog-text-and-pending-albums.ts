import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * The catalog's texts get upper bounds, and albums (and artists) an import creates wait for confirmation before
 * they are shown in public lists.
 *
 * Bounds: CHECK constraints on PostgreSQL; on SQLite, which cannot add a constraint to an existing table, triggers
 * that abort an insert or update past the bound. Values already past a bound are shortened first, so the
 * constraints hold for every row. The numbers are written out here, not imported, because a shipped migration
 * must not change when the application's limits do.
 *
 * Confirmation: `status` is 'pending' or 'confirmed'; `created_by` is the member whose import added the album
 * (no foreign key: an album outlives the account that imported it); `confirmed_at` and `confirmed_by` say when
 * and how it was confirmed. Everything already in the catalog is confirmed.
 */

const BOUNDS: { table: string; column: string; max: number; key: string[] }[] = [
  { table: 'album', column: 'title', max: 1000, key: ['id'] },
  { table: 'album', column: 'artist_credit', max: 1000, key: ['id'] },
  { table: 'album', column: 'label', max: 200, key: ['id'] },
  { table: 'album', column: 'description', max: 5000, key: ['id'] },
  { table: 'artist', column: 'name', max: 300, key: ['id'] },
  { table: 'album_artist', column: 'credited_name', max: 300, key: ['album_id', 'position'] },
  { table: 'album_artist', column: 'join_phrase', max: 50, key: ['album_id', 'position'] },
  { table: 'track', column: 'title', max: 1000, key: ['id'] },
  { table: 'genre', column: 'name', max: 100, key: ['id'] },
];

/** Search documents of shortened albums are cut too: a bounded title and artist credit fit twice within this. */
const SEARCH_TEXT_MAX = 4000;

const constraintName = (table: string, column: string) => `${table}_${column}_length`;

export async function up(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);

  for (const { table, column, max, key } of BOUNDS) {
    // The application counts UTF-16 code units, the database counts characters; a value is shortened when
    // either count is past the bound, so what the database holds always fits the API's schemas.
    const candidates = await db
      .selectFrom(table)
      .select([...key, column])
      .where(sql`length(${sql.ref(column)})`, '>', Math.floor(max / 2))
      .execute();
    for (const row of candidates) {
      const value = row[column] as string;
      if (value.length <= max) continue;
      let kept = value.slice(0, max - 1);
      if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
      let update = db.updateTable(table).set({ [column]: `${kept}…` });
      for (const part of key) update = update.where(part, '=', row[part]);
      await update.execute();
    }
  }
  await sql`UPDATE search_document SET text = substr(text, 1, ${SEARCH_TEXT_MAX}) WHERE length(text) > ${SEARCH_TEXT_MAX}`.execute(db);

  for (const { table, column, max } of BOUNDS) {
    const name = constraintName(table, column);
    if (postgres) {
      await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(name)} CHECK (char_length(${sql.ref(column)}) <= ${sql.lit(max)})`.execute(
        db,
      );
      continue;
    }
    const message = sql.lit(`${table}.${column} is longer than ${max} characters`);
    for (const [event, suffix] of [
      [sql`INSERT`, 'insert'],
      [sql`UPDATE OF ${sql.ref(column)}`, 'update'],
    ] as const) {
      await sql`
        CREATE TRIGGER ${sql.id(`${name}_${suffix}`)} BEFORE ${event} ON ${sql.table(table)}
        WHEN length(NEW.${sql.ref(column)}) > ${sql.lit(max)}
        BEGIN SELECT RAISE(ABORT, ${message}); END`.execute(db);
    }
  }

  await db.schema
    .alterTable('album')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('confirmed'))
    .execute();
  await db.schema.alterTable('album').addColumn('created_by', 'text').execute();
  await db.schema.alterTable('album').addColumn('confirmed_at', 'text').execute();
  await db.schema.alterTable('album').addColumn('confirmed_by', 'text').execute();
  await db
    .updateTable('album')
    .set({ confirmed_at: sql.ref('created_at'), confirmed_by: 'existing' })
    .execute();
  // Albums imported before now are credited to the first member who imported them, for the daily limit and for
  // operators looking into an import.
  await db
    .updateTable('album')
    .set({
      created_by: (eb: any) =>
        eb
          .selectFrom('import_item')
          .select('import_item.user_id')
          .whereRef('import_item.album_id', '=', 'album.id')
          .orderBy('import_item.created_at')
          .limit(1),
    })
    .where('source', '=', 'import')
    .execute();
  await db.schema.createIndex('album_created_by_idx').on('album').columns(['created_by', 'created_at']).execute();

  await db.schema
    .alterTable('artist')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('confirmed'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  await db.schema.alterTable('artist').dropColumn('status').execute();
  await db.schema.dropIndex('album_created_by_idx').execute();
  for (const column of ['confirmed_by', 'confirmed_at', 'created_by', 'status']) {
    await db.schema.alterTable('album').dropColumn(column).execute();
  }
  for (const { table, column } of BOUNDS) {
    const name = constraintName(table, column);
    if (postgres) await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(name)}`.execute(db);
    else for (const suffix of ['insert', 'update']) await sql`DROP TRIGGER ${sql.id(`${name}_${suffix}`)}`.execute(db);
  }
}
