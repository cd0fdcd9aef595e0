import type { RealtimeEvent, RealtimeEventType } from '@hearsay/contracts/realtime';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useSession } from '../auth/session.ts';
import type { SocketFactory, SocketLike } from './connection.ts';

type Handler = (event: RealtimeEvent) => void;

class Listeners {
  private readonly byType = new Map<string, Set<Handler>>();
  readonly reconnect = new Set<() => void>();
  add(type: string, handler: Handler): () => void {
    const set = this.byType.get(type) ?? new Set<Handler>();
    this.byType.set(type, set);
    set.add(handler);
    return () => set.delete(handler);
  }
  dispatch(event: RealtimeEvent): void {
    for (const handler of this.byType.get(event.type) ?? []) handler(event);
  }
}

const RealtimeContext = createContext<Listeners | null>(null);

// The browser's handlers take DOM events; this code only reads `data` from them.
const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as SocketLike;

/**
 * Live updates for a signed-in person: one WebSocket per tab, opened when signed in and closed on sign-out. Parts
 * of the app listen with `useRealtimeEvent`.
 */
export function RealtimeProvider({ children, connect = browserSocket }: { children: React.ReactNode; connect?: SocketFactory }) {
  const [listeners] = useState(() => new Listeners());
  const session = useSession();
  const userId = session.user?.id ?? null;

  useEffect(() => {
    if (!userId || (connect === browserSocket && typeof WebSocket === 'undefined')) return;
    let connection: { close(): void } | undefined;
    let closed = false;
    // The socket's code (and the event contract it reads with) loads for members only, not in the entry bundle.
    void import('./connection.ts').then(({ openRealtimeConnection, realtimeUrl }) => {
      if (closed) return;
      connection = openRealtimeConnection(connect, realtimeUrl(), {
        onEvent: (event) => listeners.dispatch(event),
        onReconnect: () => {
          for (const handler of listeners.reconnect) handler();
        },
      });
    });
    return () => {
      closed = true;
      connection?.close();
    };
  }, [userId, connect, listeners]);

  return <RealtimeContext.Provider value={listeners}>{children}</RealtimeContext.Provider>;
}

/** Calls `handler` for every live event of `type` (outside a RealtimeProvider, never). */
export function useRealtimeEvent<T extends RealtimeEventType>(
  type: T,
  handler: (event: Extract<RealtimeEvent, { type: T }>) => void,
): void {
  const listeners = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => listeners?.add(type, (event) => latest.current(event as Extract<RealtimeEvent, { type: T }>)), [listeners, type]);
}

/** Calls `handler` when the socket comes back after dropping, so what was missed can be refetched. */
export function useRealtimeReconnect(handler: () => void): void {
  const listeners = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!listeners) return;
    const run = () => latest.current();
    listeners.reconnect.add(run);
    return () => void listeners.reconnect.delete(run);
  }, [listeners]);
}
