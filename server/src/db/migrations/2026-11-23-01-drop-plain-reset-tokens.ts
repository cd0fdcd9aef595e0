import type { Kysely } from 'kysely';

/**
 * Reset tokens are now stored as SHA-256 hashes. Links issued before, still stored as plain text, are ended: they
 * expire within the hour anyway, and no token should remain readable in the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('verification').where('identifier', 'like', 'reset-password:%').execute();
}

/** Nothing to put back: ended links cannot be restored, and the previous version simply never finds hashed ones. */
export async function down(): Promise<void> {}
