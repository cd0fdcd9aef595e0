import type { RealtimeEvent } from '@hearsay/contracts/realtime';
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_PATH,
  REALTIME_RESTART_CLOSE,
  reconnectDelayMs,
  restartReconnectDelayMs,
} from '@hearsay/contracts/realtime-connection';

/** What the connection uses of a WebSocket (tests pass a fake). */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code?: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface ConnectionCallbacks {
  onEvent(event: RealtimeEvent): void;
  /** The socket opened again after dropping: whatever it missed should be read from the API. */
  onReconnect(): void;
}

/**
 * Reads an event with its schema, which loads with the first message rather than with the page: events are rare, and
 * zod is a large module to evaluate while a page starts (decision 035). Messages keep their order: every read waits
 * on the same load.
 */
let eventSchema: Promise<(data: unknown) => RealtimeEvent | null> | undefined;
function readEvent(data: unknown): Promise<RealtimeEvent | null> {
  eventSchema ??= import('@hearsay/contracts/realtime').then(({ RealtimeEventSchema }) => (value: unknown) => {
    const parsed = RealtimeEventSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
  return eventSchema.then(
    (read) => read(data),
    () => {
      eventSchema = undefined; // Offline for a moment: the next message loads it again.
      return null;
    },
  );
}

/** The socket's address on this site: same origin, ws or wss as the page. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

/**
 * One live connection: opens the socket, pings every 20 s, and when it drops opens it again after the spec's
 * schedule (1 s for the first 5 attempts, then 5 s, 10 s, and 60 s after 100). A server that closes the socket because
 * it is restarting (code 1012) is answered within about a second, without counting as a failed attempt.
 * `close()` ends it for good.
 */
export function openRealtimeConnection(connect: SocketFactory, url: string, callbacks: ConnectionCallbacks) {
  let socket: SocketLike | null = null;
  let attempts = 0;
  let everOpened = false;
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function open(): void {
    const current = connect(url);
    socket = current;
    current.onopen = () => {
      attempts = 0;
      if (everOpened) callbacks.onReconnect();
      everOpened = true;
      clearInterval(heartbeat);
      heartbeat = setInterval(() => current.send('ping'), REALTIME_HEARTBEAT_MS);
    };
    current.onmessage = (message) => {
      if (typeof message.data !== 'string' || message.data === 'pong') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return; // Not JSON: nothing this version understands.
      }
      void readEvent(data).then((event) => {
        if (event && !closed && socket === current) callbacks.onEvent(event);
      });
    };
    current.onerror = () => undefined;
    current.onclose = (event) => {
      clearInterval(heartbeat);
      if (closed || socket !== current) return;
      if (event.code === REALTIME_RESTART_CLOSE) {
        retry = setTimeout(open, restartReconnectDelayMs());
        return;
      }
      retry = setTimeout(open, reconnectDelayMs(attempts));
      attempts++;
    };
  }

  open();
  return {
    close(): void {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      socket?.close();
      socket = null;
    },
  };
}
