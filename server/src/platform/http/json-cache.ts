import type { z } from 'zod';
import { memoryCache, type CacheMode } from '../memory-cache.ts';

/**
 * Micro-caching for what every visitor asks the same question about (album pages, search, charts):
 * the response is validated against its contract and serialised once, then served as the same
 * bytes for a few seconds. Signed-in people always get a fresh answer with their own data in it.
 */
export function createJsonCache(options: { max: number; ttlMs: number; caches?: CacheMode }) {
  const cache = memoryCache<string, string>(options.caches ?? 'on', { max: options.max, ttl: options.ttlMs });
  const pending = new Map<string, Promise<string>>();
  return {
    async get<T extends z.ZodType>(key: string, schema: T, compute: () => Promise<z.input<T>>): Promise<string> {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      // Concurrent misses for one key share a single computation.
      let inFlight = pending.get(key);
      if (!inFlight) {
        inFlight = compute()
          .then((value) => JSON.stringify(schema.parse(value)))
          .finally(() => pending.delete(key));
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

/** Sends an already-serialised JSON body (bypassing the response serializer, which would re-encode it). */
export function sendJson(reply: { type(contentType: string): { send(payload: never): unknown } }, body: string): never {
  // Returned to Fastify as the handler's result; typed `never` so any route's reply type accepts it.
  return reply.type('application/json; charset=utf-8').send(body as never) as never;
}

/**
 * The answer for a route that visitors share: signed-in people get `compute(theirId)`, visitors the
 * cached bytes of `compute()` under `key`.
 */
export async function answerVisitorsFromCache<R>(
  context: { viewerId: string | undefined; reply: Parameters<typeof sendJson>[0] },
  cache: JsonCache,
  key: string,
  schema: z.ZodType,
  compute: (viewerId?: string) => Promise<R>,
): Promise<R> {
  if (context.viewerId) return compute(context.viewerId);
  return sendJson(context.reply, await cache.get(key, schema, () => compute() as Promise<z.input<typeof schema>>));
}
