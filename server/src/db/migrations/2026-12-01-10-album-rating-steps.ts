import { sql, type Kysely } from 'kysely';

/**
 * How many of an album's ratings fall on each half step from 1 to 10, kept on the album beside its count and sum
 * (decision 034): every album page counted them from the rating table, and every rating write counted them again
 * for its answer. Filled from the ratings already given, in one statement.
 */
// Spelled out here rather than imported from db/rating-steps.ts: a migration stays as it shipped.
const STEPS = Array.from({ length: 19 }, (_, index) => 1 + index / 2);
const column = (rating: number) => `ratings_at_${String(rating).replace('.', '_')}`;

export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds only one at a time.
  for (const rating of STEPS) {
    await db.schema
      .alterTable('album')
      .addColumn(column(rating), 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  const assignments = sql.join(STEPS.map((rating) => sql`${sql.ref(column(rating))} = t.${sql.ref(column(rating))}`));
  const counts = sql.join(STEPS.map((rating) => sql`count(*) filter (where rating = ${sql.lit(rating)}) as ${sql.ref(column(rating))}`));
  await sql`update album set ${assignments}
    from (select album_id, ${counts} from rating group by album_id) as t
    where album.id = t.album_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const rating of STEPS) await db.schema.alterTable('album').dropColumn(column(rating)).execute();
}
