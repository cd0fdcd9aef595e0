import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed in to
 * an account carries a signed cookie naming that account, and a sign-in from it is counted against the cookie rather
 * than against the account. Someone guessing passwords from elsewhere can then lock the account for strangers, but
 * not for the owner's own devices.
 *
 * The cookie is `<user id>.<device id>.<expiry>.<HMAC-SHA256 of the rest>`: nothing is stored on the server, and only
 * this server can make one. It travels only to the API (Path=/api), never to scripts. The device id stays with the
 * browser whichever account signs in next, so the catalog can tell two accounts used from one browser (decision 058).
 */
const DEVICE_COOKIE_DAYS = 365;
const DAY_MS = 24 * 3600 * 1000;

export interface Device {
  userId: string;
  /** Random per browser: the key its failed sign-ins are counted under. */
  id: string;
}

export interface DeviceCookies {
  /** The Set-Cookie header for a browser that has just signed in to `userId`, keeping the id of the cookie it sent. */
  issue(userId: string, headers: Headers): string;
  /** The device a request's cookie names, when the signature holds and the cookie has not expired. */
  read(headers: Headers): Device | null;
}

export function deviceCookies(options: { secret: string; secure: boolean; clock: () => Date }): DeviceCookies {
  // A key of its own, so a device cookie's signature is never valid as any other use of the server secret.
  const key = createHmac('sha256', options.secret).update('hearsay device cookie').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const name = options.secure ? '__Secure-hearsay.device' : 'hearsay.device';
  const pattern = new RegExp(`(?:^|;\\s*)${name.replace(/[.]/g, '\\.')}=([^;]+)`);

  function read(headers: Headers): Device | null {
    const value = pattern.exec(headers.get('cookie') ?? '')?.[1];
    const parts = value?.split('.');
    if (!parts || parts.length !== 4) return null;
    const [userId, id, expires, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(sign(`${userId}.${id}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(expires) * 1000 <= options.clock().getTime()) return null;
    return { userId, id };
  }

  return {
    issue(userId, headers) {
      const expires = Math.floor((options.clock().getTime() + DEVICE_COOKIE_DAYS * DAY_MS) / 1000);
      const id = read(headers)?.id ?? randomBytes(16).toString('base64url');
      const payload = `${userId}.${id}.${expires}`;
      const attributes = [`Max-Age=${DEVICE_COOKIE_DAYS * 24 * 3600}`, 'Path=/api', 'HttpOnly', 'SameSite=Lax'];
      if (options.secure) attributes.push('Secure');
      return [`${name}=${payload}.${sign(payload)}`, ...attributes].join('; ');
    },
    read,
  };
}
