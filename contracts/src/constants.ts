/**
 * The lists, limits and labels both sides use, free of zod: a page shows them (or checks a form against them) without
 * building any schema. Each contract declares its schemas with its own section of these.
 */

// Catalog

export const RELEASE_TYPES = ['album', 'ep', 'single', 'compilation', 'live', 'soundtrack', 'remix', 'other'] as const;
export const ALBUM_SORTS = ['rating', 'popularity', 'release_date', 'title', 'recent'] as const;
export const CHART_PERIODS = ['week', 'month', 'year', 'decade', 'all'] as const;
export const DISCOVER_TABS = ['trending', 'recent'] as const;

// Ratings: the words of spec §9 for each point of the scale are the web app's strings (`common:rating.words`).

// Reviews and comments

export const REVIEW_TITLE_MAX = 100;
/** Spec §5: publishing needs at least 50 characters of text (counted on the text, not the markup). */
export const REVIEW_MIN_CHARACTERS = 50;
export const COMMENT_MAX = 2000;

// Collections

export const COLLECTION_NAME_MAX = 50;

// Journal

export const JOURNAL_NOTE_MAX = 1000;
export const JOURNAL_EARLIEST_DAY = '1900-01-01';

// Listening stats

/** The stretch of time the stats cover, ending now: the last 7, 30 or 365 days. */
export const LISTENING_PERIODS = ['week', 'month', 'year'] as const;

// Profiles

/** Taste compatibility needs at least this many albums both people rated. */
export const COMPATIBILITY_MIN_IN_COMMON = 5;

// Curation: a member's suggested correction, on the album page

export const CORRECTION_NOTE_MAX = 500;

// Search

export const SEARCH_TYPES = ['albums', 'artists', 'users', 'collections'] as const;
export const SEARCH_SORTS = ['relevance', 'recent', 'rating'] as const;
/**
 * A value of the Release Year filter of spec §2 Search: a year (`2026`) or everything before one (`before-2020`).
 * The years offered are the catalog's latest release years (`GET /api/search/years`).
 */
export const SEARCH_YEAR_PATTERN = /^(?:before-)?[12]\d{3}$/;
export const SEARCH_MIN_RATINGS = [9, 8, 7, 6] as const;

// Reports

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'sexual', 'impersonation', 'wrong_data', 'other'] as const;
export const REPORT_NOTE_MAX = 1000;

// Messages

/** The longest message, in characters (as the browser counts them for a textarea's maxlength), after trimming. */
export const MESSAGE_BODY_MAX = 2000;
/** How many messages a page of history holds, newest first. */
export const MESSAGE_PAGE_DEFAULT = 30;

// Accounts

/** Names that are paths or words of the app itself (`/profile/me`, the guest), never a person's username. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'me',
  'guest',
  'admin',
  'administrator',
  'api',
  'settings',
  'hearsay',
  'support',
  'help',
  'login',
  'register',
  'null',
  'undefined',
  'mod',
  'mods',
  'moderator',
  'moderators',
  'staff',
  'team',
  'official',
  'security',
  'root',
  'system',
  'sysadmin',
  'webmaster',
  'postmaster',
  'hostmaster',
  'abuse',
  'noreply',
  'no_reply',
  'operator',
]);

/** A word of a username that speaks for the site ("hearsay_team", "admin2", "the_moderator"). */
const STAFF_WORD = /(^|_)(admin|administrator|moderators?|mods?|staff|official|hearsay|support|security|operator)(_|\d|$)/;

/** Whether nobody may take this username: a word of the app, or one that speaks for the site's staff. */
export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username) || STAFF_WORD.test(username);
}
/** How long a username given up leads to its person (and is kept from everyone else). */
export const USERNAME_REDIRECT_DAYS = 90;
/** How long the link that confirms a new e-mail address works. */
export const EMAIL_LINK_HOURS = 24;

// Imports

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** A Hearsay export ("Download my data"): the ZIP as uploaded, and its hearsay.json once inflated. */
export const HEARSAY_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

// Access tokens

/** The default budget of a token: this many requests per window, reads and writes together. */
export const TOKEN_RATE_LIMIT = { requests: 600, windowSeconds: 600 } as const;

// Push (decision 084): the service worker asks for the key and subscribes again itself, without the app's client or
// zod, so the two addresses it calls are here, and the contract declares its endpoints with them.

export const PUSH_KEY_PATH = '/api/push/key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';
