import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { DB } from '../db/index.ts';
import * as repository from './kv.repository.ts';

/** Expired values are swept at most this often by one process (they are never read once expired). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The federation framework's key–value store (cached remote documents and keys, activities already seen, the
 * circuit of each remote server) kept in the site's own database, so it needs nothing SQLite or PostgreSQL does not
 * already give and survives restarts like everything else (decision 067).
 */
export function createKvStore(db: DB, clock: () => Date): KvStore {
  let sweptAt = 0;
  const now = () => clock().toISOString();
  const expiry = (options?: KvStoreSetOptions) =>
    options?.ttl ? new Date(clock().getTime() + options.ttl.total('millisecond')).toISOString() : null;
  const encode = (key: KvKey) => JSON.stringify(key);
  const sweep = async () => {
    if (clock().getTime() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = clock().getTime();
    await repository.deleteExpired(db, now());
  };

  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const value = await repository.readValue(db, encode(key), now());
      return value === undefined ? undefined : (JSON.parse(value) as T);
    },
    async set(key, value, options) {
      await repository.writeValue(db, encode(key), JSON.stringify(value), expiry(options));
      await sweep();
    },
    async delete(key) {
      await repository.deleteValue(db, encode(key));
    },
    async cas(key, expectedValue, newValue, options) {
      const expected = expectedValue === undefined ? undefined : JSON.stringify(expectedValue);
      return repository.swapValue(db, encode(key), expected, JSON.stringify(newValue), expiry(options), now());
    },
    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      // An encoded key without its closing bracket is the start of every longer key under it.
      const start = prefix?.length ? `${encode(prefix).slice(0, -1)},` : '[';
      for (const row of await repository.listValues(db, start, now())) {
        yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
      }
      if (prefix?.length) {
        const exact = await repository.readValue(db, encode(prefix), now());
        if (exact !== undefined) yield { key: prefix, value: JSON.parse(exact) as unknown };
      }
    },
  };
}
