import type { Insertable, Selectable } from 'kysely';
import type { AlbumEditionFetchTable, AlbumEditionTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

export type EditionRow = Selectable<AlbumEditionTable>;
export type FetchRow = Selectable<AlbumEditionFetchTable>;

/** The editions of an album as last fetched, in the order shown. */
export async function editionsOf(db: DB, albumId: string): Promise<EditionRow[]> {
  return db.selectFrom('album_edition').selectAll().where('album_id', '=', albumId).orderBy('position').execute();
}

/** One edition of an album, if it is one. */
export async function editionOf(db: DB, albumId: string, releaseMbid: string): Promise<EditionRow | undefined> {
  return db
    .selectFrom('album_edition')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('release_mbid', '=', releaseMbid)
    .executeTakeFirst();
}

/** Editions by album and release, for a list of albums owned. */
export async function editionsByKeys(db: DB, keys: readonly { albumId: string; releaseMbid: string }[]): Promise<EditionRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('album_edition')
    .selectAll()
    .where(
      'album_id',
      'in',
      keys.map((key) => key.albumId),
    )
    .where(
      'release_mbid',
      'in',
      keys.map((key) => key.releaseMbid),
    )
    .execute();
}

export async function fetchOf(db: DB, albumId: string): Promise<FetchRow | undefined> {
  return db.selectFrom('album_edition_fetch').selectAll().where('album_id', '=', albumId).executeTakeFirst();
}

/** Replaces an album's editions with those just fetched, and remembers when. */
export async function storeEditions(
  db: DB,
  albumId: string,
  releaseGroupMbid: string,
  editions: readonly Omit<Insertable<AlbumEditionTable>, 'album_id'>[],
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('album_edition').where('album_id', '=', albumId).execute();
    // A few hundred rows at most (the client browses up to 500 releases); in slices within SQLite's variable limit.
    for (let start = 0; start < editions.length; start += 50) {
      await trx
        .insertInto('album_edition')
        .values(editions.slice(start, start + 50).map((edition) => ({ ...edition, album_id: albumId })))
        .execute();
    }
    await recordFetch(trx, albumId, releaseGroupMbid, 'found', now);
  });
}

export async function recordFetch(
  db: DB,
  albumId: string,
  releaseGroupMbid: string,
  outcome: FetchRow['outcome'],
  now: string,
): Promise<void> {
  await db
    .insertInto('album_edition_fetch')
    .values({ album_id: albumId, release_group_mbid: releaseGroupMbid, outcome, fetched_at: now })
    .onConflict((oc) => oc.column('album_id').doUpdateSet({ release_group_mbid: releaseGroupMbid, outcome, fetched_at: now }))
    .execute();
}
