import type { LinkService } from '@hearsay/contracts/catalog';
import type { DB } from '../../platform/db/index.ts';
import { memoryCache, type CacheMode } from '../../platform/memory-cache.ts';
import { linkedProviders } from './accounts.repository.ts';

/**
 * The streaming service whose "Listen on" link a member sees first: the one whose account they linked in Settings →
 * Connected Accounts (Spotify; Apple for Apple Music). Kept a minute per person, as pages ask on every view.
 */
export function createListeningServiceLookup(db: DB, caches: CacheMode = 'on') {
  const cache = memoryCache<string, { service: LinkService | null }>(caches, { max: 10_000, ttl: 60_000 });
  return async function preferredListeningService(userId: string): Promise<LinkService | null> {
    const cached = cache.get(userId);
    if (cached) return cached.service;
    const providers = await linkedProviders(db, userId, ['spotify', 'apple']);
    const service: LinkService | null = providers.has('spotify') ? 'spotify' : providers.has('apple') ? 'apple-music' : null;
    cache.set(userId, { service });
    return service;
  };
}
