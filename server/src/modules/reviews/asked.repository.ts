import type { DB } from '../../platform/db/index.ts';

/**
 * What other modules ask of the review tables (decision 066): each question read here, by the tables' owner, and asked
 * through the reviews service (or, for the catalog, which the reviews service needs, the review lookup).
 */

// ——— Parts of the catalog's statements (Discover), written here and joined there ———

/** The album of each review written since the instant. */
export const albumsReviewedSince = (db: DB, since: string) => db.selectFrom('review').select('album_id').where('created_at', '>=', since);

/** Each review's album, and when it was written. */
export const reviewMoments = (db: DB) => db.selectFrom('review').select(['album_id', 'created_at as at']);
