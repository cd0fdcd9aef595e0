import { sql, type Kysely } from 'kysely';

/**
 * Albums by their Discogs master: the catalog writer looks up the entries it is given by their keys instead of reading
 * the whole catalog, and an entry from the starter catalog is known by its master. Partial, so the albums without one
 * (most of those MusicBrainz and imports add) cost it nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('album_discogs_master_idx')
    .on('album')
    .column('discogs_master_id')
    .where(sql.ref('discogs_master_id'), 'is not', sql.lit(null))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('album_discogs_master_idx').execute();
}
