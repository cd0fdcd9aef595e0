import {
  MAX_ACTIVE_TOKENS,
  TOKEN_PREFIX,
  type AccessTokenList,
  type CreateTokenBody,
  type CreatedToken,
  type TokenExpiry,
  type TokenScope,
} from '@hearsay/contracts/access-tokens';
import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../../platform/db/index.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import { newId } from '../../platform/ids.ts';
import * as repository from './access-tokens.repository.ts';
import { presentToken, scopesOf, storedScopes } from './access-tokens.presenter.ts';

export interface AccessTokensServiceDeps {
  db: DB;
  clock: () => Date;
  /**
   * The confirmation Settings → Account asks for (the current password, or a recent provider sign-in for people
   * without one); throws when it fails. A session alone must not mint a credential that outlives it.
   */
  confirmIdentity: (viewer: Viewer, password: string | undefined) => Promise<void>;
}

export type AccessTokensService = ReturnType<typeof createAccessTokensService>;

/** What a bearer token resolves to: the person and the token's scopes, or why it was refused. */
export type TokenAuthentication =
  | { ok: true; viewer: Viewer; token: { id: string; scopes: TokenScope[] } }
  | { ok: false; code: 'token_invalid' | 'token_expired'; params?: { date: string } };

const DAY_MS = 24 * 3600_000;
const EXPIRY_DAYS: Record<TokenExpiry, number | null> = { '30d': 30, '90d': 90, '1y': 365, never: null };
/** A token's use is written down at most once a minute: no write per request. */
const LAST_USED_EVERY_MS = 60_000;
/** `hsy_` and 32 random bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^hsy_[A-Za-z0-9_-]{43}$/;

export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function createAccessTokensService(deps: AccessTokensServiceDeps) {
  const { db, clock } = deps;

  async function list(viewer: Viewer): Promise<AccessTokenList> {
    const now = clock();
    const rows = await repository.listTokens(db, viewer.id);
    return { tokens: rows.map((row) => presentToken(row, now)), limit: MAX_ACTIVE_TOKENS };
  }

  async function create(viewer: Viewer, input: CreateTokenBody): Promise<CreatedToken> {
    await deps.confirmIdentity(viewer, input.password);
    const now = clock();
    const days = EXPIRY_DAYS[input.expiresIn ?? '90d'];
    const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const row: repository.AccessTokenRow = {
      id: newId(),
      user_id: viewer.id,
      name: input.name,
      scopes: storedScopes(input.scopes),
      token_hash: hashToken(secret),
      prefix: secret.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + 8),
      created_at: now.toISOString(),
      expires_at: days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    if (!(await repository.insertToken(db, row, MAX_ACTIVE_TOKENS))) {
      throw conflict('token_limit', { count: MAX_ACTIVE_TOKENS });
    }
    return { token: presentToken(row, now), secret };
  }

  async function revoke(viewer: Viewer, tokenId: string): Promise<{ ok: true }> {
    if (!(await repository.revokeToken(db, viewer.id, tokenId, clock().toISOString()))) {
      throw notFound('token_not_found');
    }
    return { ok: true };
  }

  /** The person behind a bearer token. Unknown, revoked and expired tokens are refused, each with its reason. */
  async function authenticate(secret: string): Promise<TokenAuthentication> {
    const invalid = { ok: false, code: 'token_invalid' } as const;
    if (!TOKEN_SHAPE.test(secret)) return invalid;
    const found = await repository.tokenByHash(db, hashToken(secret));
    if (!found || found.revoked_at !== null) return invalid;
    const now = clock();
    if (found.expires_at !== null && found.expires_at <= now.toISOString()) {
      return { ok: false, code: 'token_expired', params: { date: found.expires_at.slice(0, 10) } };
    }
    const staleBefore = new Date(now.getTime() - LAST_USED_EVERY_MS).toISOString();
    if (found.last_used_at === null || found.last_used_at < staleBefore) {
      await repository.touchToken(db, found.id, now.toISOString(), staleBefore);
    }
    return {
      ok: true,
      viewer: { id: found.userId, username: found.username ?? found.userId, name: found.name, email: found.email, sessionId: '' },
      token: { id: found.id, scopes: scopesOf(found.scopes) },
    };
  }

  /** Every token of the person stops working (a password reset: whoever needed the reset may hold one). */
  async function revokeAll(userId: string): Promise<number> {
    return repository.revokeAllTokens(db, userId, clock().toISOString());
  }

  return { list, create, revoke, revokeAll, authenticate };
}
