import type { RealtimeEvent } from '@hearsay/contracts/realtime';
import { REALTIME_PATH } from '@hearsay/contracts/realtime-connection';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './app.ts';
import type { TestUser } from './users.ts';

/** The public address test apps with sockets are given (`PUBLIC_URL`): a page of the site sends it as its Origin. */
export const TEST_SITE = 'http://hearsay.test';

/** Starts a test app listening on a free local port (sockets need a real server, not `inject`); returns the port. */
export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** An open page of the site: Node's WebSocket with the site's Origin and the person's session, collecting events. */
export async function openTab(port: number, person: TestUser) {
  const events: RealtimeEvent[] = [];
  const waiters: (() => void)[] = [];
  let pong: () => void = () => {};
  const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, {
    headers: { origin: TEST_SITE, cookie: person.cookie },
  } as never);
  socket.addEventListener('message', (message) => {
    if (message.data === 'pong') return pong();
    events.push(JSON.parse(String(message.data)) as RealtimeEvent);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('the socket did not open')));
  });
  return {
    socket,
    events,
    /** The first event of a type, waiting for it up to `ms`. */
    async next(type: RealtimeEvent['type'], ms = 1000): Promise<RealtimeEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.findIndex((event) => event.type === type);
        if (found >= 0) return events.splice(found, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} event within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    /** Everything sent before now has arrived: the socket is ordered, so the answer to a ping comes after it. */
    settled(): Promise<void> {
      return new Promise<void>((resolve) => {
        pong = resolve;
        socket.send('ping');
      });
    },
    close: () => socket.close(),
  };
}
