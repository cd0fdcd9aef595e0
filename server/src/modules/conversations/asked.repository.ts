import type { DB } from '../../platform/db/index.ts';

/**
 * What other modules ask of the conversations' tables (decision 066): each question read here, by the tables' owner,
 * and asked through the conversations service.
 */

/** A direct message (its sender and text), and whether `memberId` is in its conversation (a report of it). */
export async function messageOf(db: DB, id: string, memberId: string | null) {
  const row = await db
    .selectFrom('direct_message')
    .select(['sender_id', 'conversation_id', 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || memberId === null) return row ? { ...row, member: false } : undefined;
  const member = await db
    .selectFrom('conversation_member')
    .select('user_id')
    .where('conversation_id', '=', row.conversation_id)
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  return { ...row, member: Boolean(member) };
}
