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
