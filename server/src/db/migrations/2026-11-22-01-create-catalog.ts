import type { Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const { double } = columnTypes(db);

  await db.schema
    .createTable('artist')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('sort_name', 'text', (col) => col.notNull())
    .addColumn('match_key', 'text', (col) => col.notNull())
    .addColumn('mbid', 'text', (col) => col.unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('artist_match_key_idx').on('artist').column('match_key').execute();
  await db.schema.createIndex('artist_sort_name_idx').on('artist').column('sort_name').execute();

  await db.schema
    .createTable('album')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('artist_credit', 'text', (col) => col.notNull())
    .addColumn('match_key', 'text', (col) => col.notNull())
    .addColumn('release_date', 'text')
    .addColumn('release_year', 'integer')
    .addColumn('release_type', 'text', (col) => col.notNull().defaultTo('album'))
    .addColumn('label', 'text')
    .addColumn('description', 'text')
    .addColumn('mbid', 'text', (col) => col.unique())
    .addColumn('discogs_master_id', 'integer')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('cover_status', 'text', (col) => col.notNull().defaultTo('unknown'))
    .addColumn('cover_checked_at', 'text')
    .addColumn('rating_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rating_sum', double, (col) => col.notNull().defaultTo(0))
    .addColumn('rating_average', double)
    .addColumn('review_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('album_match_key_idx').on('album').column('match_key').execute();
  await db.schema.createIndex('album_release_year_idx').on('album').columns(['release_year', 'id']).execute();
  await db.schema.createIndex('album_release_date_idx').on('album').columns(['release_date', 'id']).execute();
  await db.schema.createIndex('album_rating_idx').on('album').columns(['rating_average', 'rating_count']).execute();
  await db.schema.createIndex('album_popularity_idx').on('album').columns(['rating_count', 'id']).execute();
  await db.schema.createIndex('album_title_idx').on('album').columns(['title', 'id']).execute();
  await db.schema.createIndex('album_type_idx').on('album').columns(['release_type', 'release_year']).execute();

  await db.schema
    .createTable('album_artist')
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('artist_id', 'text', (col) => col.notNull().references('artist.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('credited_name', 'text', (col) => col.notNull())
    .addColumn('join_phrase', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('album_artist_pk', ['album_id', 'position'])
    .execute();
  await db.schema.createIndex('album_artist_artist_idx').on('album_artist').columns(['artist_id', 'album_id']).execute();

  await db.schema
    .createTable('genre')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('parent_id', 'text', (col) => col.references('genre.id').onDelete('set null'))
    .addColumn('rule', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('album_genre')
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('genre_id', 'text', (col) => col.notNull().references('genre.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_genre_pk', ['album_id', 'genre_id'])
    .execute();
  await db.schema.createIndex('album_genre_genre_idx').on('album_genre').columns(['genre_id', 'album_id']).execute();

  await db.schema
    .createTable('track')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('disc', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('duration_ms', 'integer')
    .addUniqueConstraint('track_album_position_uq', ['album_id', 'disc', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['track', 'album_genre', 'genre', 'album_artist', 'album', 'artist']) {
    await db.schema.dropTable(table).execute();
  }
}
