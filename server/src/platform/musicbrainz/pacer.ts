import { Redis } from 'ioredis';

/**
 * One MusicBrainz request per interval: in this process (a slot kept in a SharedArrayBuffer, so the server thread and
 * the job thread take turns) and, with Redis, across every process of the site. A person waiting takes the next slot
 * at once; background work takes one only when it is free, so it never queues ahead of a person.
 */
export interface Pacer {
  /** Resolves when this request may go. */
  slot(background: boolean): Promise<void>;
  /** Nothing goes before this instant (MusicBrainz said Retry-After). */
  holdUntil(epochMs: number): void;
  close(): Promise<void>;
}

export interface PacerOptions {
  intervalMs: number;
  /** 8 bytes shared between threads; a pacer of its own when absent. */
  shared?: SharedArrayBuffer;
  redisUrl?: string;
  /** Redis key of the site-wide slot. */
  redisKey?: string;
  now?: () => number;
  log?: { warn(details: object, message: string): void };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Takes the slot at or after `now` atomically: returns when the request may go and moves the next slot on. */
const RESERVE = `
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
local now = tonumber(ARGV[1])
local slot = math.max(now, next)
redis.call('SET', KEYS[1], tostring(slot + tonumber(ARGV[2])), 'PX', 600000)
return tostring(slot)`;

export function createPacer(options: PacerOptions): Pacer {
  const now = options.now ?? Date.now;
  const next = new BigInt64Array(options.shared ?? new SharedArrayBuffer(8));
  let redis: Redis | null = null;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', () => {});
  }
  const redisKey = options.redisKey ?? 'hearsay:musicbrainz:next-slot';
  let foregroundWaiting = 0;

  /** Reserves the next slot of this process; for background work only one that is due now. */
  async function local(background: boolean): Promise<void> {
    for (;;) {
      const current = Atomics.load(next, 0);
      const at = now();
      const slot = Math.max(at, Number(current));
      if (background && (slot > at || foregroundWaiting > 0)) {
        await sleep(Math.max(slot - at, 50));
        continue;
      }
      if (Atomics.compareExchange(next, 0, current, BigInt(slot + options.intervalMs)) === current) {
        await sleep(slot - at);
        return;
      }
    }
  }

  async function siteWide(): Promise<void> {
    if (!redis) return;
    try {
      if (redis.status === 'wait') await redis.connect();
      const slot = Number(await redis.eval(RESERVE, 1, redisKey, String(now()), String(options.intervalMs)));
      await sleep(slot - now());
    } catch (error) {
      // Redis away: this process keeps its own pace, which is what a single process does anyway.
      options.log?.warn({ err: error }, 'MusicBrainz pacing continues without Redis');
    }
  }

  return {
    async slot(background) {
      if (!background) foregroundWaiting++;
      try {
        await local(background);
      } finally {
        if (!background) foregroundWaiting--;
      }
      await siteWide();
    },
    holdUntil(epochMs) {
      for (;;) {
        const current = Atomics.load(next, 0);
        if (Number(current) >= epochMs) return;
        if (Atomics.compareExchange(next, 0, current, BigInt(epochMs)) === current) break;
      }
      if (redis?.status === 'ready') redis.set(redisKey, String(epochMs), 'PX', 600000).catch(() => {});
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}
