import { sql, type Insertable, type RawBuilder, type SqlBool } from 'kysely';
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
