import type { DB } from '../../platform/db/index.ts';

/**
 * What other modules ask of the collections' tables (decision 066): each question read here, by the tables' owner, and
 * asked through the collections service.
 */

// ——— Download my data: a person's rows a page at a time, in a stable order, after a key (decision 028) ———

/** A person's collections after a collection id. */
export async function exportedCollections(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('collection')
    .select(['id', 'name', 'description', 'is_private', 'ranked', 'created_at'])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The albums of a person's collections, by collection and position, after a collection id and a position. */
export async function exportedCollectionAlbums(db: DB, userId: string, after: { collectionId: string; position: number }, limit: number) {
  return db
    .selectFrom('collection_album')
    .innerJoin('collection', 'collection.id', 'collection_album.collection_id')
    .select([
      'collection_album.album_id',
      'collection_album.collection_id',
      'collection_album.position',
      'collection_album.note',
      'collection_album.added_at',
    ])
    .where('collection.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('collection_album.collection_id', '>', after.collectionId),
        eb.and([eb('collection_album.collection_id', '=', after.collectionId), eb('collection_album.position', '>', after.position)]),
      ]),
    )
    .orderBy('collection_album.collection_id')
    .orderBy('collection_album.position')
    .limit(limit)
    .execute();
}

/** The collections a person liked after a collection id, each with its name. */
export async function exportedLikes(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('collection_like')
    .innerJoin('collection', 'collection.id', 'collection_like.collection_id')
    .select(['collection_like.collection_id', 'collection.name', 'collection_like.created_at'])
    .where('collection_like.user_id', '=', userId)
    .where('collection_like.collection_id', '>', after)
    .orderBy('collection_like.collection_id')
    .limit(limit)
    .execute();
}

/** How many collections, albums in them and liked collections a person has: their part of an export's total. */
export async function exportedCount(db: DB, userId: string): Promise<number> {
  const counts = await Promise.all([
    db
      .selectFrom('collection_like')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('collection')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('collection_album')
      .innerJoin('collection', 'collection.id', 'collection_album.collection_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('collection.user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return counts.reduce((sum, row) => sum + Number(row.n), 0);
}

/** A list's albums in order, with their notes and when each went in: sharing it with other sites. */
export async function sharedEntries(db: DB, collectionId: string) {
  return db
    .selectFrom('collection_album')
    .select(['album_id', 'note', 'added_at'])
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .execute();
}
