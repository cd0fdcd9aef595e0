import { z } from 'zod';
import { MESSAGE_BODY_MAX, MESSAGE_PAGE_DEFAULT } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

/**
 * Direct messages: one conversation per pair of people, text only. Only the two participants can read or write a
 * conversation; for anyone else it does not exist (404, decision 009). Who may start one is the recipient's
 * `messages.allowFrom` setting (contracts/src/settings.ts), checked again on every message sent.
 */

export const MESSAGE_PAGE_MAX = 100;

export const MessageBodySchema = z
  .string({ error: 'message_not_text' })
  .trim()
  .min(1, { error: 'message_empty' })
  .max(MESSAGE_BODY_MAX, { error: 'message_too_long' });

export const SendMessageBodySchema = z.object({ body: MessageBodySchema });
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const OpenConversationBodySchema = z.object({
  username: z.string({ error: 'message_recipient_required' }).trim().min(1, { error: 'message_recipient_required' }).max(60),
});
export type OpenConversationBody = z.infer<typeof OpenConversationBodySchema>;

export const ConversationParamsSchema = z.object({ conversationId: z.string().min(1).max(100) });

/** The other participant. An account deleted takes its conversations with it, so this is always a member. */
export const ConversationPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ConversationPerson = z.infer<typeof ConversationPersonSchema>;

export const DirectMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  /** Plain text as written (trimmed); the web app renders it as text and makes http(s) links clickable. */
  body: z.string(),
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof DirectMessageSchema>;

export const ConversationSchema = z.object({
  id: z.string(),
  other: ConversationPersonSchema,
  lastMessage: DirectMessageSchema.nullable(),
  /** Messages from the other person after your read position. */
  unread: z.number().int().nonnegative(),
  /** How far the other person has read (the time of the newest message they had seen), for "Seen"; null: nothing yet. */
  otherReadAt: z.string().nullable(),
  /** The newest message's time, or when the conversation was opened. */
  updatedAt: z.string(),
  /** Whether you may send here now (their setting may have changed since the conversation began). */
  canSend: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** Your conversations, most recent activity first. Conversations someone opened with you but never wrote in are left out. */
export const ConversationPageSchema = pageOf(ConversationSchema);
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

export const MessageHistoryQuerySchema = z.object({
  /** A message id: the page holds the messages older than it. Without it, the newest messages. */
  before: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_DEFAULT),
});
export type MessageHistoryQuery = z.infer<typeof MessageHistoryQuerySchema>;

/** A page of history, newest first; `hasMore` says whether older messages remain (ask with `before` = the last id). */
export const MessageHistorySchema = z.object({ items: z.array(DirectMessageSchema), hasMore: z.boolean() });
export type MessageHistory = z.infer<typeof MessageHistorySchema>;

export const UnreadConversationsSchema = z.object({ conversations: z.number().int().nonnegative() });
export type UnreadConversations = z.infer<typeof UnreadConversationsSchema>;

export const ReadReceiptSchema = z.object({ readAt: z.string().nullable() });

const tags = ['conversations'];
const params = ConversationParamsSchema;

/** Direct messages are for signed-in members: every endpoint answers 401 to a visitor. */
export const conversationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/conversations',
    access: 'members',
    tags,
    summary: 'Your conversations, most recent first, with the last message and how many are unread',
    query: PageQuerySchema,
    responses: { 200: ConversationPageSchema, ...errorResponses(400, 401) },
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/conversations/unread',
    access: 'members',
    tags,
    summary: 'How many of your conversations have unread messages',
    responses: { 200: UnreadConversationsSchema, ...errorResponses(401) },
  }),
  open: endpoint({
    method: 'POST',
    path: '/api/conversations',
    access: 'members',
    tags,
    summary: 'Open (or find) your conversation with someone, if their message setting allows you',
    body: OpenConversationBodySchema,
    responses: { 200: ConversationSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/conversations/:conversationId',
    access: 'members',
    tags,
    summary: 'One of your conversations',
    params,
    responses: { 200: ConversationSchema, ...errorResponses(400, 401, 404) },
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/conversations/:conversationId/messages',
    access: 'members',
    tags,
    summary: 'Messages of one of your conversations, newest first, a page at a time (`before` = the oldest id you have)',
    params,
    query: MessageHistoryQuerySchema,
    responses: { 200: MessageHistorySchema, ...errorResponses(400, 401, 404) },
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/conversations/:conversationId/messages',
    access: 'members',
    tags,
    summary: `Send a text message (1 to ${MESSAGE_BODY_MAX} characters)`,
    params,
    body: SendMessageBodySchema,
    responses: { 201: DirectMessageSchema, ...errorResponses(400, 401, 403, 404, 429) },
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/conversations/:conversationId/read',
    access: 'members',
    tags,
    summary: 'Mark one of your conversations read up to its newest message (the other person sees "Seen")',
    params,
    responses: { 200: ReadReceiptSchema, ...errorResponses(400, 401, 404) },
  }),
};
