import { sql } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import { runKeptPrepared } from '../../platform/db/prepared-statements.ts';

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

/** A person's followers after `after`, in id order (follow_followee_follower_idx): a fan-out's batch (decision 087). */
export async function followersOf(db: DB, followeeId: string, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('follow')
    .select('follower_id')
    .where('followee_id', '=', followeeId)
    .where('follower_id', '>', after)
    .orderBy('follower_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.follower_id);
}

/** The bio of each person with a profile: reported profiles shown to moderators. */
export async function biosOf(db: DB, userIds: readonly string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('profile')
    .select(['user_id', 'bio'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.bio]));
}

// ——— The feed (decision 066) ———

/**
 * The people someone follows, up to `cap` + 1 of them (enough to tell whether there are more than `cap`), or null when
 * their profile counts more than `cap`: one statement, which reads a follow list only when the stored count says it is
 * short. The count sets the read's LIMIT (0 past `cap`), which both engines evaluate once, before the scan; as a
 * condition of the WHERE clause, SQLite read the 2,000 follows of a heavy follower to reject each.
 * Its text never changes: PostgreSQL keeps it prepared.
 */
export async function followeesUnlessMany(db: DB, viewerId: string, cap: number): Promise<string[] | null> {
  const count = sql`coalesce((select following_count from profile where user_id = ${viewerId}), 0)`;
  const rows = await runKeptPrepared(
    db,
    sql<{ following: number | null; followee_id: string | null }>`
    select ${count} as following, cast(null as text) as followee_id
    union all select * from (
      select cast(null as integer) as following, followee_id from follow where follower_id = ${viewerId}
      limit case when ${count} <= ${cap} then ${cap + 1} else 0 end) as followees`,
  );
  const following = rows.find((row) => row.following !== null)?.following ?? 0;
  return Number(following) > cap ? null : rows.flatMap((row) => row.followee_id ?? []);
}

/** The people with the most reviews ever (anyone but the viewer), when nobody reviewed lately. */
export async function mostReviewers(db: DB, viewerId: string, limit: number) {
  const rows = await db
    .selectFrom('profile')
    .select(['user_id', 'reviews_count'])
    .where('reviews_count', '>', 0)
    .where('user_id', '!=', viewerId)
    .orderBy('reviews_count', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, reviews: Number(row.reviews_count) }));
}

/** The first `cap` people the viewer follows: all of them when they follow fewer. */
export async function someFollowees(db: DB, viewerId: string, cap: number): Promise<string[]> {
  const rows = await db.selectFrom('follow').select('followee_id').where('follower_id', '=', viewerId).limit(cap).execute();
  return rows.map((row) => row.followee_id);
}

/** What the member chose at onboarding: genre slugs and artist ids (JSON lists on the profile). */
export async function onboardingChoices(db: DB, viewerId: string): Promise<{ genreSlugs: string[]; artistIds: string[] }> {
  const row = await db
    .selectFrom('profile')
    .select(['preferred_genres', 'favorite_artists'])
    .where('user_id', '=', viewerId)
    .executeTakeFirst();
  return { genreSlugs: stringList(row?.preferred_genres), artistIds: stringList(row?.favorite_artists) };
}

function stringList(value: string | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
