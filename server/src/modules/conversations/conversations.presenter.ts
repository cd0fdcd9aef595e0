import type { Conversation, DirectMessage } from '@hearsay/contracts/conversations';
import type { PersonSummary } from '../../hydration/people.presenter.ts';
import type { ConversationRow } from './conversations.repository.ts';

interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  body: string;
  created_at: string;
}

export function presentMessage(row: MessageRow): DirectMessage {
  return { id: row.id, conversationId: row.conversation_id, senderId: row.sender_id, body: row.body, createdAt: row.created_at };
}

export function presentConversation(
  row: ConversationRow,
  other: PersonSummary,
  extra: { lastMessage: MessageRow | undefined; unread: number; canSend: boolean },
): Conversation {
  return {
    id: row.id,
    other,
    lastMessage: extra.lastMessage ? presentMessage(extra.lastMessage) : null,
    unread: extra.unread,
    otherReadAt: row.other_read_at,
    updatedAt: row.last_message_at ?? row.created_at,
    canSend: extra.canSend,
  };
}
