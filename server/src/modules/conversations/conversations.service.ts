import type {
  Conversation,
  ConversationPage,
  DirectMessage,
  MessageHistory,
  MessageHistoryQuery,
  UnreadConversations,
} from '@hearsay/contracts/conversations';
import { pageFields } from '@hearsay/contracts/pagination';
import { paths } from '@hearsay/contracts/paths';
import type { MemberSettings, MessagePolicy } from '@hearsay/contracts/settings';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, forbidden, notFound, fieldIssue } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import { newId } from '../../platform/ids.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { presentConversation, presentMessage } from './conversations.presenter.ts';
import * as asked from './asked.repository.ts';
import * as repository from './conversations.repository.ts';
import type { HydratedPerson, Hydrator } from '../../hydration/hydrator.ts';
import { presentPerson } from '../../hydration/people.presenter.ts';

export interface ConversationsServiceDeps {
  db: DB;
  clock: () => Date;
  realtime: Realtime;
  /**
   * The other person, with whether either follows the other; a block either way closes the conversation for both
   * (`reachable`): it is not found, as if it never existed.
   */
  hydrator: Pick<Hydrator, 'people' | 'person' | 'personNamed' | 'rules' | 'excluded'>;
  /** Members' settings (accounts' settings service): whom each accepts messages from. */
  settings: { read(userId: string): Promise<MemberSettings>; readMany(userIds: readonly string[]): Promise<Map<string, MemberSettings>> };
  log?: { error(details: object, message: string): void };
  /** Pushes to the recipient's devices (decision 084): who wrote, never what. */
  push?: {
    tell(userId: string, notice: { kind: 'message'; who: string; others: number; subject: null; url: string; tag: string }): Promise<void>;
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;

// One answer for "does not exist" and "not yours", so a stranger learns nothing (decision 009).
const conversationNotFound = () => notFound('conversation_not_found');

/** Whether the other person's policy lets the viewer write to them: anyone, or someone either of them follows. */
function allowed(policy: MessagePolicy, other: HydratedPerson): boolean {
  return policy === 'everyone' || (policy === 'connections' && (other.viewer.following || other.viewer.followsViewer));
}

function notAllowed(policy: MessagePolicy, name: string) {
  return policy === 'nobody'
    ? forbidden('messages_not_allowed', { name })
    : forbidden('messages_not_allowed', { context: 'followers', name });
}

/**
 * Direct messages between two people (one conversation per pair). Who may write to whom is the recipient's
 * `messages.allowFrom` setting, checked when a conversation is opened and again on every message. Live delivery goes
 * through `realtime` to both participants' open browsers; whatever is missed is read from the API.
 */
export function createConversationsService(deps: ConversationsServiceDeps) {
  const { db, realtime, hydrator } = deps;
  const policyOf = async (userId: string) => (await deps.settings.read(userId)).messages.allowFrom;

  /** A conversation of `userId`'s with the other person hydrated for them; not found across a block. */
  async function mine(userId: string, conversationId: string) {
    const row = await repository.findConversation(db, userId, conversationId);
    const other = row && (await hydrator.person(row.other_id, userId));
    if (!row || !other || !hydrator.rules.reachable(other)) throw conversationNotFound();
    return { ...row, other };
  }

  async function presentOne(userId: string, row: Awaited<ReturnType<typeof mine>>): Promise<Conversation> {
    const [[lastMessage], unread, policy] = await Promise.all([
      row.last_message_id ? repository.messagesById(db, [row.last_message_id]) : [],
      repository.unreadCounts(db, userId, [row.id]),
      policyOf(row.other_id),
    ]);
    return presentConversation(row, presentPerson(row.other), {
      lastMessage,
      unread: unread.get(row.id) ?? 0,
      canSend: allowed(policy, row.other),
    });
  }

  async function list(userId: string, query: { page: number; limit: number }): Promise<ConversationPage> {
    const hidden = await hydrator.excluded.reachable(userId);
    const { rows, total } = await repository.listConversations(db, userId, hidden, query.limit, (query.page - 1) * query.limit);
    const ids = rows.map((row) => row.id);
    const others = rows.map((row) => row.other_id);
    const [lastMessages, unread, people, settings] = await Promise.all([
      repository.messagesById(
        db,
        rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : [])),
      ),
      repository.unreadCounts(db, userId, ids),
      hydrator.people(others, userId),
      deps.settings.readMany(others),
    ]);
    const byId = new Map(lastMessages.map((message) => [message.id, message]));
    return {
      items: rows.flatMap((row) => {
        const other = people.get(row.other_id);
        const policy = settings.get(row.other_id)?.messages.allowFrom;
        if (!other || !policy) return [];
        return [
          presentConversation(row, presentPerson(other), {
            lastMessage: row.last_message_id ? byId.get(row.last_message_id) : undefined,
            unread: unread.get(row.id) ?? 0,
            canSend: allowed(policy, other),
          }),
        ];
      }),
      ...pageFields(query, total),
    };
  }

