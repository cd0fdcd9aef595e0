import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * Accounts, sessions and sign-in methods, in the shape Better Auth expects (mapped to snake_case),
 * plus the profile each member has. Better Auth hands dates and booleans to the driver as such, so on
 * PostgreSQL these auth columns use timestamptz and boolean; on SQLite they are ISO text and 0/1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const boolean = postgres ? sql`boolean` : sql`integer`;
  const no = postgres ? sql`false` : sql`0`;

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('email_verified', boolean, (col) => col.notNull().defaultTo(no))
    .addColumn('image', 'text')
    .addColumn('username', 'text', (col) => col.unique())
    .addColumn('display_username', 'text')
    .addColumn('two_factor_enabled', boolean, (col) => col.defaultTo(no))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', timestamp)
    .addColumn('refresh_token_expires_at', timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('account_user_idx').on('account').column('user_id').execute();
  await db.schema.createIndex('account_provider_uq').on('account').columns(['provider_id', 'account_id']).unique().execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();

  await db.schema
    .createTable('two_factor')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('backup_codes', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('two_factor_user_idx').on('two_factor').column('user_id').execute();

  // The member's public profile and preferences (spec: the "users" profile document).
  await db.schema
    .createTable('profile')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('avatar_path', 'text')
    .addColumn('preferred_genres', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('favorite_artists', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('onboarding_completed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('onboarding_step', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rym_imported', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ratings_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reviews_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('collections_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('followers_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('following_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('settings', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['profile', 'two_factor', 'verification', 'account', 'session', 'user']) {
    await db.schema.dropTable(table).execute();
  }
}
