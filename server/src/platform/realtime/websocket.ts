import websocket from '@fastify/websocket';
import { REALTIME_HEARTBEAT_MS, REALTIME_PATH, type RealtimeEvent } from '@hearsay/contracts/realtime';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { errorBody } from '../http/error-handler.ts';
import type { Realtime } from './realtime.ts';

export interface RealtimeOptions {
  /** The site's public address: only pages of this origin may open the socket (ASVS: origin checked on upgrade). */
  publicUrl: string;
  /** Other origins allowed (the Vite dev server in development). */
  extraOrigins?: readonly string[];
  /** With several processes, events travel through Redis pub/sub so each reaches the process holding the socket. */
  redisUrl?: string;
  /** A browser pings this often; a socket silent for twice as long is closed. */
  heartbeatMs?: number;
  log: { error(details: object, message: string): void };
  /** Whether the session a socket was opened with is still signed in (checked on each ping). */
  sessionAlive?: (cookie: string) => Promise<boolean>;
  /** The sign-out route: its sockets close as soon as it answers. */
  signOutPath?: string;
}

const CHANNEL = 'hearsay:realtime';

/** What this code uses of a `ws` socket (the package ships no types). */
interface WebSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: unknown) => void): void;
  on(event: 'close', listener: () => void): void;
}

interface Envelope {
  userIds: readonly string[];
  event: RealtimeEvent;
}

export type RealtimeHub = Realtime & {
  /** Adds the socket route; after the accounts hook that sets request.viewer. */
  register(app: FastifyInstance): Promise<void>;
  connections(userId: string): number;
  /** Sockets open in this process, everyone's (metrics). */
  openSockets(): number;
};

/**
 * The WebSocket at `/realtime` and the `Realtime` the services send through (made before the services, its route
 * registered later). The upgrade needs the site's own Origin and a session cookie resolving to a person
 * (request.viewer); anything else is answered 403/401 without a socket. A person may hold several sockets.
 */
export function createRealtimeHub(options: RealtimeOptions): RealtimeHub {
  const allowed = new Set([new URL(options.publicUrl).origin, ...(options.extraOrigins ?? [])]);
  const heartbeatMs = options.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
  const sockets = new Map<string, Set<WebSocket>>();
  const lastHeard = new WeakMap<WebSocket, number>();
  const sessionOf = new WeakMap<WebSocket, { id: string; cookie: string }>();

  /** Closes every socket opened with a session that has ended (ASVS: after logout the socket is closed). */
  function closeSession(sessionId: string): void {
    for (const set of sockets.values())
      for (const socket of set) if (sessionOf.get(socket)?.id === sessionId) socket.close(4401, 'signed out');
  }

  function deliver({ userIds, event }: Envelope): void {
    const data = JSON.stringify(event);
    for (const userId of userIds) for (const socket of sockets.get(userId) ?? []) if (socket.readyState === socket.OPEN) socket.send(data);
  }

  let publish: (envelope: Envelope) => void = deliver;
  const publisher = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true }) : null;
  if (publisher) {
    publish = (envelope) => {
      publisher
        .publish(CHANNEL, JSON.stringify(envelope))
        .catch((error: unknown) => options.log.error({ err: error }, 'could not publish a realtime event'));
    };
  }

  async function register(app: FastifyInstance): Promise<void> {
    if (options.redisUrl && publisher) {
      // A connection in subscriber mode can do nothing else: one for each direction.
      const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
      // Not awaited: a Redis outage costs live updates across processes, never the start of the server.
      subscriber.subscribe(CHANNEL).catch((error: unknown) => options.log.error({ err: error }, 'could not subscribe to realtime events'));
      subscriber.on('message', (_channel: string, message: string) => {
        try {
          deliver(JSON.parse(message) as Envelope);
        } catch (error) {
          options.log.error({ err: error }, 'a realtime message from Redis could not be read');
        }
      });
      app.addHook('onClose', async () => {
        await Promise.all([publisher.quit(), subscriber.quit()]);
      });
    }

    const sweep = setInterval(() => {
      const now = Date.now();
      for (const set of sockets.values())
        for (const socket of set) if (now - (lastHeard.get(socket) ?? 0) > 2 * heartbeatMs) socket.terminate();
    }, heartbeatMs);
    sweep.unref();

    await app.register(websocket, { options: { maxPayload: 1024 } });
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      for (const set of sockets.values()) for (const socket of set) socket.close(1001, 'server closing');
    });

    if (options.signOutPath) {
      const signOutPath = options.signOutPath;
      app.addHook('onResponse', async (request, reply) => {
        if (request.routeOptions.url === signOutPath && request.viewer && reply.statusCode < 300) closeSession(request.viewer.sessionId);
      });
    }

    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request, reply) => {
          const origin = request.headers.origin;
          if (!origin || !allowed.has(origin)) {
            return reply.status(403).send(errorBody('origin_refused', 'Live updates are only available on this site.'));
          }
          if (!request.viewer) return reply.status(401).send(errorBody('sign_in_required', 'Sign in to get live updates.'));
        },
      },
      (connection, request) => {
        const socket = connection as WebSocket;
        const userId = request.viewer!.id;
        const own = sockets.get(userId) ?? new Set<WebSocket>();
        sockets.set(userId, own);
        own.add(socket);
        lastHeard.set(socket, Date.now());
        sessionOf.set(socket, { id: request.viewer!.sessionId, cookie: request.headers.cookie ?? '' });
        socket.on('message', (data: unknown) => {
          lastHeard.set(socket, Date.now());
          if (String(data) !== 'ping') return;
          socket.send('pong');
          // A session ended elsewhere (another device, "log out everywhere", a deleted account) closes its sockets here.
          const session = sessionOf.get(socket);
          if (session && options.sessionAlive) {
            options
              .sessionAlive(session.cookie)
              .then((alive) => alive || socket.close(4401, 'signed out'))
              .catch((error: unknown) => options.log.error({ err: error }, 'could not check a realtime session'));
          }
        });
        socket.on('close', () => {
          own.delete(socket);
          if (own.size === 0 && sockets.get(userId) === own) sockets.delete(userId);
        });
      },
    );
  }

  return {
    register,
    send(userIds, event) {
      if (userIds.length > 0) publish({ userIds, event });
    },
    connections: (userId) => sockets.get(userId)?.size ?? 0,
    openSockets: () => {
      let open = 0;
      for (const set of sockets.values()) open += set.size;
      return open;
    },
  };
}
