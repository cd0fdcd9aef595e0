import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a secret a member gives the site (their ListenBrainz token) for storing: AES-256-GCM under a key derived
 * from the site's AUTH_SECRET with HKDF, a fresh nonce each time. What is stored reads `v1.<nonce>.<tag>.<ciphertext>`
 * (base64url); a changed AUTH_SECRET makes it unreadable, which `open` reports as null.
 */
export function createTokenSealing(authSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'hearsay-sealed-secrets', purpose, 32));

  function seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  function open(stored: string): string | null {
    const [version, nonce, tag, sealed] = stored.split('.');
    if (version !== 'v1' || !nonce || !tag || sealed === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  return { seal, open };
}
