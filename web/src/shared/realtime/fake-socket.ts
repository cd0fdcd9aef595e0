import type { SocketFactory, SocketLike } from './connection.ts';

/** A stand-in for the browser's WebSocket that a test opens, feeds and drops by hand. */
class FakeSocket implements SocketLike {
  sent: string[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.({});
  }
  receive(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  /** The server or the network ends the connection (with the close code the server sent, if any). */
  drop(code?: number): void {
    this.onclose?.(code === undefined ? {} : { code });
  }
}

/** A socket factory that remembers every socket it made. */
export function fakeSockets(): { connect: SocketFactory; sockets: FakeSocket[]; latest(): FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    connect: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    latest: () => sockets[sockets.length - 1]!,
  };
}
