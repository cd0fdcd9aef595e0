/** http_ece (the encryption web-push itself uses) has no types of its own: the one call the tests make. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; authSecret?: Buffer | string; dh?: Buffer | string },
  ): Buffer;
}
