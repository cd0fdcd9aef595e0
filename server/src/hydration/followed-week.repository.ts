import { sql } from 'kysely';
import type { DB } from '../platform/db/index.ts';
import { precompiled } from '../platform/db/precompiled.ts';
import { activityShown } from './visibility.repository.ts';

/**
 * What the Weekly Digest shows of a week (decision 066): the newest reviews and the most rated albums among the people
 * someone follows. Each statement starts from the member's follows and reads a range per person followed on an index
 * by person and time, so it reads the follow, review, rating, album and user tables together. Each runs once per
 * member in the weekly pass, so each is compiled once and kept prepared on PostgreSQL: planning them took four times
 * as long as running them.
 */
const DIGEST_REVIEWS = 10;
const DIGEST_ALBUMS = 5;

/**
 * The DIGEST_REVIEWS newest reviews published in [from, to) by the people `userId` follows, of those their feed shows
 * (`activityShown`), none hidden by a moderator.
 */
export const followedReviews = precompiled((db, userId: string, from: string, to: string) =>
  db
    .selectFrom('follow as f')
    .innerJoin('review as r', 'r.user_id', 'f.followee_id')
    .select([
      'r.id',
      'r.rating',
      // Looked up by key rather than joined: a four-way join took longer to plan than to run.
      sql<string>`(select a.title from album a where a.id = r.album_id)`.as('title'),
      sql<string>`(select a.artist_credit from album a where a.id = r.album_id)`.as('artist_credit'),
      sql<string>`(select u.name from "user" u where u.id = r.user_id)`.as('name'),
    ])
    .where('f.follower_id', '=', userId)
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .where('r.hidden_reason', 'is', null)
    .where(activityShown(userId, 'r.user_id'))
    .orderBy('r.created_at', 'desc')
    .limit(DIGEST_REVIEWS),
);

/**
 * The DIGEST_ALBUMS albums most rated in [from, to) by the people `userId` follows, with their average among them: the
 * ratings counted by album, and only the albums kept read.
 */
export const followedTopAlbums = precompiled((db, userId: string, from: string, to: string) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('follow as f')
        .innerJoin('rating as g', 'g.user_id', 'f.followee_id')
        .select(['g.album_id', sql<number | string>`count(*)`.as('ratings'), sql<number | string>`avg(g.rating)`.as('average')])
        .where('f.follower_id', '=', userId)
        .where('g.updated_at', '>=', from)
        .where('g.updated_at', '<', to)
        .groupBy('g.album_id')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`avg(g.rating)`, 'desc')
        .orderBy('g.album_id')
        .limit(DIGEST_ALBUMS)
        .as('top'),
    )
    .innerJoin('album as a', 'a.id', 'top.album_id')
    .select(['a.id', 'a.title', 'a.artist_credit', 'top.ratings', 'top.average'])
    .orderBy('top.ratings', 'desc')
    .orderBy('top.average', 'desc')
    .orderBy('a.id'),
);

/** Both reads of a member's week, side by side. */
export async function followedWeek(db: DB, userId: string, from: string, to: string) {
  const [reviews, albums] = await Promise.all([followedReviews(db, userId, from, to), followedTopAlbums(db, userId, from, to)]);
  return { reviews, albums };
}
