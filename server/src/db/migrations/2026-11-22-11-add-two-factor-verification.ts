import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * Two-factor enrolment is confirmed with a first code before it counts (verified), and repeated
 * wrong codes lock the second factor for a while (failed_verification_count, locked_until).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const boolean = postgres ? sql`boolean` : sql`integer`;
  const yes = postgres ? sql`true` : sql`1`;
  await db.schema
    .alterTable('two_factor')
    .addColumn('verified', boolean, (col) => col.defaultTo(yes))
    .execute();
  await db.schema
    .alterTable('two_factor')
    .addColumn('failed_verification_count', 'integer', (col) => col.defaultTo(0))
    .execute();
  await db.schema.alterTable('two_factor').addColumn('locked_until', timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['locked_until', 'failed_verification_count', 'verified']) {
    await db.schema.alterTable('two_factor').dropColumn(column).execute();
  }
}
