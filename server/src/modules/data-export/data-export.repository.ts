import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import type { DataExportTable } from '../../db/schema.ts';

export type DataExportRow = Awaited<ReturnType<typeof findExport>> & object;

const EXPORT_COLUMNS = [
  'id',
  'user_id',
  'status',
  'processed',
  'total',
  'size',
  'error',
  'created_at',
  'updated_at',
  'finished_at',
  'expires_at',
] as const;

export async function insertExport(db: DB, row: Insertable<DataExportTable>): Promise<void> {
  await db.insertInto('data_export').values(row).execute();
}

export async function updateExport(db: DB, id: string, change: Updateable<DataExportTable>): Promise<void> {
  await db.updateTable('data_export').set(change).where('id', '=', id).execute();
}

export async function findExport(db: DB, id: string) {
  return db.selectFrom('data_export').select(EXPORT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function latestExport(db: DB, userId: string) {
  return db
    .selectFrom('data_export')
    .select(EXPORT_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function runningExport(db: DB, userId: string) {
  return db.selectFrom('data_export').select('id').where('user_id', '=', userId).where('status', '=', 'running').executeTakeFirst();
}

export async function exportFile(db: DB, id: string): Promise<Buffer | null> {
  const row = await db.selectFrom('data_export').select('file').where('id', '=', id).executeTakeFirst();
  return row?.file ? Buffer.from(row.file) : null;
}

/** Exports past their time: their ZIPs are dropped (the row stays, so the page can say it expired). */
export async function dropExpiredFiles(db: DB, now: string): Promise<void> {
  await db.updateTable('data_export').set({ file: null }).where('expires_at', '<', now).where('file', 'is not', null).execute();
}

export async function insertPart(db: DB, part: { export_id: string; seq: number; section: string; rows: string }): Promise<void> {
  // A step repeated after a crash writes the same page again.
  await db
    .insertInto('data_export_part')
    .values(part)
    .onConflict((oc) => oc.columns(['export_id', 'seq']).doUpdateSet({ section: part.section, rows: part.rows }))
    .execute();
}

export async function parts(db: DB, exportId: string) {
  return db.selectFrom('data_export_part').select(['section', 'rows']).where('export_id', '=', exportId).orderBy('seq').execute();
}

export async function deleteParts(db: DB, exportId: string): Promise<void> {
  await db.deleteFrom('data_export_part').where('export_id', '=', exportId).execute();
}

// ——— What is exported: each section read a page at a time, in a stable order, after a key ———

/** The album columns every section carries, so an album can be found again elsewhere. */
const albumColumns = [
  'album.id as album_id',
  'album.slug as album_slug',
  'album.title as album_title',
  'album.artist_credit as album_artist',
  'album.release_year as album_year',
  'album.mbid as album_mbid',
] as const;

export type AlbumColumns = {
  album_id: string;
  album_slug: string;
  album_title: string;
  album_artist: string;
  album_year: number | null;
  album_mbid: string | null;
};

/** Rows of one section after `after` (the key of the last row taken), and each row's key. */
export interface Page<Row> {
  rows: Row[];
  keyOf(row: Row): string;
}

export const SECTIONS = {
  async ratings(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('rating')
      .innerJoin('album', 'album.id', 'rating.album_id')
      .select([...albumColumns, 'rating.rating', 'rating.created_at'])
      .where('rating.user_id', '=', userId)
      .where('rating.album_id', '>', after)
      .orderBy('rating.album_id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.album_id };
  },
  async reviews(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('review')
      .innerJoin('album', 'album.id', 'review.album_id')
      .select([
        ...albumColumns,
        'review.id',
        'review.rating',
        'review.title',
        'review.content_html',
        'review.content_text',
        'review.like_count',
        'review.created_at',
        'review.updated_at',
      ])
      .where('review.user_id', '=', userId)
      .where('review.id', '>', after)
      .orderBy('review.id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.id };
  },
  /** Keyed by album: one draft per person and album. */
  async reviewDrafts(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('review_draft')
      .innerJoin('album', 'album.id', 'review_draft.album_id')
      .select([...albumColumns, 'review_draft.title', 'review_draft.content_html', 'review_draft.content_text', 'review_draft.updated_at'])
      .where('review_draft.user_id', '=', userId)
      .where('review_draft.album_id', '>', after)
      .orderBy('review_draft.album_id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.album_id };
  },
  async comments(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('review_comment')
      .innerJoin('review', 'review.id', 'review_comment.review_id')
      .innerJoin('album', 'album.id', 'review.album_id')
      .leftJoin('review_comment as thread', 'thread.id', 'review_comment.parent_id')
      .leftJoin('user as thread_author', 'thread_author.id', 'thread.user_id')
      .select([
        ...albumColumns,
        'review_comment.id',
        'review_comment.review_id',
        'review_comment.body',
        'review_comment.created_at',
        'thread.body as thread_body',
        'thread_author.username as thread_username',
        'thread_author.id as thread_user_id',
      ])
      .where('review_comment.user_id', '=', userId)
      .where('review_comment.id', '>', after)
      .orderBy('review_comment.id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.id };
  },
  async reviewLikes(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('review_like')
      .innerJoin('review', 'review.id', 'review_like.review_id')
      .innerJoin('album', 'album.id', 'review.album_id')
      .select([...albumColumns, 'review_like.review_id', 'review_like.created_at'])
      .where('review_like.user_id', '=', userId)
      .where('review_like.review_id', '>', after)
      .orderBy('review_like.review_id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.review_id };
  },
  async collectionLikes(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('collection_like')
      .innerJoin('collection', 'collection.id', 'collection_like.collection_id')
      .select(['collection_like.collection_id', 'collection.name', 'collection_like.created_at'])
      .where('collection_like.user_id', '=', userId)
      .where('collection_like.collection_id', '>', after)
      .orderBy('collection_like.collection_id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.collection_id };
  },
  async albumLikes(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('album_like')
      .innerJoin('album', 'album.id', 'album_like.album_id')
      .select([...albumColumns, 'album_like.created_at'])
      .where('album_like.user_id', '=', userId)
      .where('album_like.album_id', '>', after)
      .orderBy('album_like.album_id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.album_id };
  },
  async listenLater(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('listen_later')
      .innerJoin('album', 'album.id', 'listen_later.album_id')
      .select([...albumColumns, 'listen_later.created_at'])
      .where('listen_later.user_id', '=', userId)
      .where('listen_later.album_id', '>', after)
      .orderBy('listen_later.album_id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.album_id };
  },
  async collections(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('collection')
      .select(['id', 'name', 'description', 'is_private', 'ranked', 'created_at'])
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.id };
  },
  /** Keyed by collection and position, so a page may end inside a collection. */
  async collectionAlbums(db: DB, userId: string, after: string, limit: number) {
    const [afterCollection = '', afterPosition = '-1'] = after ? after.split('|') : [];
    const rows = await db
      .selectFrom('collection_album')
      .innerJoin('collection', 'collection.id', 'collection_album.collection_id')
      .innerJoin('album', 'album.id', 'collection_album.album_id')
      .select([
        ...albumColumns,
        'collection_album.collection_id',
        'collection_album.position',
        'collection_album.note',
        'collection_album.added_at',
      ])
      .where('collection.user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('collection_album.collection_id', '>', afterCollection),
          eb.and([eb('collection_album.collection_id', '=', afterCollection), eb('collection_album.position', '>', Number(afterPosition))]),
        ]),
      )
      .orderBy('collection_album.collection_id')
      .orderBy('collection_album.position')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => `${row.collection_id}|${row.position}` };
  },
  async journal(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('journal_entry')
      .innerJoin('album', 'album.id', 'journal_entry.album_id')
      .select([
        ...albumColumns,
        'journal_entry.id',
        'journal_entry.listened_on',
        'journal_entry.rating',
        'journal_entry.note',
        'journal_entry.created_at',
      ])
      .where('journal_entry.user_id', '=', userId)
      .where('journal_entry.id', '>', after)
      .orderBy('journal_entry.id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.id };
  },
  async following(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('follow')
      .innerJoin('user', 'user.id', 'follow.followee_id')
      .select(['follow.followee_id as id', 'user.username', 'user.name', 'follow.created_at'])
      .where('follow.follower_id', '=', userId)
      .where('follow.followee_id', '>', after)
      .orderBy('follow.followee_id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.id };
  },
  async followers(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('follow')
      .innerJoin('user', 'user.id', 'follow.follower_id')
      .select(['follow.follower_id as id', 'user.username', 'user.name', 'follow.created_at'])
      .where('follow.followee_id', '=', userId)
      .where('follow.follower_id', '>', after)
      .orderBy('follow.follower_id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.id };
  },
  /** The RateYourMusic ids of the albums the person's RateYourMusic imports named (rows without one are keyed `~…`). */
  async rymIds(db: DB, userId: string, after: string, limit: number) {
    const rows = await db
      .selectFrom('import_item')
      .select(['external_id', 'album_id'])
      .where('user_id', '=', userId)
      .where('source', '=', 'rym')
      .where('external_id', '>', after)
      .where('external_id', 'not like', '~%')
      .orderBy('external_id')
      .limit(limit)
      .execute();
    return { rows, keyOf: (row: (typeof rows)[number]) => row.external_id };
  },
};
export type SectionName = keyof typeof SECTIONS;
export type SectionRow<S extends SectionName> = Awaited<ReturnType<(typeof SECTIONS)[S]>>['rows'][number];

/** How many rows each section will have: the progress bar's total. */
export async function countRows(db: DB, userId: string): Promise<number> {
  const counts = await Promise.all([
    db
      .selectFrom('rating')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('review')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('review_draft')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('review_comment')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('review_like')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('collection_like')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('album_like')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('listen_later')
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
    db
      .selectFrom('journal_entry')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('follow')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('follower_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('follow')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('followee_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('import_item')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('source', '=', 'rym')
      .where('external_id', 'not like', '~%')
      .executeTakeFirstOrThrow(),
  ]);
  return counts.reduce((sum, row) => sum + Number(row.n), 0);
}

/** The person's profile as exported (with the stored settings, read by the service). */
export async function profileOf(db: DB, userId: string) {
  return db
    .selectFrom('user')
    .innerJoin('profile', 'profile.user_id', 'user.id')
    .select([
      'user.username',
      'user.name',
      'user.email',
      'user.created_at',
      'profile.bio',
      'profile.visibility',
      'profile.preferred_genres',
      'profile.settings',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}
