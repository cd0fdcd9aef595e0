import { AppError } from '../errors.ts';
import { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one hit for `key` in a window of `windowMs`; returns the hits so far and when the window resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** Hits so far without counting one. */
  peek(key: string): Promise<{ count: number; resetAt: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Fixed-window counters in this process: right for a single server. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > now()) return entry;
    windows.delete(key);
    return undefined;
  };
  const sweep = setInterval(() => {
    for (const [key, entry] of windows) if (entry.resetAt <= now()) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const entry = current(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count++;
      windows.set(key, entry);
      return { ...entry };
    },
    async peek(key) {
      return { ...(current(key) ?? { count: 0, resetAt: now() }) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** The same counters in Redis, shared by every server process (REDIS_URL). */
export function redisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, keyPrefix: 'hearsay:rl:' });
  return {
    async hit(key, windowMs) {
      const [[, count], [, ttl]] = (await redis.multi().incr(key).pttl(key).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(key, windowMs);
      return { count, resetAt: Date.now() + (ttl < 0 ? windowMs : ttl) };
    },
    async peek(key) {
      const [[, count], [, ttl]] = (await redis.multi().get(key).pttl(key).exec()) as [[null, string | null], [null, number]];
      return { count: Number(count ?? 0), resetAt: Date.now() + Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit();
    },
  };
}

export const HOUR_MS = 3600_000;

/**
 * Throws 429 (with Retry-After) once `key` is over `max` in its window. With `count` false it only looks,
 * for limits that count failures: the caller records a failure with `limiter.hit` after it happens.
 * Returns the hits so far, for callers with a softer threshold below `max`.
 */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  max: number,
  windowMs = HOUR_MS,
  count = true,
  reason?: TooOften,
): Promise<number> {
  const state = count ? await limiter.hit(key, windowMs) : await limiter.peek(key);
  if (state.count > max || (!count && state.count >= max)) {
    throw tooOften(Math.max(1, Math.ceil((state.resetAt - Date.now()) / 1000)), reason);
  }
  return state.count;
}

/** Why a pace refuses: too many attempts (none given), doing one thing too often, or the username's daily changes. */
export type TooOften = 'often' | 'username';

/** A 429 with Retry-After, saying in how many minutes to try again. */
export function tooOften(seconds: number, reason?: TooOften): AppError {
  return new AppError(429, 'rate_limited', {
    params: { ...(reason ? { context: reason } : {}), count: Math.ceil(seconds / 60) },
    headers: { 'retry-after': String(seconds) },
  });
}
