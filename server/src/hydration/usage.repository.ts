import { sql } from 'kysely';
import type { DB } from '../platform/db/index.ts';
import { jsonFlagOff } from '../platform/db/json-arrays.ts';

/**
 * The site's figures other servers read in NodeInfo (federation), counting only what a visitor could learn anyway:
 * members whose profile is not private, and the ratings and reviews of public profiles that their owners share.
 */
export async function siteUsage(db: DB, since: { month: string; halfYear: string }) {
  const members = db
    .selectFrom('user')
    .innerJoin('profile', 'profile.user_id', 'user.id')
    .where('user.username', 'is not', null)
    .where('profile.visibility', '!=', 'private');
  // Active: rated, or did something the feed tells (a review, a listen, a list), in the window.
  const activeSince = (since: string) =>
    members
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('activity')
              .select('activity.id')
              .where('activity.actor_id', '=', eb.ref('user.id'))
              .where('activity.created_at', '>=', since),
          ),
          eb.exists(
            eb
              .selectFrom('rating')
              .select('rating.id')
              .where('rating.user_id', '=', eb.ref('user.id'))
              .where('rating.updated_at', '>=', since),
          ),
        ]),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
  const publicMembers = members.where('profile.visibility', '=', 'public');
  const [total, month, halfYear, ratings, reviews] = await Promise.all([
    members.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    activeSince(since.month),
    activeSince(since.halfYear),
    publicMembers
      .innerJoin('rating', 'rating.user_id', 'user.id')
      .where(sql<boolean>`not coalesce(${jsonFlagOff(db, 'profile.settings', ['sharing', 'ratings'])}, false)`)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    publicMembers
      .innerJoin('review', 'review.user_id', 'user.id')
      .where('review.hidden_reason', 'is', null)
      .where(sql<boolean>`not coalesce(${jsonFlagOff(db, 'profile.settings', ['sharing', 'reviews'])}, false)`)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: Number(total.n),
    activeMonth: Number(month.n),
    activeHalfyear: Number(halfYear.n),
    posts: Number(ratings.n) + Number(reviews.n),
  };
}
