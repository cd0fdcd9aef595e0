import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The ~49,000 most common passwords (zxcvbn's list), lower-cased, checked locally. */
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()));

/**
 * Why a new password is refused, or null if it is acceptable. The password is checked exactly as
 * typed: no trimming, no normalisation, length counted in characters.
 */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters long`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters long`;
  if (COMMON.has(password.toLowerCase())) return 'This password is too common. Please choose one that is harder to guess.';
  return null;
}

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane); the work runs on libuv's thread pool. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
