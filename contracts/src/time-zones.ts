/**
 * The reader's time zone, which the server needs to render moments ("Mar 5, 2024, 2:30 PM") as the reader's browser
 * will (decision 092). The web app keeps it in a cookie; the server reads it back for each page it renders.
 */

/** The cookie the web app keeps the reader's time zone in (an IANA name such as `Europe/Berlin`). */
export const TIME_ZONE_COOKIE = 'hearsay_time_zone';

/** The zone a page is rendered in when the reader's is not known yet (a first visit). */
export const FALLBACK_TIME_ZONE = 'UTC';

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/**
 * The time zone a cookie names, when it is one this runtime knows, else UTC. Returned as written (not canonicalised),
 * so the browser that wrote it finds the same name.
 */
export function readerTimeZone(cookie: string | undefined): string {
  if (!cookie || !ZONE_NAME.test(cookie)) return FALLBACK_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: cookie });
    return cookie;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}
