import { lazyContract } from './api-client.ts';

/**
 * The genres contract (decision 077), named as endpoints.ts names the others but in a module of its own, which nothing
 * every page loads imports: only the album page's genres panel and the genre and descriptor pages call it, so it
 * comes with their chunk (the first visit's scripts are at their budget).
 */
export const genresEndpoints = lazyContract('genres', () => import('@hearsay/contracts/genres'));
