import { z } from 'zod';

/**
 * What the server tells a signed-in browser over the WebSocket at `/realtime`. Each event names its `type`; the
 * browser refetches or patches what it shows. Events carry ids and small facts, never anything the recipient could
 * not read through the API.
 */
export const RealtimeEventSchema = z.discriminatedUnion('type', [
  /** The recipient's unread notification count changed (a new notification, or read elsewhere). */
  z.object({ type: z.literal('notifications.unread'), unread: z.number().int().nonnegative() }),
  /** A direct message arrived in (or was sent from another tab to) one of the recipient's conversations. */
  z.object({
    type: z.literal('message.created'),
    conversationId: z.string(),
    messageId: z.string(),
    senderId: z.string(),
    createdAt: z.string(),
  }),
  /** The other participant read a conversation up to `readAt` (read receipts). */
  z.object({ type: z.literal('conversation.read'), conversationId: z.string(), readerId: z.string(), readAt: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];
