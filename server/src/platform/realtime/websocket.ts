import websocket from '@fastify/websocket';
import type { RealtimeEvent } from '@hearsay/contracts/realtime';
import { REALTIME_HEARTBEAT_MS, REALTIME_PATH, REALTIME_RESTART_CLOSE } from '@hearsay/contracts/realtime-connection';
import type { FastifyInstance } from 'fastify';
import type { ClusterBus } from '../cluster.ts';
import { errorBody } from '../http/error-handler.ts';
import type { Realtime } from './realtime.ts';

export interface RealtimeOptions {
  /** The site's public address: only pages of this origin may open the socket (ASVS: origin checked on upgrade). */
  publicUrl: string;
  /** Other origins allowed (the Vite dev server in development). */
  extraOrigins?: readonly string[];
  /** With several processes, events travel to the others so each reaches the process holding the socket. */
  cluster: ClusterBus;
  /** A browser pings this often; a socket silent for twice as long is closed. */
  heartbeatMs?: number;
  log: { error(details: object, message: string): void };
  /** Whether the session a socket was opened with is still signed in (checked every `sessionCheckMs`, never on a ping). */
  sessionAlive?: (cookie: string) => Promise<boolean>;
  /** How often each open session is checked; a minute by default. */
  sessionCheckMs?: number;
  /** Sockets one person may hold (tabs and devices together), and sockets one client address may hold. */
  maxSocketsPerPerson?: number;
  maxSocketsPerAddress?: number;
  /** The sign-out route: its sockets close as soon as it answers. */
  signOutPath?: string;
}

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

interface Disconnect {
  userId: string;
  which?: { exceptSession: string } | { session: string };
}

/** A person's tabs and devices together rarely hold more; a flood of sockets from one account stops here. */
const MAX_SOCKETS_PER_PERSON = 16;
/** A household or an office behind one address; a script opening hundreds stops here. */
const MAX_SOCKETS_PER_ADDRESS = 64;
/** A closed session's sockets close within this long, however quiet they are. */
const SESSION_CHECK_MS = 60_000;
/** The close code for a socket whose person or session may no longer have it (signed out, suspended, banned). */
const SIGNED_OUT_CLOSE = 4401;

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
 * (request.viewer); anything else is answered 403/401 without a socket. A person may hold several sockets, up to
 * `maxSocketsPerPerson`, and one address up to `maxSocketsPerAddress` (429 past either). A ping is answered from
 * memory: the sessions of open sockets are checked on a timer, once per session, not once per ping.
 */
