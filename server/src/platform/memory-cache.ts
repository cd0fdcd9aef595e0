import { LRUCache } from 'lru-cache';

/**
 * Whether a process keeps answers in memory (`CACHES`): on by default; off makes every answer computed, to measure
 * the work itself or to rule the caches out when looking for a stale page.
 */
export type CacheMode = 'on' | 'off';

/** What every cache becomes with caches off: it takes nothing, so every read misses. */
class KeepsNothing<K extends NonNullable<unknown>, V extends NonNullable<unknown>> extends LRUCache<K, V> {
  override set(): this {
    return this;
  }
}

/** An in-process LRU cache, or with caches off one that keeps nothing. */
export function memoryCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  mode: CacheMode,
  options: LRUCache.Options<K, V, unknown>,
): LRUCache<K, V> {
  return mode === 'on' ? new LRUCache<K, V>(options) : new KeepsNothing<K, V>(options);
}
