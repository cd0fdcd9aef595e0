/**
 * How a browser keeps its WebSocket at `/realtime` (the events it carries are in `realtime.ts`). Free of zod, so a
 * signed-in page opens its socket without loading the schemas (decision 035).
 */

/** The reconnect schedule of spec §7: 1 s under 5 attempts, 5 s under 15, 10 s under 100, then 60 s. */
export function reconnectDelayMs(attempt: number): number {
  if (attempt < 5) return 1_000;
  if (attempt < 15) return 5_000;
  if (attempt < 100) return 10_000;
  return 60_000;
}

/**
 * The close code a server sends its sockets when it shuts down on purpose (a restart or a deploy): "Service Restart".
 * The browser reconnects after `restartReconnectDelayMs()` rather than the failure schedule; another process behind
 * the proxy, or this one restarted, takes the socket.
 */
export const REALTIME_RESTART_CLOSE = 1012;

/** Between 0.25 and 1.25 s, at random: a restarting process's sockets do not all come back in the same instant. */
export function restartReconnectDelayMs(random: () => number = Math.random): number {
  return 250 + Math.floor(random() * 1_000);
}

/** A browser pings this often; the server drops a socket silent for twice as long. */
export const REALTIME_HEARTBEAT_MS = 20_000;
export const REALTIME_PATH = '/realtime';
