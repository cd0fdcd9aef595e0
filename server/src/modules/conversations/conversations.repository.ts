import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

export type NewDirectMessage = Insertable<Database['direct_message']>;

/** A place in a conversation's history: messages are ordered by time, then id. */
export interface Position {
  at: string;
  id: string;
}

/**
 * Creates the conversation of a pair unless it exists, and both member rows; safe when both people start it at once
 * (the unique pair key makes the second insert a no-op, and the members go to whichever conversation won).
 */
export async function ensureConversation(
  db: DB,
  candidate: { id: string; pairKey: string; startedBy: string; userIds: readonly [string, string]; now: string },
): Promise<string> {
  await db
    .insertInto('conversation')
    .values({ id: candidate.id, pair_key: candidate.pairKey, started_by: candidate.startedBy, created_at: candidate.now })
    .onConflict((oc) => oc.column('pair_key').doNothing())
    .execute();
  const { id } = await db.selectFrom('conversation').select('id').where('pair_key', '=', candidate.pairKey).executeTakeFirstOrThrow();
  await db
    .insertInto('conversation_member')
    .values(candidate.userIds.map((userId) => ({ conversation_id: id, user_id: userId })))
    .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
    .execute();
  return id;
}

function conversationsOf(db: DB, userId: string) {
  return db
    .selectFrom('conversation_member as mine')
    .innerJoin('conversation as c', 'c.id', 'mine.conversation_id')
    .innerJoin('conversation_member as theirs', (join) =>
      join.onRef('theirs.conversation_id', '=', 'mine.conversation_id').on('theirs.user_id', '<>', userId),
    )
    .where('mine.user_id', '=', userId)
    .select((eb) => [
      'c.id',
      'c.started_by',
      'c.created_at',
      'c.last_message_id',
      'c.last_message_at',
      'mine.last_read_at',
      'theirs.last_read_at as other_read_at',
      'theirs.user_id as other_id',
      eb.fn.coalesce('c.last_message_at', 'c.created_at').as('activity'),
    ]);
}

export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

/** One conversation as `userId` sees it; undefined when it does not exist or they are not in it. */
export async function findConversation(db: DB, userId: string, conversationId: string) {
  return conversationsOf(db, userId).where('c.id', '=', conversationId).executeTakeFirst();
}

/**
 * `userId`'s conversations, most recent activity first; ones the other person opened and never wrote in are left
 * out, and so are those with `hidden` people.
 */
export async function listConversations(db: DB, userId: string, hidden: ReadonlySet<string>, limit: number, offset: number) {
  let visible = conversationsOf(db, userId).where((eb) =>
    eb.or([eb('c.last_message_id', 'is not', null), eb('c.started_by', '=', userId)]),
  );
  if (hidden.size) visible = visible.where('theirs.user_id', 'not in', [...hidden]);
  const [rows, count] = await Promise.all([
    visible.orderBy('activity', 'desc').orderBy('c.id').limit(limit).offset(offset).execute(),
    visible
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

const messageColumns = ['id', 'conversation_id', 'sender_id', 'body', 'created_at'] as const;

export async function messagesById(db: DB, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('direct_message').select(messageColumns).where('id', 'in', ids).execute();
}

export async function findMessage(db: DB, conversationId: string, messageId: string) {
  return db
    .selectFrom('direct_message')
    .select(messageColumns)
    .where('conversation_id', '=', conversationId)
    .where('id', '=', messageId)
    .executeTakeFirst();
}

/** Messages of a conversation older than `before` (all when null), newest first. */
export async function history(db: DB, conversationId: string, before: Position | null, limit: number) {
  let query = db.selectFrom('direct_message').select(messageColumns).where('conversation_id', '=', conversationId);
  if (before) {
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('id', '<', before.id)])]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** How many messages from others `userId` has not read, per conversation (only conversations with some). */
/** Messages `userId` has not read yet, leaving out those sent by `hidden` people. */
function unreadMessages(db: DB, userId: string, hidden: ReadonlySet<string> = new Set()) {
  const query = db
    .selectFrom('direct_message as m')
    .innerJoin('conversation_member as mine', (join) =>
      join.onRef('mine.conversation_id', '=', 'm.conversation_id').on('mine.user_id', '=', userId),
    )
    .where('m.sender_id', '<>', userId)
    .where((eb) =>
      eb.or([
        eb('mine.last_read_at', 'is', null),
        eb('m.created_at', '>', eb.ref('mine.last_read_at')),
        eb.and([eb('m.created_at', '=', eb.ref('mine.last_read_at')), eb('m.id', '>', eb.ref('mine.last_read_message_id'))]),
      ]),
    );
  return hidden.size ? query.where('m.sender_id', 'not in', [...hidden]) : query;
}

export async function unreadCounts(db: DB, userId: string, conversationIds: readonly string[]): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await unreadMessages(db, userId)
    .where('m.conversation_id', 'in', conversationIds)
    .select((eb) => ['m.conversation_id', eb.fn.countAll<number>().as('n')])
    .groupBy('m.conversation_id')
    .execute();
  return new Map(rows.map((row) => [row.conversation_id, Number(row.n)]));
}

export async function unreadConversationCount(db: DB, userId: string, hidden: ReadonlySet<string>): Promise<number> {
  const row = await unreadMessages(db, userId, hidden)
    .select((eb) => eb.fn.count<number>('m.conversation_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertMessage(db: DB, message: NewDirectMessage): Promise<void> {
  await db.insertInto('direct_message').values(message).execute();
  // The list orders by the newest message; a message sent at the same moment from elsewhere may already be newer.
  await db
    .updateTable('conversation')
    .set({ last_message_id: message.id, last_message_at: message.created_at })
    .where('id', '=', message.conversation_id)
    .where((eb) => eb.or([eb('last_message_at', 'is', null), eb('last_message_at', '<=', message.created_at)]))
    .execute();
}

/** The newest message of a conversation. */
export async function newestMessage(db: DB, conversationId: string) {
  const [row] = await history(db, conversationId, null, 1);
  return row;
}

/** Moves a member's read position forward to `position` (never back); whether it moved. */
export async function advanceReadPosition(db: DB, conversationId: string, userId: string, position: Position): Promise<boolean> {
  const result = await db
    .updateTable('conversation_member')
    .set({ last_read_at: position.at, last_read_message_id: position.id })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('last_read_at', 'is', null),
        eb('last_read_at', '<', position.at),
        eb.and([eb('last_read_at', '=', position.at), eb('last_read_message_id', '<', position.id)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Account deletion: every conversation the person was in goes, with its members and messages (foreign keys cascade). */
export async function deleteConversationsOf(db: DB, userId: string): Promise<void> {
  await db
    .deleteFrom('conversation')
    .where('id', 'in', (eb) => eb.selectFrom('conversation_member').select('conversation_id').where('user_id', '=', userId))
    .execute();
}
