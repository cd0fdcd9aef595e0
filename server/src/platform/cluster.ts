import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { freshReads } from './db/index.ts';

/**
 * What one server process tells the others (live events for sockets they hold, "this album changed, drop it from
 * your caches"). With `REDIS_URL` a message is published on Redis and handled by every other process; each process
 * ignores its own coming back. Without Redis there are no others, and publishing does nothing.
 */
export interface ClusterBus {
  /** Tells every other process; this process acts on its own change itself. */
  publish(channel: ClusterChannel, message: unknown): void;
  /** Hears what the other processes publish. */
  subscribe(channel: ClusterChannel, handler: (message: unknown) => void): void;
  /** Resolves when Redis answers (for /readyz); at once without Redis. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Every channel the processes talk on (one Redis channel each, `hearsay:<name>`). */
export type ClusterChannel = 'realtime' | 'realtime-disconnect' | 'catalog-changed';

interface Wire {
  from: string;
  message: unknown;
}

export function createClusterBus(options: { redisUrl?: string; log: { error(details: object, message: string): void } }): ClusterBus {
  const handlers = new Map<ClusterChannel, ((message: unknown) => void)[]>();
  const self = randomUUID();

  function handle(channel: ClusterChannel, message: unknown): void {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch (error) {
        options.log.error({ err: error, channel }, 'a cluster message could not be handled');
      }
    }
  }

  if (!options.redisUrl) {
    return { publish: () => undefined, subscribe: () => undefined, ping: async () => {}, close: async () => {} };
  }

  // A connection in subscriber mode can do nothing else: one for each direction. Neither is awaited: a Redis
  // outage costs other processes' live updates and cache drops (their caches expire in seconds), never a request.
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  const redisChannel = (channel: ClusterChannel) => `hearsay:${channel}`;
  subscriber.on('message', (name: string, data: string) => {
    const channel = name.slice('hearsay:'.length) as ClusterChannel;
    try {
      const wire = JSON.parse(data) as Wire;
      if (wire.from === self) return;
      // Another server's news follows its writes (on SQLite, to the same file): the reads that act on it must see them.
      freshReads();
      handle(channel, wire.message);
    } catch (error) {
      options.log.error({ err: error, channel }, 'a cluster message from Redis could not be read');
    }
  });
  for (const client of [publisher, subscriber]) client.on('error', () => undefined);

  return {
    publish(channel, message) {
      publisher
        .publish(redisChannel(channel), JSON.stringify({ from: self, message } satisfies Wire))
        .catch((error: unknown) => options.log.error({ err: error, channel }, 'could not publish a cluster message'));
    },
    subscribe(channel, handler) {
      if (!handlers.has(channel)) {
        subscriber
          .subscribe(redisChannel(channel))
          .catch((error: unknown) => options.log.error({ err: error, channel }, 'could not subscribe to cluster messages'));
      }
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
    async ping() {
      await publisher.ping();
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
