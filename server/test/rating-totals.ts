import { sql } from 'kysely';
import { RATING_STEP_COLUMNS, stepRecounts } from '../src/db/rating-steps.ts';
import type { DB } from '../src/platform/db/index.ts';

/**
 * The albums (of these, or all) whose stored rating count, sum, average or half-step counts differ from a recount
 * of their rating rows: empty when every write kept them exact.
 */
export async function albumsWithWrongRatingTotals(db: DB, albumIds?: readonly string[]): Promise<string[]> {
  const only = (column: string) => (albumIds ? sql`where ${sql.ref(column)} in (${sql.join([...albumIds])})` : sql``);
  if (albumIds?.length === 0) return [];
  const stepsDiffer = sql.join(
    RATING_STEP_COLUMNS.map((column) => sql`album.${sql.ref(column)} <> coalesce(t.${sql.ref(column)}, 0)`),
    sql` or `,
  );
  const { rows } = await sql<{ id: string }>`
    select album.id from album
    left join (select album_id, count(*) as n, sum(rating) as total, ${stepRecounts()} from rating ${only('album_id')} group by album_id) as t
      on t.album_id = album.id
    ${only('album.id')} ${albumIds ? sql`and` : sql`where`} (
      album.rating_count <> coalesce(t.n, 0)
      or abs(album.rating_sum - coalesce(t.total, 0)) > 1e-9
      or case when t.n is null then album.rating_average is not null
         else album.rating_average is null or abs(album.rating_average - t.total / t.n) > 1e-9 end
      or ${stepsDiffer}
    )
    order by album.id`.execute(db);
  return rows.map((row) => row.id);
}
