import { sql } from 'kysely';
import type { DB } from '../platform/db/index.ts';
import { inJsonList, jsonArrayOf, jsonList } from '../platform/db/json-arrays.ts';
import { precompiled } from '../platform/db/precompiled.ts';

/** The covers a list shows at most (the feed's entry: four; a card: three). */
export const LIST_COVERS = 4;

/**
 * Lists (collections) by id, each with the ids of its first albums for the covers and, for a viewer, whether they
 * liked it: one statement for a page's lists, its text fixed so it stays prepared.
 */
function listRowsQuery(db: DB, idList: string) {
  return db
    .selectFrom('collection')
    .select([
      'collection.id',
      'collection.user_id',
      'collection.name',
      'collection.description',
      'collection.is_private',
      'collection.ranked',
      'collection.album_count',
      'collection.like_count',
      'collection.created_at',
      'collection.updated_at',
    ])
    .select((eb) =>
      jsonArrayOf(db)(
        eb
          .selectFrom('collection_album')
          .select('collection_album.album_id')
          .whereRef('collection_album.collection_id', '=', 'collection.id')
          .where('collection_album.position', '<', LIST_COVERS)
          .orderBy('collection_album.position'),
      ).as('first_albums'),
    )
    .where(inJsonList(db, 'collection.id', idList));
}

const forVisitor = precompiled((db, idList: string) => listRowsQuery(db, idList).select(sql<null>`null`.as('liked')));

const forViewer = precompiled((db, idList: string, viewerId: string) =>
  listRowsQuery(db, idList).select((eb) =>
    eb
      .exists(
        eb
          .selectFrom('collection_like')
          .select('collection_like.collection_id')
          .whereRef('collection_like.collection_id', '=', 'collection.id')
          .where('collection_like.user_id', '=', viewerId),
      )
      .as('liked'),
  ),
);

export type ListRow = Omit<Awaited<ReturnType<typeof forVisitor>>[number], 'liked'> & { liked: unknown };

export async function lists(db: DB, ids: readonly string[], viewerId: string | undefined): Promise<ListRow[]> {
  if (!ids.length) return [];
  return viewerId ? forViewer(db, jsonList(ids), viewerId) : forVisitor(db, jsonList(ids));
}
