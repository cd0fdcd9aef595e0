import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from './index.ts';

/**
 * Portable column types for migrations. The schema stays the same on both engines: text ids,
 * ISO-8601 UTC timestamps as text, booleans as 0/1 integers, floats as doubles.
 */
export function columnTypes(db: Pick<Kysely<never>, 'getExecutor'>) {
  const postgres = dialectOf(db) === 'postgres';
  return {
    double: (postgres ? sql`double precision` : sql`real`) as RawBuilder<unknown>,
    bigint: (postgres ? sql`bigint` : sql`integer`) as RawBuilder<unknown>,
    postgres,
  };
}
