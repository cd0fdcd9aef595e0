import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../platform/db/index.ts';

/** What the landing page shows of the catalog: how many albums it has, the albums it features, whose reviews it quotes. */

/** Albums in the public catalog: those waiting for confirmation are not counted. */
export async function countConfirmedAlbums(db: DB): Promise<number> {
  const row = await db
    .selectFrom('album')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Best-rated albums with at least `minRatings` ratings, by weighted rating. */
export async function bestRatedAlbumIds(db: DB, limit: number, minRatings: number, prior: { weight: number; mean: number }) {
  const rows = await db
    .selectFrom('album')
    .select('id')
    .where('rating_count', '>=', Math.max(1, minRatings))
    .where('status', '=', 'confirmed')
    .orderBy(sql`(rating_sum + ${prior.weight * prior.mean}) / (rating_count + ${prior.weight})`, 'desc')
    .orderBy('rating_count', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Catalog picks for a quiet site: albums with MusicBrainz ids (real artwork) first, then the rest. */
export async function catalogPickCandidates(db: DB, limit: number) {
  const rows = await db
    .selectFrom('album')
    .select(['id', 'mbid'])
    .where('release_type', '=', 'album')
    .where('status', '=', 'confirmed')
    .orderBy(sql`case when mbid is null then 1 else 0 end`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows;
}

/** As a condition of another module's statement: the album in `column` is confirmed (the landing page's testimonials). */
export function albumConfirmed(column: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from album where album.id = ${sql.ref(column)} and album.status = 'confirmed')`;
}
