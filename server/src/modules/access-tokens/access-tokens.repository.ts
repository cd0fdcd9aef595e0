import type { Selectable } from 'kysely';
import type { AccessTokenTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

export type AccessTokenRow = Selectable<AccessTokenTable>;

/** A member's tokens that have not been revoked, newest first (expired ones too, so that they can be cleared). */
export async function listTokens(db: DB, userId: string): Promise<AccessTokenRow[]> {
  return db
    .selectFrom('access_token')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Inserts a token unless the member already holds `max` active ones (not revoked, not expired at `now`); counted and
 * inserted in one transaction. Returns false when the limit was reached.
 */
export async function insertToken(db: DB, row: AccessTokenRow, max: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { count } = await trx
      .selectFrom('access_token')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', row.user_id)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', row.created_at)]))
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return false;
    await trx.insertInto('access_token').values(row).execute();
    return true;
  });
}

/** Marks the member's token revoked; false when they have no such token (or it was already revoked). */
export async function revokeToken(db: DB, userId: string, tokenId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('access_token')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks every token of the member still working revoked; answers how many. */
export async function revokeAllTokens(db: DB, userId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('access_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The token with this hash and the person it belongs to, for authenticating a request. */
export async function tokenByHash(db: DB, tokenHash: string) {
  return db
    .selectFrom('access_token')
    .innerJoin('user', 'user.id', 'access_token.user_id')
    .select([
      'access_token.id',
      'access_token.scopes',
      'access_token.expires_at',
      'access_token.last_used_at',
      'access_token.revoked_at',
      'user.id as userId',
      'user.username',
      'user.name',
      'user.email',
    ])
    .where('access_token.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Records a use, unless one was recorded after `staleBefore`: at most one write a minute per token, and the condition
 * keeps it so with several server processes too.
 */
export async function touchToken(db: DB, tokenId: string, now: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('access_token')
    .set({ last_used_at: now })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}
