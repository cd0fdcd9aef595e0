import { sql, type Expression, type Insertable, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { CollectionTable, Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { refreshCollections } from '../../platform/db/search-index.ts';
import { inIdRange, type IdRange } from '../../platform/db/id-ranges.ts';

export type CollectionRow = Selectable<CollectionTable>;

export async function insertCollection(db: DB, row: Insertable<CollectionTable>): Promise<void> {
  await db.insertInto('collection').values(row).execute();
  await refreshCollections(db, [row.id]);
}

export async function findCollection(db: DB, id: string): Promise<CollectionRow | undefined> {
  return db.selectFrom('collection').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateCollection(db: DB, id: string, changes: Partial<CollectionRow>): Promise<void> {
  await db.updateTable('collection').set(changes).where('id', '=', id).execute();
  if (changes.name !== undefined) await refreshCollections(db, [id]);
}

/** Deletes the collection; answers whether it was public (null when it was already gone), so counts move once. */
export async function deleteCollection(db: DB, id: string): Promise<{ wasPublic: boolean } | null> {
  const deleted = await db.deleteFrom('collection').where('id', '=', id).returning('is_private').executeTakeFirst();
  await refreshCollections(db, [id]);
  return deleted ? { wasPublic: !deleted.is_private } : null;
}

/** Changes visibility only if it differs; answers whether it did, so two people's toggles at once count once. */
export async function setPrivate(db: DB, id: string, isPrivate: boolean): Promise<boolean> {
  const value = isPrivate ? 1 : 0;
  const result = await db
    .updateTable('collection')
    .set({ is_private: value })
    .where('id', '=', id)
    .where('is_private', '!=', value)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
/** `note`: one for every album, or each album's own (in the order of `albumIds`). */
export async function insertEntries(
  db: DB,
  collectionId: string,
  albumIds: readonly string[],
  startAt: number,
  now: string,
  note: string | readonly string[] = '',
) {
  if (!albumIds.length) return;
  await db
    .insertInto('collection_album')
    .values(
      albumIds.map((albumId, index) => ({
        collection_id: collectionId,
        album_id: albumId,
        position: startAt + index,
        note: typeof note === 'string' ? note : (note[index] ?? ''),
        added_at: now,
      })),
    )
    .execute();
}

/** Ids of a person's collections called `name`. */
/** Every collection of a person, private ones too. */
export async function idsOwnedBy(db: DB, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('collection').select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

export async function idsNamed(db: DB, userId: string, name: string): Promise<string[]> {
  const rows = await db.selectFrom('collection').select('id').where('user_id', '=', userId).where('name', '=', name).execute();
  return rows.map((row) => row.id);
}

export async function entries(db: DB, collectionId: string) {
  return db
    .selectFrom('collection_album')
    .select(['album_id', 'position', 'note'])
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .execute();
}

export async function hasEntry(db: DB, collectionId: string, albumId: string): Promise<boolean> {
  const row = await db
    .selectFrom('collection_album')
    .select('album_id')
    .where('collection_id', '=', collectionId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function removeEntry(db: DB, collectionId: string, albumId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('collection_album')
    .where('collection_id', '=', collectionId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setEntryNote(db: DB, collectionId: string, albumId: string, note: string): Promise<boolean> {
  const result = await db
    .updateTable('collection_album')
    .set({ note })
    .where('collection_id', '=', collectionId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setPositions(db: DB, collectionId: string, albumIds: readonly string[]): Promise<void> {
  for (const [position, albumId] of albumIds.entries()) {
    await db
      .updateTable('collection_album')
      .set({ position })
      .where('collection_id', '=', collectionId)
      .where('album_id', '=', albumId)
      .execute();
  }
}

export async function shiftCounter(db: DB, id: string, column: 'album_count' | 'like_count', delta: number): Promise<void> {
  await db
    .updateTable('collection')
    .set({ [column]: sql`${sql.ref(column)} + ${delta}` })
    .where('id', '=', id)
    .execute();
}

export interface ListFilter {
  ownerId?: string;
  /** Private collections are included only for this viewer's own. */
  viewerId?: string;
  includePrivateOfOwner?: boolean;
  /** Owners blocked by or blocking the viewer, whose collections are left out. */
  hiddenOwners?: ReadonlySet<string>;
  /** Only the collections holding this album. */
  albumId?: string;
  /** Private collections are included too, but only this viewer's own (an album's lists). */
  privateOf?: string;
  /** The rule an owner passes for the viewer, as a condition on the collection's owner column (the hydrator's). */
  ownerShown?: Expression<SqlBool>;
}

/**
 * Ids of collections, newest, most liked lately (likes in the last 30 days, then all likes) or most liked (`likes`: the
 * kept count alone, for the few lists an album is in, where counting a month of everyone's likes would cost the most).
 */
export async function listIds(
  db: DB,
  filter: ListFilter,
  sort: 'popular' | 'recent' | 'likes',
  since: string,
  limit: number,
  offset: number,
) {
  // An album's lists are reached from the album (`collection_album_album_idx` holds the list): asked as a condition
  // on every public list instead, SQLite walked them all (docs/capacity.md, Results).
  let query = (
    filter.albumId
      ? db
          .selectFrom('collection_album')
          .innerJoin('collection', 'collection.id', 'collection_album.collection_id')
          .where('collection_album.album_id', '=', filter.albumId)
      : db.selectFrom('collection')
  ) as SelectQueryBuilder<Database, 'collection', object>;
  if (filter.ownerId) query = query.where('collection.user_id', '=', filter.ownerId);
  if (filter.privateOf) {
    const viewerId = filter.privateOf;
    query = query.where((eb) => eb.or([eb('collection.is_private', '=', 0), eb('collection.user_id', '=', viewerId)]));
  } else if (!filter.includePrivateOfOwner) query = query.where('collection.is_private', '=', 0);
  if (filter.hiddenOwners?.size) query = query.where('collection.user_id', 'not in', [...filter.hiddenOwners]);
  if (filter.ownerShown) query = query.where(filter.ownerShown);
  const [{ total } = { total: 0 }] = await query.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const recentLikes = db
    .selectFrom('collection_like')
    .select(['collection_id', (eb) => eb.fn.countAll<number>().as('recent')])
    .where('created_at', '>=', since)
    .groupBy('collection_id')
    .as('recent_likes');
  const rows =
    sort === 'likes'
      ? await query
          .select('collection.id')
          .orderBy('collection.like_count', 'desc')
          .orderBy('collection.created_at', 'desc')
          .orderBy('collection.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()
      : sort === 'popular'
        ? await query
            .leftJoin(recentLikes, 'recent_likes.collection_id', 'collection.id')
            .select('collection.id')
            .orderBy(sql`coalesce(recent_likes.recent, 0)`, 'desc')
            .orderBy('collection.like_count', 'desc')
            .orderBy('collection.created_at', 'desc')
            .limit(limit)
            .offset(offset)
            .execute()
        : await query
            .select('collection.id')
            .orderBy('collection.created_at', 'desc')
            .orderBy('collection.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute();
  return { ids: rows.map((row) => row.id), total: Number(total) };
}

export async function ownerCollectionsWithAlbum(db: DB, ownerId: string, albumId: string) {
  return db
    .selectFrom('collection')
    .leftJoin('collection_album', (join) =>
      join.onRef('collection_album.collection_id', '=', 'collection.id').on('collection_album.album_id', '=', albumId),
    )
    .select(['collection.id', 'collection.name', 'collection.is_private', 'collection.album_count', 'collection_album.album_id'])
    .where('collection.user_id', '=', ownerId)
    .orderBy('collection.created_at', 'desc')
    .execute();
}

export async function addLike(db: DB, userId: string, collectionId: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('collection_like')
    .values({ user_id: userId, collection_id: collectionId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'collection_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeLike(db: DB, userId: string, collectionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('collection_like')
    .where('user_id', '=', userId)
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function likedBy(db: DB, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('collection_like').select('collection_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.collection_id);
}

export async function publicCount(db: DB, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('collection')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', ownerId)
    .where('is_private', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The public lists a visitor may read whose id is in the range, for the sitemap. */
export async function shownCollectionIdsBetween(db: DB, range: IdRange, shown: (owner: string) => Expression<SqlBool>) {
  const query = db.selectFrom('collection').select(['id', 'updated_at']).where('is_private', '=', 0).where(shown('collection.user_id'));
  return inIdRange(query, range).execute();
}
