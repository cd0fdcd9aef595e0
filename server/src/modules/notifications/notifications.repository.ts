import { sql, type Expression, type Insertable, type RawBuilder, type SqlBool } from 'kysely';
import type { NotificationTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { inJsonList, jsonList } from '../../platform/db/json-arrays.ts';
import { precompiled } from '../../platform/db/precompiled.ts';

// The reads of the notifications page take their lists (the people hidden from the recipient, the groups' objects) as
// one JSON value each (`jsonList`), so each statement is compiled once and kept prepared on PostgreSQL.

/** `column` is none of the ids of `idList` (a JSON array, `jsonList`; an empty one keeps every row). */
const notInJsonList = (db: DB, column: string, idList: string): RawBuilder<SqlBool> => sql<SqlBool>`not ${inJsonList(db, column, idList)}`;

export async function insertNotifications(db: DB, rows: readonly Insertable<NotificationTable>[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('notification')
      .values([...rows])
      .execute();
}

const unreadRows = precompiled((db, recipientId: string, hiddenList: string) =>
  db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .where(notInJsonList(db, 'actor_id', hiddenList)),
);

/** Unread notifications, leaving out those done by `hidden` people (blocked either way). */
export async function unreadCount(db: DB, recipientId: string, hidden: ReadonlySet<string>): Promise<number> {
  const [row] = await unreadRows(db, recipientId, jsonList(hidden));
  return Number(row?.count ?? 0);
}

export interface GroupRow {
  kind: string;
  object_id: string;
  latest: string;
  actors: number | string;
  unread: number | string;
  /** A moderator's decision: what it was about, and why (one notification per thing decided on). */
  subject: string | null;
  reason: string | null;
}

const groupsOf = (db: DB, recipientId: string, hiddenList: string) =>
  db
    .selectFrom('notification')
    .select([
      'kind',
      'object_id',
      sql<string>`max(created_at)`.as('latest'),
      sql<number | string>`count(distinct actor_id)`.as('actors'),
      sql<number | string>`sum(case when read_at is null then 1 else 0 end)`.as('unread'),
      sql<string | null>`max(subject)`.as('subject'),
      sql<string | null>`max(reason)`.as('reason'),
    ])
    .where('recipient_id', '=', recipientId)
    .where(notInJsonList(db, 'actor_id', hiddenList))
    .groupBy(['kind', 'object_id'])
    .orderBy(sql`max(created_at)`, 'desc')
    .orderBy('kind')
    .orderBy('object_id');
const newestGroups = precompiled((db, recipientId: string, hiddenList: string, limit: number) =>
  groupsOf(db, recipientId, hiddenList).limit(limit),
);
const groupsBefore = precompiled((db, recipientId: string, hiddenList: string, before: string, limit: number) =>
  groupsOf(db, recipientId, hiddenList)
    .having(sql<string>`max(created_at)`, '<', before)
    .limit(limit),
);

/**
 * Groups (same kind, same object), newest first, those whose latest notification is older than `before`, leaving out
 * what `hidden` people did.
 */
export async function groups(
  db: DB,
  recipientId: string,
  hidden: ReadonlySet<string>,
  before: string | null,
  limit: number,
): Promise<GroupRow[]> {
  const hiddenList = jsonList(hidden);
  return before ? groupsBefore(db, recipientId, hiddenList, before, limit) : newestGroups(db, recipientId, hiddenList, limit);
}

const actorRows = precompiled((db, recipientId: string, objectList: string, hiddenList: string) =>
  db
    .selectFrom('notification as n')
    .select(['n.kind', 'n.object_id', 'n.actor_id', sql<string>`max(n.created_at)`.as('at')])
    .where('n.recipient_id', '=', recipientId)
    .where(inJsonList(db, 'n.object_id', objectList))
    .where(notInJsonList(db, 'n.actor_id', hiddenList))
    .groupBy(['n.kind', 'n.object_id', 'n.actor_id'])
    .orderBy(sql`max(n.created_at)`, 'desc'),
);

/** Who did each of the given groups' notifications, latest first (their cards come from the hydration layer). */
export async function actorsOf(db: DB, recipientId: string, hidden: ReadonlySet<string>, objectIds: readonly string[]) {
  if (objectIds.length === 0) return [];
  return actorRows(db, recipientId, jsonList(objectIds), jsonList(hidden));
}

const reviewSubjectRows = precompiled((db, idList: string) =>
  db
    .selectFrom('review as r')
    .innerJoin('album as a', 'a.id', 'r.album_id')
    .select(['r.id', 'a.title', 'a.slug'])
    .where(inJsonList(db, 'r.id', idList)),
);

/** The album (title, slug) each review is about. */
export async function reviewSubjects(db: DB, reviewIds: readonly string[]) {
  if (reviewIds.length === 0) return [];
  return reviewSubjectRows(db, jsonList(reviewIds));
}

const collectionSubjectRows = precompiled((db, idList: string) =>
  db
    .selectFrom('collection')
    .select(['id', 'name'])
    .where(inJsonList(db, 'id', idList)),
);

const commentSubjectRows = precompiled((db, idList: string) =>
  db
    .selectFrom('review_comment as c')
    .innerJoin('review as r', 'r.id', 'c.review_id')
    .innerJoin('album as a', 'a.id', 'r.album_id')
    .select(['c.id', 'c.review_id', 'a.title'])
    .where(inJsonList(db, 'c.id', idList)),
);

/** The review each comment is on, and that review's album title. */
export async function commentSubjects(db: DB, commentIds: readonly string[]) {
  if (commentIds.length === 0) return [];
  return commentSubjectRows(db, jsonList(commentIds));
}

/** The name of each collection. */
export async function collectionSubjects(db: DB, collectionIds: readonly string[]) {
  if (collectionIds.length === 0) return [];
  return collectionSubjectRows(db, jsonList(collectionIds));
}

export async function markRead(
  db: DB,
  recipientId: string,
  now: string,
  filter: { upTo?: string; groups?: readonly { kind: string; objectId: string }[] },
): Promise<void> {
  let query = db.updateTable('notification').set({ read_at: now }).where('recipient_id', '=', recipientId).where('read_at', 'is', null);
  if (filter.upTo) query = query.where('created_at', '<=', filter.upTo);
  if (filter.groups) {
    const groups = filter.groups;
    if (groups.length === 0) return;
    query = query.where((eb) => eb.or(groups.map((group) => eb.and([eb('kind', '=', group.kind), eb('object_id', '=', group.objectId)]))));
  }
  await query.execute();
}

export async function forgetPerson(db: DB, userId: string): Promise<void> {
  await db
    .deleteFrom('notification')
    .where((eb) => eb.or([eb('recipient_id', '=', userId), eb('actor_id', '=', userId)]))
    .execute();
  await db.deleteFrom('digest_delivery').where('recipient_id', '=', userId).execute();
}

export async function followerIds(db: DB, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('follow').select('follower_id').where('followee_id', '=', userId).execute();
  return rows.map((row) => row.follower_id);
}

export async function people(db: DB, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'username'])
    .where('id', 'in', [...userIds])
    .execute();
}

