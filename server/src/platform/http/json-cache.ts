import type { FastifyReply } from 'fastify';
import { memoryCache, type CacheMode } from '../memory-cache.ts';

/**
 * Micro-caching for what every visitor asks the same question about (album pages, search, charts):
 * the response is serialised once through its route's contract, then served as the same bytes for a
 * few seconds. Signed-in people always get a fresh answer with their own data in it.
 */
export function createJsonCache(options: { max: number; ttlMs: number; caches?: CacheMode }) {
  const cache = memoryCache<string, string>(options.caches ?? 'on', { max: options.max, ttl: options.ttlMs });
  const pending = new Map<string, Promise<string>>();
  return {
    async get(key: string, compute: () => Promise<string>): Promise<string> {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      // Concurrent misses for one key share a single computation.
      let inFlight = pending.get(key);
      if (!inFlight) {
        inFlight = compute().finally(() => pending.delete(key));
        pending.set(key, inFlight);
      }
      const json = await inFlight;
      cache.set(key, json);
      return json;
    },
    clear: () => cache.clear(),
  };
}

export type JsonCache = ReturnType<typeof createJsonCache>;

/**
 * The answer for a route that visitors share: signed-in people get `compute(theirId)`, visitors the
 * cached bytes of `compute()` under `key`, written by the route's own serializer (its contract).
 */
export async function answerVisitorsFromCache<R>(
  context: { viewerId: string | undefined; reply: FastifyReply },
  cache: JsonCache,
  key: string,
  compute: (viewerId?: string) => Promise<R>,
): Promise<R> {
  const { viewerId, reply } = context;
  if (viewerId) return compute(viewerId);
  // The route's serializer writes text (responses.ts); only a serializer of raw bytes would not.
  const json = await cache.get(key, async () => reply.serialize(await compute()) as string);
  // Already serialised: sent as it is. Returned to Fastify as the handler's result; any route's reply type accepts it.
  return reply.type('application/json; charset=utf-8').send(json) as never;
}
