import type { AccessToken, TokenScope } from '@hearsay/contracts/access-tokens';
import type { AccessTokenRow } from './access-tokens.repository.ts';

export const scopesOf = (stored: string): TokenScope[] => (stored.split(' ').includes('write') ? ['read', 'write'] : ['read']);

/** A token as its owner sees it: never its hash, and when it was last used only to the day. */
export function presentToken(row: AccessTokenRow, now: Date): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    prefix: row.prefix,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expired: row.expires_at !== null && row.expires_at <= now.toISOString(),
    lastUsedOn: row.last_used_at ? row.last_used_at.slice(0, 10) : null,
  };
}
