import type { RateLimiter } from '../../platform/auth/rate-limiter.ts';
import type { DB } from '../../platform/db/index.ts';
import * as repository from './accounts.repository.ts';

/**
 * A TOTP code is good for one use: the auth library accepts a code for its whole time window (and a step either
 * side), so each code that worked is remembered for 90 s and refused after that. The store is the rate limiter's,
 * so with Redis it holds across servers.
 */
const REMEMBER_MS = 90_000;
const key = (userId: string, code: string) => `totp-used:${userId}:${code}`;

export async function totpCodeUsed(limiter: RateLimiter, userId: string, code: string): Promise<boolean> {
  return (await limiter.peek(key(userId, code))).count > 0;
}

export async function rememberTotpCode(limiter: RateLimiter, userId: string, code: string): Promise<void> {
  await limiter.hit(key(userId, code), REMEMBER_MS);
}

/** Who a pending two-factor sign-in belongs to, from its challenge cookie (the library still checks the signature). */
export async function challengedUserId(db: DB, headers: Headers): Promise<string | null> {
  const cookies = headers.get('cookie') ?? '';
  const match = /(?:^|;\s*)(?:__Secure-)?hearsay\.two_factor=([^;]+)/.exec(cookies);
  if (!match?.[1]) return null;
  const signed = decodeURIComponent(match[1]);
  const identifier = signed.slice(0, signed.lastIndexOf('.'));
  if (!identifier) return null;
  return (await repository.verificationValue(db, identifier)) ?? null;
}
