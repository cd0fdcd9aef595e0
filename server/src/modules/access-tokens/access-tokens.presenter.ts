import type { AccessToken, TokenScope } from '@hearsay/contracts/access-tokens';
import type { AccessTokenRow } from './access-tokens.repository.ts';

/** The scopes a token holds, from the words stored (`write` brings `read` with it). */
export function scopesOf(stored: string): TokenScope[] {
  const words = stored.split(' ');
  const scopes: TokenScope[] = [];
  if (words.includes('read') || words.includes('write')) scopes.push('read');
  if (words.includes('write')) scopes.push('write');
  if (words.includes('listens:write')) scopes.push('listens:write');
  return scopes;
}

/** What is stored for the scopes asked: `write` brings `read`. */
export const storedScopes = (asked: readonly TokenScope[]): string => scopesOf(asked.join(' ')).join(' ');

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