export function createRealtimeHub(options: RealtimeOptions): RealtimeHub {
  const allowed = new Set([new URL(options.publicUrl).origin, ...(options.extraOrigins ?? [])]);
  const heartbeatMs = options.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
  const sessionCheckMs = options.sessionCheckMs ?? SESSION_CHECK_MS;
  const perPerson = options.maxSocketsPerPerson ?? MAX_SOCKETS_PER_PERSON;
  const perAddress = options.maxSocketsPerAddress ?? MAX_SOCKETS_PER_ADDRESS;
  const sockets = new Map<string, Set<WebSocket>>();
  const byAddress = new Map<string, number>();
  const lastHeard = new WeakMap<WebSocket, number>();
  const sessionOf = new WeakMap<WebSocket, { id: string; cookie: string }>();

  /** Closes every socket opened with a session that has ended (ASVS: after logout the socket is closed). */
  function closeSession(sessionId: string): void {
    for (const set of sockets.values())
      for (const socket of set) if (sessionOf.get(socket)?.id === sessionId) socket.close(SIGNED_OUT_CLOSE, 'signed out');
  }

  function closeFor({ userId, which }: Disconnect): void {
    for (const socket of sockets.get(userId) ?? []) {
      const session = sessionOf.get(socket)?.id;
      if (which && 'session' in which && session !== which.session) continue;
      if (which && 'exceptSession' in which && session === which.exceptSession) continue;
      socket.close(SIGNED_OUT_CLOSE, 'signed out');
    }
  }

  /** Each open session once: the sockets of one that has ended (elsewhere, or deleted) are closed. */
  let checking = false;
  async function checkSessions(): Promise<void> {
    if (!options.sessionAlive || checking) return;
    checking = true;
    try {
      const cookies = new Map<string, string>();
      for (const set of sockets.values()) {
        for (const socket of set) {
          const session = sessionOf.get(socket);
          if (session) cookies.set(session.id, session.cookie);
        }
      }
      for (const [sessionId, cookie] of cookies) {
        if (!(await options.sessionAlive(cookie))) closeSession(sessionId);
      }
    } catch (error) {
      options.log.error({ err: error }, 'could not check the sessions of live updates');
    } finally {
      checking = false;
    }
  }

  function deliver({ userIds, event }: Envelope): void {
    const data = JSON.stringify(event);
    for (const userId of userIds) for (const socket of sockets.get(userId) ?? []) if (socket.readyState === socket.OPEN) socket.send(data);
  }

  options.cluster.subscribe('realtime', (message) => deliver(message as Envelope));
  options.cluster.subscribe('realtime-disconnect', (message) => closeFor(message as Disconnect));

  async function register(app: FastifyInstance): Promise<void> {
    const sweep = setInterval(() => {
      const now = Date.now();
      for (const set of sockets.values())
        for (const socket of set) if (now - (lastHeard.get(socket) ?? 0) > 2 * heartbeatMs) socket.terminate();
    }, heartbeatMs);
    sweep.unref();
    const sessionCheck = setInterval(() => void checkSessions(), sessionCheckMs);
    sessionCheck.unref();

    await app.register(websocket, {
      options: { maxPayload: 1024 },
      // Before the server stops listening: every socket is told this process is going away on purpose, so browsers
      // reconnect at once (to another process behind the proxy, or to this one restarted) instead of backing off.
      preClose(done) {
        clearInterval(sweep);
        clearInterval(sessionCheck);
        for (const client of this.websocketServer.clients) client.close(REALTIME_RESTART_CLOSE, 'server restarting');
        done();
      },
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
            return reply.status(403).send(errorBody('origin_refused'));
          }
          if (!request.viewer) return reply.status(401).send(errorBody('sign_in_required'));
          if ((sockets.get(request.viewer.id)?.size ?? 0) >= perPerson || (byAddress.get(request.ip) ?? 0) >= perAddress) {
            return reply.status(429).send(errorBody('too_many_connections'));
          }
        },
      },
      (connection, request) => {
        const socket = connection as WebSocket;
        const userId = request.viewer!.id;
        const own = sockets.get(userId) ?? new Set<WebSocket>();
        sockets.set(userId, own);
        own.add(socket);
        const address = request.ip;
        byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
        lastHeard.set(socket, Date.now());
        sessionOf.set(socket, { id: request.viewer!.sessionId, cookie: request.headers.cookie ?? '' });
        socket.on('message', (data: unknown) => {
          lastHeard.set(socket, Date.now());
          if (String(data) === 'ping') socket.send('pong');
        });
        socket.on('close', () => {
          own.delete(socket);
          if (own.size === 0 && sockets.get(userId) === own) sockets.delete(userId);
          const left = (byAddress.get(address) ?? 1) - 1;
          if (left > 0) byAddress.set(address, left);
          else byAddress.delete(address);
        });
      },
    );
  }

  return {
    register,
    send(userIds, event) {
      if (userIds.length === 0) return;
      deliver({ userIds, event });
      options.cluster.publish('realtime', { userIds, event } satisfies Envelope);
    },
    disconnect(userId, which) {
      closeFor({ userId, which });
      options.cluster.publish('realtime-disconnect', { userId, which } satisfies Disconnect);
    },
    connections: (userId) => sockets.get(userId)?.size ?? 0,
    openSockets: () => {
      let open = 0;
      for (const set of sockets.values()) open += set.size;
      return open;
    },
  };
}
