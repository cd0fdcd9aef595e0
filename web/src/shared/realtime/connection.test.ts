import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_RESTART_CLOSE,
  reconnectDelayMs,
  restartReconnectDelayMs,
} from '@hearsay/contracts/realtime-connection';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRealtimeConnection, realtimeUrl } from './connection.ts';
import { fakeSockets } from './fake-socket.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the realtime connection', () => {
  it('uses the page’s own host, over wss on https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'hearsay.example' })).toBe('wss://hearsay.example/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/realtime');
  });

  it('reconnects on the spec’s schedule: 1 s under 5 attempts, 5 s under 15, 10 s under 100, then 60 s', () => {
    expect([0, 4, 5, 14, 15, 99, 100, 500].map(reconnectDelayMs)).toEqual([1000, 1000, 5000, 5000, 10_000, 10_000, 60_000, 60_000]);
    const fake = fakeSockets();
    openRealtimeConnection(fake.connect, 'ws://site/realtime', { onEvent: () => undefined, onReconnect: () => undefined });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 17; attempt++) {
      const count = fake.sockets.length;
      fake.latest().drop();
      // Not a moment before the delay, and exactly at it.
      const delay = reconnectDelayMs(attempt);
      vi.advanceTimersByTime(delay - 1);
      expect(fake.sockets.length).toBe(count);
      vi.advanceTimersByTime(1);
      expect(fake.sockets.length).toBe(count + 1);
      waits.push(delay);
    }
    expect(waits).toEqual([...Array(5).fill(1000), ...Array(10).fill(5000), 10_000, 10_000]);
  });

  it('starts the schedule over once a socket opens again, and says it reconnected', () => {
    const fake = fakeSockets();
    const onReconnect = vi.fn();
    openRealtimeConnection(fake.connect, 'ws://site/realtime', { onEvent: () => undefined, onReconnect });
    fake.latest().open();
    expect(onReconnect).not.toHaveBeenCalled();
    for (let attempt = 0; attempt < 6; attempt++) {
      fake.latest().drop();
      vi.advanceTimersByTime(reconnectDelayMs(attempt));
    }
    fake.latest().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    fake.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(fake.sockets).toHaveLength(8);
  });

  it('comes back within 0.25–1.25 s when the server says it is restarting, and on the failure schedule otherwise', () => {
    expect(restartReconnectDelayMs(() => 0)).toBe(250);
    expect(restartReconnectDelayMs(() => 0.999)).toBe(1249);
    const fake = fakeSockets();
    openRealtimeConnection(fake.connect, 'ws://site/realtime', { onEvent: () => undefined, onReconnect: () => undefined });
    fake.latest().open();
    fake.latest().drop(REALTIME_RESTART_CLOSE);
    vi.advanceTimersByTime(249);
    expect(fake.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(fake.sockets).toHaveLength(2);
    // The restarted process is not up yet: that attempt fails like any other and waits 1 s.
    fake.latest().drop();
    vi.advanceTimersByTime(999);
    expect(fake.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(3);
  });

  it('pings every 20 seconds while open', () => {
    const fake = fakeSockets();
    openRealtimeConnection(fake.connect, 'ws://site/realtime', { onEvent: () => undefined, onReconnect: () => undefined });
    const socket = fake.latest();
    socket.open();
    vi.advanceTimersByTime(REALTIME_HEARTBEAT_MS - 1);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(REALTIME_HEARTBEAT_MS);
    expect(socket.sent).toEqual(['ping', 'ping']);
    socket.drop();
    vi.advanceTimersByTime(REALTIME_HEARTBEAT_MS);
    expect(socket.sent).toEqual(['ping', 'ping']);
  });

  it('passes on the events it understands, in order, and ignores pongs and anything else', async () => {
    const fake = fakeSockets();
    const onEvent = vi.fn();
    openRealtimeConnection(fake.connect, 'ws://site/realtime', { onEvent, onReconnect: () => undefined });
    const socket = fake.latest();
    socket.open();
    socket.receive('pong');
    socket.receive('not json');
    socket.receive({ type: 'something.else' });
    socket.receive({ type: 'notifications.unread', unread: 4 });
    socket.receive({ type: 'notifications.unread', unread: 5 });
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledTimes(2));
    expect(onEvent.mock.calls).toEqual([[{ type: 'notifications.unread', unread: 4 }], [{ type: 'notifications.unread', unread: 5 }]]);
  });

  it('closes for good: no reconnect after close()', () => {
    const fake = fakeSockets();
    const connection = openRealtimeConnection(fake.connect, 'ws://site/realtime', {
      onEvent: () => undefined,
      onReconnect: () => undefined,
    });
    const socket = fake.latest();
    socket.open();
    connection.close();
    expect(socket.closed).toBe(true);
    socket.drop();
    vi.advanceTimersByTime(120_000);
    expect(fake.sockets).toHaveLength(1);
  });
});
