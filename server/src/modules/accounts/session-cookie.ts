import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session token inside a session cookie, when the cookie's signature holds. Better Auth signs the cookie as
 * `<token>.<base64 HMAC-SHA256 of the token with the server secret>`, URL-encoded; checking that here costs
 * microseconds and lets a signed-in request be resolved with one indexed read (see `viewerFor`).
 */
export function sessionTokenReader(options: { secret: string; secure: boolean }): (cookie: string | undefined) => string | null {
  const name = `${options.secure ? '__Secure-' : ''}hearsay.session_token`;
  const pattern = new RegExp(`(?:^|;\\s*)${name.replace(/[.]/g, '\\.')}=([^;]+)`);
  return (cookie) => {
    const match = pattern.exec(cookie ?? '');
    if (!match?.[1]) return null;
    let value: string;
    try {
      value = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    // Compared as text: base64 decoding would overlook characters after the padding.
    const signature = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', options.secret).update(token).digest('base64'));
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  };
}
