import type { DB } from '../../platform/db/index.ts';

/**
 * What other modules ask of the library's tables (decision 066): each question read here, by the tables' owner, and
 * asked through the library service.
 */

// ——— Download my data: a person's rows a page at a time, in a stable order, after a key (decision 028) ———

/** A person's liked albums, or their listen-later list, after an album id. */
export async function exportedMarks(db: DB, table: 'album_like' | 'listen_later', userId: string, after: string, limit: number) {
  return db
    .selectFrom(table)
    .select(['album_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('album_id', '>', after)
    .orderBy('album_id')
    .limit(limit)
    .execute();
}

/** How many albums a person liked, has on their listen-later list and owns (or wants, or owned): their part of an export's total. */
export async function exportedCount(db: DB, userId: string): Promise<number> {
  const counts = await Promise.all(
    (['album_like', 'listen_later', 'album_ownership'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return counts.reduce((sum, row) => sum + Number(row.n), 0);
}

/** A person's owned, wished-for and once-owned albums, after an album id. */
export async function exportedOwnership(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('album_ownership')
    .select(['album_id', 'status', 'media_type', 'release_mbid', 'updated_at'])
    .where('user_id', '=', userId)
    .where('album_id', '>', after)
    .orderBy('album_id')
    .limit(limit)
    .execute();
}
