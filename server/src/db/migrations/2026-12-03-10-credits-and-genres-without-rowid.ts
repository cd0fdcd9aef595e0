import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * On SQLite, an album's credits and genres are stored in the order of their primary key (WITHOUT ROWID): reading
 * them is one walk of one B-tree, where a table with row ids walked the key's index and then, for every row, the
 * table itself. Every album card and album page reads them: 20 cards' credits took 192–257 µs and their genres
 * 197–257 µs on a seeded site of 100,000 albums, 124–132 µs each this way. The tables are rebuilt (SQLite cannot
 * change a table's storage in place), with their index and the credit's length triggers
 * (2026-11-22-12-bound-catalog-text-and-pending-albums), which are written out again here. PostgreSQL has no row
 * ids; nothing changes there.
 */
const CREDIT_BOUNDS = [
  { column: 'credited_name', max: 300 },
  { column: 'join_phrase', max: 50 },
];

async function rebuild(db: Kysely<any>, withoutRowid: boolean): Promise<void> {
  const storage = withoutRowid ? sql` WITHOUT ROWID` : sql``;
  await sql`CREATE TABLE album_artist_rebuilt (
    album_id text NOT NULL REFERENCES album (id) ON DELETE CASCADE,
    artist_id text NOT NULL REFERENCES artist (id) ON DELETE CASCADE,
    position integer NOT NULL,
    credited_name text NOT NULL,
    join_phrase text DEFAULT '' NOT NULL,
    CONSTRAINT album_artist_pk PRIMARY KEY (album_id, position))${storage}`.execute(db);
  await sql`INSERT INTO album_artist_rebuilt (album_id, artist_id, position, credited_name, join_phrase)
    SELECT album_id, artist_id, position, credited_name, join_phrase FROM album_artist`.execute(db);
  await sql`DROP TABLE album_artist`.execute(db);
  await sql`ALTER TABLE album_artist_rebuilt RENAME TO album_artist`.execute(db);
  await sql`CREATE INDEX album_artist_artist_idx ON album_artist (artist_id, album_id)`.execute(db);
  for (const { column, max } of CREDIT_BOUNDS) {
    const message = sql.lit(`album_artist.${column} is longer than ${max} characters`);
    for (const [event, suffix] of [
      [sql`INSERT`, 'insert'],
      [sql`UPDATE OF ${sql.ref(column)}`, 'update'],
    ] as const) {
      await sql`
        CREATE TRIGGER ${sql.id(`album_artist_${column}_length_${suffix}`)} BEFORE ${event} ON album_artist
        WHEN length(NEW.${sql.ref(column)}) > ${sql.lit(max)}
        BEGIN SELECT RAISE(ABORT, ${message}); END`.execute(db);
    }
  }

  await sql`CREATE TABLE album_genre_rebuilt (
    album_id text NOT NULL REFERENCES album (id) ON DELETE CASCADE,
    genre_id text NOT NULL REFERENCES genre (id) ON DELETE CASCADE,
    position integer NOT NULL,
    CONSTRAINT album_genre_pk PRIMARY KEY (album_id, genre_id))${storage}`.execute(db);
  await sql`INSERT INTO album_genre_rebuilt (album_id, genre_id, position) SELECT album_id, genre_id, position FROM album_genre`.execute(
    db,
  );
  await sql`DROP TABLE album_genre`.execute(db);
  await sql`ALTER TABLE album_genre_rebuilt RENAME TO album_genre`.execute(db);
  await sql`CREATE INDEX album_genre_genre_idx ON album_genre (genre_id, album_id)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await rebuild(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await rebuild(db, false);
}