  async function unread(userId: string): Promise<UnreadConversations> {
    return { conversations: await repository.unreadConversationCount(db, userId, await hydrator.excluded.reachable(userId)) };
  }

  /** Finds or starts the conversation with `username`, if their setting lets the viewer write to them. */
  async function open(viewer: Viewer, username: string): Promise<Conversation> {
    const name = username === 'me' ? viewer.username : username.toLowerCase();
    const person = name === 'guest' ? undefined : await hydrator.personNamed(name, viewer.id);
    if (!person || !hydrator.rules.reachable(person)) throw notFound('profile_not_found');
    if (person.id === viewer.id) throw badRequest('cannot_message_yourself');
    const policy = await policyOf(person.id);
    if (!allowed(policy, person)) throw notAllowed(policy, person.name);
    const pair = [viewer.id, person.id].sort() as [string, string];
    const id = await db.transaction().execute((trx) =>
      repository.ensureConversation(trx, {
        id: newId(),
        pairKey: pair.join(':'),
        startedBy: viewer.id,
        userIds: pair,
        now: deps.clock().toISOString(),
      }),
    );
    return get(viewer.id, id);
  }

  async function get(userId: string, conversationId: string): Promise<Conversation> {
    return presentOne(userId, await mine(userId, conversationId));
  }

  async function history(userId: string, conversationId: string, query: MessageHistoryQuery): Promise<MessageHistory> {
    await mine(userId, conversationId);
    let before: repository.Position | null = null;
    if (query.before) {
      const message = await repository.findMessage(db, conversationId, query.before);
      if (!message) {
        throw badRequest('unknown_message', undefined, [fieldIssue('query.before', 'unknown_message')]);
      }
      before = { at: message.created_at, id: message.id };
    }
    const rows = await repository.history(db, conversationId, before, query.limit + 1);
    return { items: rows.slice(0, query.limit).map(presentMessage), hasMore: rows.length > query.limit };
  }

  async function send(userId: string, conversationId: string, body: string): Promise<DirectMessage> {
    const conversation = await mine(userId, conversationId);
    // Checked on every message: the other person may have turned messages off since the conversation began.
    const policy = await policyOf(conversation.other_id);
    if (!allowed(policy, conversation.other)) throw notAllowed(policy, conversation.other.name);
    const row = { id: newId(), conversation_id: conversationId, sender_id: userId, body, created_at: deps.clock().toISOString() };
    await db.transaction().execute(async (trx) => {
      await repository.insertMessage(trx, row);
      // Your own message is read by you.
      await repository.advanceReadPosition(trx, conversationId, userId, { at: row.created_at, id: row.id });
    });
    realtime.send([userId, conversation.other_id], {
      type: 'message.created',
      conversationId,
      messageId: row.id,
      senderId: userId,
      createdAt: row.created_at,
    });
    if (deps.push) await pushMessage(userId, conversation.other_id, conversationId);
    return presentMessage(row);
  }

  /** The recipient's devices hear who wrote (their push is queued as a job; its failure never fails the message). */
  async function pushMessage(senderId: string, recipientId: string, conversationId: string): Promise<void> {
    try {
      const sender = await hydrator.person(senderId, recipientId);
      if (!sender || !hydrator.rules.reachable(sender)) return;
      await deps.push!.tell(recipientId, {
        kind: 'message',
        who: presentPerson(sender).name,
        others: 0,
        subject: null,
        url: paths.messages(conversationId),
        tag: `message:${conversationId}`,
      });
    } catch (error) {
      deps.log?.error({ err: error }, 'could not queue a push');
    }
  }

  /** Marks the conversation read up to its newest message; the other person (and the reader's other tabs) hear of it. */
  async function read(userId: string, conversationId: string): Promise<{ readAt: string | null }> {
    const conversation = await mine(userId, conversationId);
    const newest = await repository.newestMessage(db, conversationId);
    if (!newest) return { readAt: conversation.last_read_at };
    const moved = await repository.advanceReadPosition(db, conversationId, userId, { at: newest.created_at, id: newest.id });
    if (moved) {
      realtime.send([conversation.other_id, userId], {
        type: 'conversation.read',
        conversationId,
        readerId: userId,
        readAt: newest.created_at,
      });
    }
    return { readAt: moved ? newest.created_at : conversation.last_read_at };
  }

  /** Account deletion: the person's conversations go for both participants (messages are personal data of both). */
  async function forgetPerson(userId: string): Promise<void> {
    await repository.deleteConversationsOf(db, userId);
  }

  /** A direct message, and whether `memberId` is in its conversation: a report of it (decision 066). */
  const messageOf = (id: string, memberId: string | null) => asked.messageOf(db, id, memberId);

  return { list, unread, open, get, history, send, read, forgetPerson, messageOf };
}
