import type { Kysely } from 'kysely';

/**
 * MusicBrainz and the Cover Art Archive.
 *
 * - `musicbrainz_answer`: the client's cache of ws/2 answers, keyed by the request's path and query, so a lookup is
 *   asked of MusicBrainz once (the service allows one request a second).
 * - `album`: what a release group adds: catalogue number, secondary types (JSON array of MusicBrainz's names: "Live",
 *   "Compilation", …), "Listen on" links (JSON array of { service, url }), when MusicBrainz was last consulted.
 * - `artist`: type, area, active years, disambiguation, members (JSON array), links (JSON), when last consulted.
 * - `artist_release_group`: an artist's whole discography as MusicBrainz lists it, in the catalog or not.
 * - `album_enrichment`: what the enrichment job concluded for each album it looked at (resolved, ambiguous with its
 *   candidates, not found, failed), so a second run skips them and operators can list the ambiguous ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('musicbrainz_answer')
    .addColumn('request', 'text', (col) => col.primaryKey())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('fetched_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('musicbrainz_answer_expires_idx').on('musicbrainz_answer').column('expires_at').execute();

  await db.schema.alterTable('album').addColumn('catalogue_number', 'text').execute();
  await db.schema
    .alterTable('album')
    .addColumn('secondary_types', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('album')
    .addColumn('links', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('album').addColumn('musicbrainz_checked_at', 'text').execute();

  for (const [column, type] of [
    ['artist_type', 'text'],
    ['area', 'text'],
    ['begin_date', 'text'],
    ['end_date', 'text'],
    ['disambiguation', 'text'],
    ['musicbrainz_checked_at', 'text'],
  ] as const) {
    await db.schema.alterTable('artist').addColumn(column, type).execute();
  }
  await db.schema
    .alterTable('artist')
    .addColumn('members', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('artist')
    .addColumn('links', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('artist_release_group')
    .addColumn('artist_id', 'text', (col) => col.notNull().references('artist.id').onDelete('cascade'))
    .addColumn('mbid', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('primary_type', 'text')
    .addColumn('secondary_types', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('first_release_date', 'text')
    .addPrimaryKeyConstraint('artist_release_group_pk', ['artist_id', 'mbid'])
    .execute();

  await db.schema
    .createTable('album_enrichment')
    .addColumn('album_id', 'text', (col) => col.primaryKey().references('album.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('candidates', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('detail', 'text')
    .addColumn('checked_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('album_enrichment_outcome_idx').on('album_enrichment').columns(['outcome', 'album_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('album_enrichment').execute();
  await db.schema.dropTable('artist_release_group').execute();
  await db.schema.dropTable('musicbrainz_answer').execute();
  for (const column of ['catalogue_number', 'secondary_types', 'links', 'musicbrainz_checked_at']) {
    await db.schema.alterTable('album').dropColumn(column).execute();
  }
  for (const column of ['artist_type', 'area', 'begin_date', 'end_date', 'disambiguation', 'musicbrainz_checked_at', 'members', 'links']) {
    await db.schema.alterTable('artist').dropColumn(column).execute();
  }
}
