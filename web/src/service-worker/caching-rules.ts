/** What the service worker keeps, and when it forgets it (sw.ts); plain rules, so they can be tested on their own. */

/** The caches that hold one member's things: forgotten whenever who is signed in may change. */
export const MEMBER_CACHES = { pages: 'hearsay-pages', reads: 'hearsay-member-reads' } as const;

/**
 * The page template as the server sends it with nothing rendered in it (web.routes.ts): the app renders any page in it
 * from the member's kept reads. The build keeps it under this address (vite.config.ts).
 */
export const OFFLINE_SHELL = 'app-shell.html';

/**
 * The member's own reads kept for offline: who they are, their library (ratings, favourites, listen later, owned,
 * played and not rated, lists) and their journal.
 */
export const MEMBER_READS =
  /^\/api\/me(?:\/(?:ratings|favorites|listen-later|owned|played-not-rated|listening|collections|journal|journal\/months))?$/;

/** Addresses that are not the app's pages: the API and its documentation, sign-in callbacks, players' API, files. */
export const PAGES_NOT_KEPT = [/^\/api(?:\/|$)/, /^\/auth\//, /^\/1\//, /^\/(?:covers|uploads|assets)\//, /\.[a-z0-9]+$/i];

/** Whether a request may change who is signed in here: signing in or out, a provider's sign-in, deleting the account. */
export function changesWhoIsSignedIn(method: string, mode: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return /^\/api\/(?:auth\/|me$)/.test(pathname);
  return mode === 'navigate' && /^\/(?:api\/)?auth\//.test(pathname);
}