/** The review a comment is on, for e-mails about a reply. */
export async function commentReview(db: DB, commentId: string) {
  return db.selectFrom('review_comment').select('review_id').where('id', '=', commentId).executeTakeFirst();
}

/** The album a review is about, for e-mails. */
export async function reviewAlbum(db: DB, reviewId: string) {
  return db
    .selectFrom('review as r')
    .innerJoin('album as a', 'a.id', 'r.album_id')
    .select(['a.title', 'a.artist_credit'])
    .where('r.id', '=', reviewId)
    .executeTakeFirst();
}

/** Everyone who could get a digest (they follow someone), a page at a time in id order. */
export async function digestCandidates(db: DB, afterId: string, limit: number) {
  return db
    .selectFrom('user as u')
    .select(['u.id', 'u.name', 'u.email'])
    .where('u.id', '>', afterId)
    .where((eb) => eb.exists(eb.selectFrom('follow as f').select('f.followee_id').whereRef('f.follower_id', '=', 'u.id')))
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/**
 * What the Weekly Digest shows of a week: the newest reviews and the most rated albums among the people someone
 * follows. Each runs once per member in the weekly pass, so each is compiled once and kept prepared on PostgreSQL:
 * planning them took four times as long as running them.
 */
const DIGEST_REVIEWS = 10;
const DIGEST_ALBUMS = 5;

/**
 * The DIGEST_REVIEWS newest reviews published in [from, to) by the people `userId` follows, of those `shown` to them
 * (the hydration layer's `activityShown`, what a feed shows), none hidden by a moderator.
 */
export const followedReviews = (shown: (viewerId: string, author: string) => Expression<SqlBool>) =>
  precompiled((db, userId: string, from: string, to: string) =>
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
      .where(shown(userId, 'r.user_id'))
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

/** Claims the week's digest for a person; false when it was already claimed (by this or another process). */
export async function claimDigest(db: DB, recipientId: string, week: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('digest_delivery')
    .values({ recipient_id: recipientId, week, created_at: now })
    .onConflict((oc) => oc.columns(['recipient_id', 'week']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gives a claim back after the e-mail failed, so the next run tries again. */
export async function releaseDigest(db: DB, recipientId: string, week: string): Promise<void> {
  await db.deleteFrom('digest_delivery').where('recipient_id', '=', recipientId).where('week', '=', week).execute();
}
