import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/** A random 16-character id (80 bits, Crockford-style base32): unguessable, URL-safe and short. */
export function newId(): string {
  const bytes = randomBytes(16);
  let id = '';
  for (const byte of bytes) id += alphabet[byte & 31];
  return id;
}
