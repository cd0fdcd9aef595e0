import type { RealtimeEvent } from '@hearsay/contracts/realtime';

/**
 * Live events to signed-in people's open browsers (the WebSocket at `/realtime`). `send` is fire-and-forget: a person
 * with no socket open simply gets nothing, and what they missed is read from the API when they come back. With
 * several processes (`REDIS_URL`), an event sent on one reaches sockets held by another.
 */
export interface Realtime {
  send(userIds: readonly string[], event: RealtimeEvent): void;
  /**
   * Closes a person's open sockets in every process: all of them (suspended, banned), those of every session but one
   * ("sign out of all other devices"), or one session's (that session ended).
   */
  disconnect(userId: string, which?: { exceptSession: string } | { session: string }): void;
}
