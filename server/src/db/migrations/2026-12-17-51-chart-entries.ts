import { sql, type Kysely } from 'kysely';
import { countryOfArea } from '../../platform/countries.ts';

/**
 * Charts you can slice (decision 081).
 *
 * `artist.country`: the ISO 3166-1 alpha-2 code of the country the artist is from, as MusicBrainz gives it (its
 * `country`, else the codes of its area); existing artists get it from their area's name when that names a country.
 *
 * `chart_entry`: per counting (`generation`), period and album, the trust-weighted counts of the ratings made in the
 * period, written by the chart job: `ratings` (v, every rating), `weight` (W, the raters' weights summed), `average`
 * (R, the weighted mean) and `score` (the Bayesian weighted rating the chart is ordered by), with the album's release
 * year, type and artist's country copied in so a slice walks one index in score order. `chart_counting` names each
 * period's current generation, its start and its mean rating (C); a counting is written beside the current one and
 * takes its place in one transaction; `top_weight` is the largest weight among the period's raters (what a full
 * rating weighs on this site), which the minimum of ratings is also asked of in weight.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('artist').addColumn('country', 'text').execute();
  const areas = await db.selectFrom('artist').select('area').distinct().where('area', 'is not', null).execute();
  for (const { area } of areas as { area: string }[]) {
    const country = countryOfArea(area);
    if (country) await db.updateTable('artist').set({ country }).where('area', '=', area).execute();
  }
  await db.schema
    .createTable('chart_entry')
    .addColumn('generation', 'integer', (col) => col.notNull())
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('album_id', 'text', (col) => col.notNull())
    .addColumn('ratings', 'integer', (col) => col.notNull())
    .addColumn('weight', 'double precision', (col) => col.notNull())
    .addColumn('average', 'double precision', (col) => col.notNull())
    .addColumn('score', 'double precision', (col) => col.notNull())
    .addColumn('release_year', 'integer')
    .addColumn('release_type', 'text', (col) => col.notNull())
    .addColumn('country', 'text')
    .addPrimaryKeyConstraint('chart_entry_pk', ['generation', 'period', 'album_id'])
    .execute();
  await sql`CREATE INDEX chart_entry_score_idx ON chart_entry (generation, period, score DESC, ratings DESC, album_id)`.execute(db);
  await sql`CREATE INDEX chart_entry_year_idx ON chart_entry (generation, period, release_year, score DESC)`.execute(db);
  await sql`CREATE INDEX chart_entry_type_idx ON chart_entry (generation, period, release_type, score DESC)`.execute(db);
  await sql`CREATE INDEX chart_entry_country_idx ON chart_entry (generation, period, country, score DESC)`.execute(db);
  await db.schema
    .createTable('chart_counting')
    .addColumn('period', 'text', (col) => col.primaryKey())
    .addColumn('generation', 'integer', (col) => col.notNull())
    .addColumn('since', 'text')
    .addColumn('mean', 'double precision', (col) => col.notNull())
    .addColumn('top_weight', 'double precision', (col) => col.notNull())
    .addColumn('computed_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chart_counting').execute();
  await db.schema.dropTable('chart_entry').execute();
  await db.schema.alterTable('artist').dropColumn('country').execute();
}
