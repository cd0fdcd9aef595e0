import type { DB } from '../../platform/db/index.ts';

/**
 * What other modules ask of the profiles' tables (decision 066): each question read here, by the tables' owner, and
 * asked through the profiles service.
 */

/**
 * Follows of a person that began between two instants: people who started following them, and people they started
 * following (a year in review). Ranges of follow_followee_idx and the follow primary key.
 */
export async function followsBetween(db: DB, userId: string, between: { from: string; to: string }) {
  const began = (column: 'follower_id' | 'followee_id') =>
    db
      .selectFrom('follow')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', userId)
      .where('created_at', '>=', between.from)
      .where('created_at', '<', between.to)
      .executeTakeFirst();
  const [followers, following] = await Promise.all([began('followee_id'), began('follower_id')]);
  return { followers: Number(followers?.n ?? 0), following: Number(following?.n ?? 0) };
}

// ——— Download my data: a person's rows a page at a time, in a stable order, after a key (decision 028) ———

/** The people a person follows (`following`), or who follow them (`followers`), after a person's id. */
export async function exportedFollows(db: DB, side: 'following' | 'followers', userId: string, after: string, limit: number) {
  const [mine, theirs] = side === 'following' ? (['follower_id', 'followee_id'] as const) : (['followee_id', 'follower_id'] as const);
  return db
    .selectFrom('follow')
    .select([`${theirs} as id`, 'created_at'])
    .where(mine, '=', userId)
    .where(theirs, '>', after)
    .orderBy(theirs)
    .limit(limit)
    .execute();
}

/** How many people a person follows and is followed by: their part of an export's total. */
export async function exportedCount(db: DB, userId: string): Promise<number> {
  const counts = await Promise.all(
    (['follower_id', 'followee_id'] as const).map((column) =>
      db
        .selectFrom('follow')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(column, '=', userId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return counts.reduce((sum, row) => sum + Number(row.n), 0);
}

/** The profile as exported: bio, visibility, chosen genres (a JSON list) and the stored settings (read by their owner). */
export async function exportedProfile(db: DB, userId: string) {
  return db.selectFrom('profile').select(['bio', 'visibility', 'preferred_genres']).where('user_id', '=', userId).executeTakeFirst();
}

/** Who follows a person (a new review's recommendation goes to them). */
export async function followerIds(db: DB, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('follow').select('follower_id').where('followee_id', '=', userId).execute();
  return rows.map((row) => row.follower_id);
}

/** People who follow someone, after a person's id, in id order (who could get a Weekly Digest): the follow key's own order. */
export async function followersAfter(db: DB, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('follow')
    .select('follower_id')
    .distinct()
    .where('follower_id', '>', afterId)
    .orderBy('follower_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.follower_id);
}

/** A person's bio (null without a profile): a reported profile shown to moderators. */
export async function bioOf(db: DB, userId: string): Promise<string | null> {
  const row = await db.selectFrom('profile').select('bio').where('user_id', '=', userId).executeTakeFirst();
  return row?.bio ?? null;
}
