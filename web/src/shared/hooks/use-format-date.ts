import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_TIME_ZONE, TIME_ZONE_COOKIE } from '@hearsay/contracts/time-zones';
import { formatDate, type MomentStyle } from '../lib/format-date.ts';
import { formatTimeAgo } from '../lib/time-ago.ts';
import { readPreferenceCookie, writePreferenceCookie } from '../lib/preference-cookie.ts';

/**
 * The time zone the server rendered the page in: the reader's, from the cookie `rememberTimeZone` sets, or UTC on a
 * first visit (decision 092). The server provides it while rendering, and the browser while it takes the page over.
 */
export const RenderedTimeZone = createContext<string>(FALLBACK_TIME_ZONE);

/**
 * When the server rendered the page (ms since the epoch), so that "5 minutes ago" reads the same while the browser
 * takes the page over; undefined when the browser renders on its own.
 */
export const RenderedAt = createContext<number | undefined>(undefined);

const neverChanges = () => () => {};
/** True on the server and while the browser takes a page over; false once it has, and in a page the browser rendered. */
const useTakingOver = () =>
  useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
// Read once: React asks for it on every render of every moment, and it does not change while a page is open.
let browserZone: string | undefined;
const browserTimeZone = () => (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * Formats moments in the reader's language and time zone: `formatDate(review.createdAt, 'dateTime')`.
 *
 * While the browser takes over a page the server rendered, moments are written in the zone the server used, so the
 * page is the same and React keeps it; then in the browser's own. The two differ only before the server knows the
 * reader's zone (a first visit, or a trip): React then writes those moments again, once, after taking the page over.
 */
export function useFormatDate(): (moment: string | Date, style?: MomentStyle) => string {
  const { i18n } = useTranslation();
  const rendered = useContext(RenderedTimeZone);
  const timeZone = useSyncExternalStore(neverChanges, browserTimeZone, () => rendered);
  const language = i18n.language;
  return useCallback((moment, style = 'date') => formatDate(moment, language, style, timeZone), [language, timeZone]);
}

/**
 * Says how long ago a moment was in the reader's language ("5 minutes ago"). While the browser takes over a page the
 * server rendered, it counts from when the server rendered it, so the page is the same and React keeps it (a minute
 * passing in between would otherwise make React render the whole page again); from then on, from now.
 */
export function useTimeAgo(): (moment: string | Date) => string {
  const { i18n } = useTranslation();
  const renderedAt = useContext(RenderedAt);
  const fromRendering = useTakingOver();
  const now = fromRendering && renderedAt !== undefined ? renderedAt : undefined;
  const language = i18n.language;
  return useCallback((moment) => formatTimeAgo(moment, language, now === undefined ? undefined : new Date(now)), [language, now]);
}

/**
 * Keeps the browser's time zone in a cookie, so the next page the server renders writes moments in it. A browser in UTC
 * (the server's fallback) with no cookie is left without one: there is nothing to tell.
 */
export function rememberTimeZone(): void {
  const zone = browserTimeZone();
  const kept = readPreferenceCookie(TIME_ZONE_COOKIE);
  if (kept === undefined ? zone === FALLBACK_TIME_ZONE : kept === zone) return;
  writePreferenceCookie(TIME_ZONE_COOKIE, zone);
}
