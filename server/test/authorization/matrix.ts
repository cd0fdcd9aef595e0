/**
 * The authorization matrix: for every API route the server registers, what each kind of person gets when they ask
 * for each kind of object. `authorization.test.ts` sends every cell's request to the real server and fails on any
 * answer that differs, and on any registered route without a row here; `npm run docs:authorization --workspace
 * server` renders this table into docs/SECURITY.md (a test checks the copy there is current).
 *
 * An answer is "ok" (any 2xx or 3xx) or the exact error status. 400 means the person was let in and the request
 * itself was refused (following yourself, a provider that is not set up); 401 asks a visitor to sign in; 403 is a
 * refusal the person is told about (not your review, a profile closed to you, a suspended account); 404 means the
 * thing does not exist for this person, which is also how a block and everything of moderation answer.
 */

export const ROLES = ['visitor', 'stranger', 'follower', 'blocked', 'suspended', 'owner', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What the object of a route is like. `public`: its owner's profile is public. `followers`: the owner's profile is
 * for approved followers. `private`: only the owner may see it (a private profile, or a private collection).
 * `hidden`: a moderator hid it. `deleted`: it was deleted. `-`: the route has no object of someone's.
 */
export const STATES = ['public', 'followers', 'private', 'hidden', 'deleted', '-'] as const;
export type State = (typeof STATES)[number];

export type Answer = 'ok' | 400 | 401 | 403 | 404 | 406 | 409 | 503;

/** The kinds of object a route's path names, and the states each is tried in. */
export const OBJECTS = {
  none: ['-'],
  profile: ['public', 'followers', 'private', 'deleted'],
  review: ['public', 'followers', 'private', 'hidden', 'deleted'],
  comment: ['public', 'followers', 'private', 'hidden', 'deleted'],
  collection: ['public', 'followers', 'private', 'deleted'],
  album: ['public'],
  conversation: ['public'],
  journalEntry: ['public', 'deleted'],
  listen: ['public', 'deleted'],
  importJob: ['public'],
  dataExport: ['public'],
  session: ['public'],
  accessToken: ['public'],
  warning: ['public'],
  followRequest: ['followers'],
  candidate: ['-'],
  albumPair: ['-'],
  merge: ['public'],
  correction: ['public'],
} as const satisfies Record<string, readonly State[]>;
export type ObjectKind = keyof typeof OBJECTS;

type Rule = (role: Role, state: State) => Answer;

export interface Row {
  /** As the server registers it: "METHOD /path/:param". */
  route: string;
  object: ObjectKind;
  rule: Rule;
  /** A valid body, so that what is tested is who may, not what was sent. Names in {braces} are filled in. */
  body?: Record<string, unknown>;
  query?: string;
  /** The request changes the caller's own account (signs out, deletes it…): every role asks as a fresh person. */
  fresh?: boolean;
}

// --- Rules -----------------------------------------------------------------------------------------------------

const isOperator = (role: Role) => role === 'moderator' || role === 'admin';

/** Anyone, visitors too; a suspended person is held to their standing. */
const anyone: Rule = (role) => (role === 'suspended' ? 403 : 'ok');
/** Whatever the request, everyone gets the same answer (sign-in steps, one-click unsubscribe links). */
const always =
  (answer: Answer): Rule =>
  (role) =>
    role === 'suspended' ? 403 : answer;
/** Signed-in people; a visitor is asked to sign in. */
const members: Rule = (role) => (role === 'visitor' ? 401 : role === 'suspended' ? 403 : 'ok');
/** Signed-in people, and a suspended person too: their own standing, who they are, signing out. */
const evenSuspended: Rule = (role) => (role === 'visitor' ? 401 : 'ok');
/** One's own data export: a suspended person may still take their data with them; for anyone else it does not exist. */
const ownExport: Rule = (role) => (role === 'visitor' ? 401 : role === 'owner' ? 'ok' : 404);
/** Signed-in people, each answered with the same refusal of what they sent. */
const membersRefused =
  (answer: Answer): Rule =>
  (role) =>
    role === 'visitor' ? 401 : role === 'suspended' ? 403 : answer;
const moderators: Rule = (role) => (role === 'visitor' ? 401 : role === 'suspended' ? 403 : isOperator(role) ? 'ok' : 404);
/**
 * Curators (decision 080): moderators and admins (and catalog editors). The moderator asks first, so an admin asking
 * the same of the same thing finds it done already (a merge, an undo, a decided correction): 409.
 */
const curatorsOnce: Rule = (role) =>
  role === 'visitor' ? 401 : role === 'suspended' ? 403 : role === 'moderator' ? 'ok' : role === 'admin' ? 409 : 404;
const admins: Rule = (role) => (role === 'visitor' ? 401 : role === 'suspended' ? 403 : role === 'admin' ? 'ok' : 404);

/** Whether a signed-in person sees content in this state (the owner sees their own unless it is deleted). */
function sees(role: Role, state: State): boolean {
  if (state === 'deleted' || role === 'blocked') return false;
  if (role === 'owner') return true;
  if (state === 'public' || state === '-') return true;
  return state === 'followers' && role === 'follower';
}

/** Reading someone's content: visitors read public content when `visitors` is set, else they are asked to sign in. */
const reads =
  ({ visitors }: { visitors: boolean }): Rule =>
  (role, state) => {
    if (role === 'visitor') return visitors ? (state === 'public' ? 'ok' : 404) : 401;
    if (role === 'suspended') return 403;
    return sees(role, state) ? 'ok' : 404;
  };

/** Acting on content one can see (like, comment): `own` is what its owner gets. */
const actsOn =
  (own: Answer = 'ok'): Rule =>
  (role, state) => {
    if (role === 'visitor') return 401;
    if (role === 'suspended') return 403;
    if (!sees(role, state)) return 404;
    return role === 'owner' ? own : 'ok';
  };

/** Changing content: only its owner; people who can see it are told it is not theirs. */
const owns: Rule = (role, state) => {
  if (role === 'visitor') return 401;
  if (role === 'suspended') return 403;
  if (!sees(role, state)) return 404;
  return role === 'owner' ? 'ok' : 403;
};

/** Changing a collection: only its owner; for everyone else it does not exist (decision 009). */
const ownsQuietly: Rule = (role, state) => {
  if (role === 'visitor') return 401;
  if (role === 'suspended') return 403;
  return role === 'owner' && state !== 'deleted' ? 'ok' : 404;
};

/** Things only their owner knows exist (journal entries, imports, sessions, warnings, conversations they are in). */
const ownerOnly =
  (alsoFollower = false): Rule =>
  (role, state) => {
    if (role === 'visitor') return 401;
    if (role === 'suspended') return 403;
    if (state === 'deleted') return 404;
    return role === 'owner' || (alsoFollower && role === 'follower') ? 'ok' : 404;
  };

/** A visitor reads a public profile; one closed to visitors asks them to sign in; a deleted account is not found. */
const visitorOfProfile = (state: State): Answer => (state === 'deleted' ? 404 : state === 'public' ? 'ok' : 401);

/** A profile page: anyone may look at a public one, any member at a closed one (it says so); a block or a deleted account is not found. */
const profilePage: Rule = (role, state) => {
  if (role === 'visitor') return visitorOfProfile(state);
  if (role === 'suspended') return 403;
  return state === 'deleted' || role === 'blocked' ? 404 : 'ok';
};

/**
 * A profile's tabs: closed profiles answer 403 to the members they are closed to. `own` is the owner's answer;
 * `visitors`: whether a visitor reads a public profile's tab (compatibility needs someone to compare with).
 */
const profileTab =
  (own: Answer = 'ok', { visitors = true }: { visitors?: boolean } = {}): Rule =>
  (role, state) => {
    if (role === 'visitor') return visitors ? visitorOfProfile(state) : 401;
    if (role === 'suspended') return 403;
    if (state === 'deleted' || role === 'blocked') return 404;
    if (role === 'owner') return own;
    return sees(role, state) ? 'ok' : 403;
  };

/** A picture for link previews: anyone, visitors too (a closed profile's is the default one); a block or a deleted account is not found. */
const sharedCard: Rule = (role, state) => {
  if (role === 'suspended') return 403;
  return state === 'deleted' || role === 'blocked' ? 404 : 'ok';
};

/** Doing something to a person (follow, mute, block): yourself is refused with `self`; blocked people find nobody. */
const toPerson =
  ({ self, blockedFinds = false }: { self: Answer; blockedFinds?: boolean }): Rule =>
  (role, state) => {
    if (role === 'visitor') return 401;
    if (role === 'suspended') return 403;
    if (state === 'deleted') return 404;
    if (role === 'blocked' && !blockedFinds) return 404;
    return role === 'owner' ? self : 'ok';
  };

/** Writing to someone first: with the default setting only people they follow or who follow them may. */
const startsConversation: Rule = (role, state) => {
  if (role === 'visitor') return 401;
  if (role === 'suspended') return 403;
  if (state === 'deleted' || role === 'blocked') return 404;
  if (role === 'owner') return 400;
  return role === 'follower' ? 'ok' : 403;
};

/** Answering a follow request: only the person asked has it. */
const requestAnswer: Rule = (role) => (role === 'visitor' ? 401 : role === 'suspended' ? 403 : role === 'owner' ? 'ok' : 404);

// --- The table ---------------------------------------------------------------------------------------------------

const LONG_REVIEW = 'A record that keeps its best ideas for the second side, and rewards every patient listener with them.';

export const MATRIX: readonly Row[] = [
  // Accounts and sign-in
  {
    route: 'POST /api/auth/register',
    object: 'none',
    rule: anyone,
    body: { name: 'New Person', email: '{newEmail}', password: 'Correct-Horse-Battery-9' },
  },
  {
    route: 'POST /api/auth/sign-in',
    object: 'none',
    rule: always(401),
    body: { email: 'nobody@authz.test', password: 'Wrong-Password-123' },
  },
  { route: 'POST /api/auth/two-factor', object: 'none', rule: always(400), body: { code: '123456' } },
  { route: 'POST /api/auth/sign-out', object: 'none', rule: (role) => (role === 'visitor' ? 'ok' : 'ok'), fresh: true },
  { route: 'POST /api/auth/forgot-password', object: 'none', rule: anyone, body: { email: 'nobody@authz.test' } },
  {
    route: 'POST /api/auth/reset-password',
    object: 'none',
    rule: always(400),
    body: { token: 'not-a-token', password: 'Correct-Horse-Battery-9' },
  },
  { route: 'GET /api/me', object: 'none', rule: (role) => (role === 'visitor' ? 'ok' : 'ok') },
  { route: 'PUT /api/auth/profile', object: 'none', rule: members, body: { bio: 'Listening.' } },
  { route: 'POST /api/auth/profile', object: 'none', rule: members, body: {} },
  { route: 'POST /api/me/avatar', object: 'none', rule: membersRefused(406) },
  { route: 'DELETE /api/me/avatar', object: 'none', rule: members },
  { route: 'GET /api/me/onboarding', object: 'none', rule: members },
  { route: 'PUT /api/me/onboarding', object: 'none', rule: members, body: { step: 1 } },
  { route: 'GET /api/auth/providers', object: 'none', rule: anyone },
  { route: 'POST /api/auth/oauth/:provider', object: 'none', rule: always(400), body: {} },
  { route: 'GET /api/auth/callback/:provider', object: 'none', rule: always(404) },
  { route: 'POST /api/auth/callback/:provider', object: 'none', rule: always(404) },
  { route: 'GET /api/me/security', object: 'none', rule: members },
  {
    route: 'POST /api/me/password',
    object: 'none',
    rule: members,
    body: { currentPassword: '{password}', newPassword: 'Another-Horse-Battery-8' },
    fresh: true,
  },
  { route: 'POST /api/me/two-factor/enable', object: 'none', rule: members, body: { password: '{password}' }, fresh: true },
  { route: 'POST /api/me/two-factor/confirm', object: 'none', rule: membersRefused(400), body: { code: '123456' }, fresh: true },
  { route: 'POST /api/me/two-factor/disable', object: 'none', rule: members, body: { password: '{password}' }, fresh: true },
  {
    route: 'POST /api/me/two-factor/backup-codes',
    object: 'none',
    rule: membersRefused(400),
    body: { password: '{password}' },
    fresh: true,
  },
  { route: 'DELETE /api/me/sessions/:sessionId', object: 'session', rule: ownerOnly() },
  { route: 'GET /api/me/tokens', object: 'none', rule: members },
  {
    route: 'POST /api/me/tokens',
    object: 'none',
    rule: members,
    body: { name: 'Matrix script', scopes: ['read'], password: '{password}' },
  },
  { route: 'DELETE /api/me/tokens/:tokenId', object: 'accessToken', rule: ownerOnly() },
  {
    route: 'POST /api/me/sessions/sign-out-others',
    object: 'none',
    rule: members,
    body: { revokeAccessTokens: true },
    fresh: true,
  },
  { route: 'POST /api/me/connected-accounts/:provider', object: 'none', rule: membersRefused(400), body: {} },
  { route: 'DELETE /api/me/connected-accounts/:provider', object: 'none', rule: membersRefused(404) },
  { route: 'DELETE /api/me', object: 'none', rule: members, body: { password: '{password}' }, fresh: true },
  {
    route: 'PUT /api/me/username',
    object: 'none',
    rule: members,
    body: { username: '{newUsername}', password: '{password}' },
    fresh: true,
  },
  { route: 'POST /api/me/email', object: 'none', rule: members, body: { email: '{newEmail}', password: '{password}' }, fresh: true },
  { route: 'POST /api/me/email/confirm', object: 'none', rule: always(400), body: { token: 'not-a-token' } },
  { route: 'GET /api/me/settings', object: 'none', rule: members },
  { route: 'PATCH /api/me/settings', object: 'none', rule: members, body: {} },

  // Privacy, blocking and following
  { route: 'GET /api/me/visibility', object: 'none', rule: members },
  { route: 'PUT /api/me/visibility', object: 'none', rule: members, body: { visibility: 'public' }, fresh: true },
  { route: 'GET /api/me/follow-requests', object: 'none', rule: members },
  { route: 'PUT /api/me/follow-requests/:username', object: 'followRequest', rule: requestAnswer },
  { route: 'DELETE /api/me/follow-requests/:username', object: 'followRequest', rule: requestAnswer },
  { route: 'GET /api/me/blocked', object: 'none', rule: members },
  { route: 'GET /api/me/muted', object: 'none', rule: members },
  { route: 'GET /api/users/:username', object: 'profile', rule: profilePage },
  { route: 'PUT /api/users/:username/follow', object: 'profile', rule: toPerson({ self: 400 }) },
  { route: 'DELETE /api/users/:username/follow', object: 'profile', rule: toPerson({ self: 400 }) },
  { route: 'PUT /api/users/:username/block', object: 'profile', rule: toPerson({ self: 400, blockedFinds: true }) },
  { route: 'DELETE /api/users/:username/block', object: 'profile', rule: toPerson({ self: 400, blockedFinds: true }) },
  { route: 'PUT /api/users/:username/mute', object: 'profile', rule: toPerson({ self: 400 }) },
  { route: 'DELETE /api/users/:username/mute', object: 'profile', rule: toPerson({ self: 400, blockedFinds: true }) },
  { route: 'GET /api/users/:username/followers', object: 'profile', rule: profileTab() },
  { route: 'GET /api/users/:username/following', object: 'profile', rule: profileTab() },
  { route: 'GET /api/users/:username/ratings', object: 'profile', rule: profileTab() },
  { route: 'GET /api/users/:username/rating-distribution', object: 'profile', rule: profileTab() },
  { route: 'GET /api/users/:username/top-tracks', object: 'profile', rule: profileTab() },
  { route: 'GET /api/users/:username/compatibility', object: 'profile', rule: profileTab(404, { visitors: false }) },
  { route: 'GET /api/users/:username/collections', object: 'profile', rule: profileTab() },
  { route: 'GET /api/users/:username/year/:year', object: 'profile', rule: profileTab() },
  { route: 'GET /api/users/:username/year/:year/card.png', object: 'profile', rule: sharedCard },
  { route: 'GET /api/users/:username/listening-stats', object: 'profile', rule: profileTab() },
  { route: 'GET /api/users/:username/favourite-albums', object: 'profile', rule: profileTab() },
  { route: 'PUT /api/me/favourite-albums', object: 'none', rule: members, body: { albumIds: [] } },

  // Catalog, ratings and the library
  { route: 'GET /api/albums', object: 'none', rule: anyone },
  { route: 'POST /api/albums', object: 'none', rule: members, body: { title: 'Authz Tape', artist: 'Authz Band', year: 2020 } },
  { route: 'GET /api/albums/:albumId', object: 'album', rule: anyone },
  { route: 'GET /api/artists', object: 'none', rule: anyone },
  { route: 'GET /api/artists/:artistId', object: 'album', rule: anyone },
  { route: 'GET /api/genres', object: 'none', rule: anyone },
  { route: 'GET /api/discover', object: 'none', rule: anyone },
  { route: 'GET /api/charts', object: 'none', rule: anyone },
  { route: 'GET /api/search', object: 'none', rule: anyone, query: 'q=authz' },
  { route: 'GET /api/search/suggestions', object: 'none', rule: anyone, query: 'q=authz' },
  { route: 'GET /api/search/years', object: 'none', rule: anyone },
  { route: 'GET /api/site/landing', object: 'none', rule: anyone },
  { route: 'GET /api/site/stats', object: 'none', rule: anyone },
  { route: 'GET /api/image-proxy', object: 'none', rule: always(403), query: 'url=https%3A%2F%2Fexample.org%2Fa.jpg&sig=bad' },
  { route: 'GET /api/musicbrainz/release-groups', object: 'none', rule: anyone, query: 'q=authz' },
  { route: 'POST /api/musicbrainz/release-groups/:mbid', object: 'none', rule: membersRefused(503) },
  { route: 'GET /api/catalog/enrichment', object: 'none', rule: anyone },
  { route: 'GET /api/links/resolve', object: 'none', rule: anyone, query: 'text=Pink%20Floyd%20-%20Meddle' },
  { route: 'GET /api/albums/:albumId/me', object: 'album', rule: members },
  { route: 'PUT /api/albums/:albumId/like', object: 'album', rule: members },
  { route: 'DELETE /api/albums/:albumId/like', object: 'album', rule: members },
  { route: 'PUT /api/albums/:albumId/listen-later', object: 'album', rule: members },
  { route: 'DELETE /api/albums/:albumId/listen-later', object: 'album', rule: members },
  { route: 'GET /api/me/favorites', object: 'none', rule: members },
  // Genres and descriptors voted (decision 077): anyone reads them, members vote, moderators read who voted what.
  { route: 'GET /api/taxonomy', object: 'none', rule: anyone },
  { route: 'GET /api/genres/:genre', object: 'none', rule: anyone },
  { route: 'GET /api/descriptors/:descriptor', object: 'none', rule: anyone },
  { route: 'GET /api/albums/:albumId/genres', object: 'album', rule: anyone },
  {
    route: 'PUT /api/albums/:albumId/genre-votes',
    object: 'album',
    rule: members,
    body: { genre: 'post-rock', kind: 'primary', value: 1 },
  },
  { route: 'PUT /api/albums/:albumId/descriptor-votes', object: 'album', rule: members, body: { descriptor: 'melancholic', value: 1 } },
  { route: 'GET /api/albums/:albumId/vote-log', object: 'album', rule: moderators },
  { route: 'GET /api/me/listen-later', object: 'none', rule: members },
  { route: 'GET /api/albums/:albumId/editions', object: 'album', rule: anyone },
  { route: 'GET /api/albums/:albumId/ownership', object: 'album', rule: members },
  { route: 'PUT /api/albums/:albumId/ownership', object: 'album', rule: members, body: { status: 'owned', mediaType: 'Vinyl' } },
  { route: 'DELETE /api/albums/:albumId/ownership', object: 'album', rule: members },
  { route: 'GET /api/me/owned', object: 'none', rule: members },
  { route: 'PUT /api/albums/:albumId/rating', object: 'album', rule: members, body: { rating: 7 } },
  { route: 'DELETE /api/albums/:albumId/rating', object: 'album', rule: members },
  { route: 'PUT /api/albums/:albumId/tracks/:trackId/rating', object: 'album', rule: members, body: { rating: 7 } },
  { route: 'DELETE /api/albums/:albumId/tracks/:trackId/rating', object: 'album', rule: members },
  { route: 'GET /api/me/ratings', object: 'none', rule: members },
  { route: 'GET /api/me/journal', object: 'none', rule: members },
  { route: 'GET /api/me/journal/months', object: 'none', rule: members },
  { route: 'POST /api/me/journal', object: 'album', rule: members, body: { albumId: '{albumId}' } },
  { route: 'PATCH /api/me/journal/:entryId', object: 'journalEntry', rule: ownerOnly(), body: { note: 'Again.' } },
  { route: 'DELETE /api/me/journal/:entryId', object: 'journalEntry', rule: ownerOnly() },
  { route: 'GET /api/me/listens', object: 'none', rule: members },
  { route: 'DELETE /api/me/listens/:listenId', object: 'listen', rule: ownerOnly() },
  { route: 'GET /api/me/listening', object: 'none', rule: members },
  { route: 'GET /api/me/played-not-rated', object: 'none', rule: members },
  { route: 'GET /api/me/listening/forwarding', object: 'none', rule: members },
  // Forwarding is off in tests (they never reach the internet): each member is told so.
  {
    route: 'PUT /api/me/listening/forwarding',
    object: 'none',
    rule: membersRefused(403),
    body: { token: 'a-token', apiRoot: 'http://127.0.0.1:9' },
  },
  { route: 'DELETE /api/me/listening/forwarding', object: 'none', rule: members },
  { route: 'POST /api/imports/rym', object: 'none', rule: membersRefused(406) },
  { route: 'POST /api/imports/hearsay', object: 'none', rule: membersRefused(406) },
  { route: 'POST /api/imports/listens', object: 'none', rule: membersRefused(406) },
  // Last.fm is not set up on the test site: every member is told so.
  { route: 'POST /api/imports/lastfm', object: 'none', rule: membersRefused(404), body: { username: 'drwahl' } },
  { route: 'GET /api/imports/listens/options', object: 'none', rule: members },
  { route: 'GET /api/imports/latest', object: 'none', rule: members },
  { route: 'GET /api/imports/:importId', object: 'importJob', rule: ownerOnly() },
  { route: 'POST /api/me/exports', object: 'none', rule: evenSuspended, fresh: true },
  { route: 'GET /api/me/exports/latest', object: 'none', rule: evenSuspended },
  { route: 'GET /api/me/exports/:exportId', object: 'dataExport', rule: ownExport },
  { route: 'GET /api/me/exports/:exportId/download', object: 'dataExport', rule: ownExport },

  // Reviews and comments
  { route: 'GET /api/albums/:albumId/reviews', object: 'album', rule: anyone },
  { route: 'GET /api/albums/:albumId/circle', object: 'album', rule: anyone },
  { route: 'GET /api/albums/:albumId/lists', object: 'album', rule: anyone },
  // Reviews other sites sent: an empty page with federation off, like an album nobody elsewhere reviewed.
  { route: 'GET /api/albums/:albumId/remote-reviews', object: 'album', rule: anyone },
  { route: 'POST /api/albums/:albumId/reviews', object: 'album', rule: members, body: { rating: 8, content: LONG_REVIEW } },
  { route: 'GET /api/albums/:albumId/reviews/mine', object: 'album', rule: members },
  { route: 'PUT /api/albums/:albumId/reviews/draft', object: 'album', rule: members, body: { content: '<p>Half a thought</p>' } },
  { route: 'DELETE /api/albums/:albumId/reviews/draft', object: 'album', rule: members },
  { route: 'GET /api/reviews/:reviewId', object: 'review', rule: reads({ visitors: true }) },
  { route: 'PUT /api/reviews/:reviewId', object: 'review', rule: owns, body: { rating: 6, content: LONG_REVIEW } },
  { route: 'DELETE /api/reviews/:reviewId', object: 'review', rule: owns },
  { route: 'GET /api/reviews/:reviewId/revisions', object: 'review', rule: reads({ visitors: true }) },
  { route: 'PUT /api/reviews/:reviewId/like', object: 'review', rule: actsOn() },
  { route: 'DELETE /api/reviews/:reviewId/like', object: 'review', rule: actsOn() },
  { route: 'GET /api/reviews/:reviewId/comments', object: 'review', rule: reads({ visitors: true }) },
  { route: 'POST /api/reviews/:reviewId/comments', object: 'review', rule: actsOn(), body: { body: 'Well put.' } },
  { route: 'PUT /api/comments/:commentId', object: 'comment', rule: owns, body: { body: 'Better put.' } },
  { route: 'DELETE /api/comments/:commentId', object: 'comment', rule: owns },
  { route: 'GET /api/me/reviews', object: 'none', rule: members },
  { route: 'GET /api/me/liked-reviews', object: 'none', rule: members },

  // Collections
  { route: 'GET /api/collections', object: 'none', rule: anyone },
  { route: 'POST /api/collections', object: 'album', rule: members, body: { name: 'Authz Shelf', albumIds: ['{albumId}'] } },
  { route: 'GET /api/me/collections', object: 'none', rule: members },
  { route: 'GET /api/albums/:albumId/collections/mine', object: 'album', rule: members },
  { route: 'GET /api/collections/:collectionId', object: 'collection', rule: reads({ visitors: true }) },
  { route: 'PATCH /api/collections/:collectionId', object: 'collection', rule: ownsQuietly, body: { name: 'Renamed Shelf' } },
  { route: 'DELETE /api/collections/:collectionId', object: 'collection', rule: ownsQuietly },
  { route: 'POST /api/collections/:collectionId/albums', object: 'collection', rule: ownsQuietly, body: { albumId: '{otherAlbumId}' } },
  { route: 'PUT /api/collections/:collectionId/order', object: 'collection', rule: ownsQuietly, body: { albumIds: ['{albumId}'] } },
  {
    route: 'PUT /api/collections/:collectionId/albums/:albumId/note',
    object: 'collection',
    rule: ownsQuietly,
    body: { note: 'Side two.' },
  },
  { route: 'DELETE /api/collections/:collectionId/albums/:albumId', object: 'collection', rule: ownsQuietly },
  { route: 'PUT /api/collections/:collectionId/like', object: 'collection', rule: actsOn() },
  { route: 'DELETE /api/collections/:collectionId/like', object: 'collection', rule: actsOn() },

  // Federation: the test site has it off (FEDERATION=off), so every member is told there is nothing there.
  { route: 'GET /api/federation/people', object: 'none', rule: membersRefused(404), query: 'q=%40bob%40elsewhere.example' },
  { route: 'PUT /api/federation/people/:personId/follow', object: 'none', rule: membersRefused(404) },
  { route: 'DELETE /api/federation/people/:personId/follow', object: 'none', rule: membersRefused(404) },
  { route: 'PUT /api/federation/posts/:postId/like', object: 'none', rule: membersRefused(404) },
  { route: 'DELETE /api/federation/posts/:postId/like', object: 'none', rule: membersRefused(404) },
  { route: 'GET /api/federation/people/:personId', object: 'none', rule: membersRefused(404) },
  { route: 'PUT /api/federation/people/:personId/block', object: 'none', rule: membersRefused(404) },
  { route: 'DELETE /api/federation/people/:personId/block', object: 'none', rule: membersRefused(404) },
  // Settings lists them beside the members one blocked: with federation off, nobody.
  { route: 'GET /api/federation/blocked', object: 'none', rule: members },
  { route: 'GET /api/federation/requests', object: 'none', rule: membersRefused(404) },
  { route: 'PUT /api/federation/requests/:personId', object: 'none', rule: membersRefused(404), body: { accept: true } },
  // Admins only, and only with federation on: everyone else is told there is nothing there (the path's host is "unknown").
  { route: 'GET /api/federation/hosts', object: 'none', rule: membersRefused(404) },
  { route: 'PUT /api/federation/hosts/:host', object: 'none', rule: membersRefused(404), body: { policy: 'block' } },
  { route: 'DELETE /api/federation/hosts/:host', object: 'none', rule: membersRefused(404) },
  { route: 'GET /api/federation/deliveries', object: 'none', rule: membersRefused(404) },
  { route: 'POST /api/federation/deliveries/:host/retry', object: 'none', rule: membersRefused(404) },

  // Feed, notifications and messages
  { route: 'GET /api/feed', object: 'none', rule: members },
  { route: 'GET /api/feed/sidebar', object: 'none', rule: members },
  { route: 'GET /api/notifications', object: 'none', rule: members },
  { route: 'GET /api/notifications/unread-count', object: 'none', rule: members },
  { route: 'POST /api/notifications/read', object: 'none', rule: members, body: {} },
  // Push (decision 084): the site's key is public; a device is subscribed in one's own session, and only one's own is
  // removed (an endpoint that is not theirs is not found).
  { route: 'GET /api/push/key', object: 'none', rule: anyone },
  {
    route: 'POST /api/push/subscriptions',
    object: 'none',
    rule: members,
    body: {
      endpoint: 'https://push.example.com/push/matrix',
      keys: {
        p256dh: 'BCG8tuL5ESm2L6EPhVPfUPQL5i2kY30ca-CS5ksKkiqatavrwfBMRABe9xA0AoV9eQWOJR3RApYcE7ojv_6VsJw',
        auth: 'OcZ_55OSZsigPO8uoO5ZMg',
      },
    },
  },
  {
    route: 'DELETE /api/push/subscriptions',
    object: 'none',
    rule: membersRefused(404),
    body: { endpoint: 'https://push.example.com/push/never-subscribed' },
  },
  { route: 'GET /api/notifications/unsubscribe', object: 'none', rule: always(400), query: 'u=bad&t=newFollowers&sig=bad' },
  { route: 'POST /api/notifications/unsubscribe', object: 'none', rule: always(400), query: 'u=bad&t=newFollowers&sig=bad' },
  { route: 'GET /api/conversations', object: 'none', rule: members },
  { route: 'GET /api/conversations/unread', object: 'none', rule: members },
  { route: 'POST /api/conversations', object: 'profile', rule: startsConversation, body: { username: '{username}' } },
  { route: 'GET /api/conversations/:conversationId', object: 'conversation', rule: ownerOnly(true) },
  { route: 'GET /api/conversations/:conversationId/messages', object: 'conversation', rule: ownerOnly(true) },
  {
    route: 'POST /api/conversations/:conversationId/messages',
    object: 'conversation',
    rule: ownerOnly(true),
    body: { body: 'Hello there.' },
  },
  { route: 'POST /api/conversations/:conversationId/read', object: 'conversation', rule: ownerOnly(true) },

  // Reports, standing and moderation
  {
    route: 'POST /api/reports',
    object: 'album',
    rule: members,
    body: { subjectType: 'album', subjectId: '{albumId}', reason: 'wrong_data' },
  },
  { route: 'GET /api/me/standing', object: 'none', rule: evenSuspended },
  {
    route: 'PUT /api/me/standing/warnings/:warningId',
    object: 'warning',
    rule: (role) => (role === 'visitor' ? 401 : role === 'owner' ? 'ok' : 404),
  },
  { route: 'GET /api/moderation/access', object: 'none', rule: members },
  { route: 'GET /api/moderation/reports', object: 'none', rule: moderators },
  {
    route: 'POST /api/moderation/decisions',
    object: 'candidate',
    rule: moderators,
    body: { subjectType: 'profile', subjectId: '{candidateId}', action: 'dismiss', reason: 'Nothing wrong' },
  },
  { route: 'GET /api/moderation/audit', object: 'none', rule: moderators },
  { route: 'GET /api/moderation/health', object: 'none', rule: moderators },
  { route: 'GET /api/moderation/pending-albums', object: 'none', rule: moderators },
  { route: 'GET /api/moderation/moderators', object: 'none', rule: admins },
  { route: 'PUT /api/moderation/moderators/:username', object: 'candidate', rule: admins },
  { route: 'DELETE /api/moderation/moderators/:username', object: 'candidate', rule: admins },

  // Keeping the catalog clean (decision 080)
  { route: 'GET /api/curation/access', object: 'none', rule: members },
  { route: 'GET /api/curation/duplicates', object: 'none', rule: moderators },
  {
    route: 'POST /api/curation/duplicates/dismissals',
    object: 'albumPair',
    rule: moderators,
    body: { albumIds: ['{survivorId}', '{retiredId}'] },
  },
  {
    route: 'POST /api/curation/merges',
    object: 'albumPair',
    rule: curatorsOnce,
    body: { survivorId: '{survivorId}', retiredId: '{retiredId}' },
  },
  { route: 'GET /api/curation/merges', object: 'none', rule: moderators },
  { route: 'POST /api/curation/merges/:mergeId/undo', object: 'merge', rule: curatorsOnce },
  {
    route: 'POST /api/albums/:albumId/corrections',
    object: 'album',
    rule: members,
    body: { field: 'title', value: 'Matrix Corrected Title' },
  },
  { route: 'GET /api/curation/corrections', object: 'none', rule: moderators },
  {
    route: 'POST /api/curation/corrections/:correctionId/decision',
    object: 'correction',
    rule: curatorsOnce,
    body: { accept: false, reason: 'Matrix: not so' },
  },
  { route: 'GET /api/curation/editors', object: 'none', rule: moderators },
  { route: 'PUT /api/curation/editors/:username', object: 'candidate', rule: moderators },
  { route: 'DELETE /api/curation/editors/:username', object: 'candidate', rule: moderators },
];

// --- Staff over staff ------------------------------------------------------------------------------------------

/**
 * Who may warn, suspend or ban whom (`POST /api/moderation/decisions` on a profile): the rows of the matrix above in
 * which the object is a person of the staff. Nobody sanctions an admin (ADMIN_EMAILS); only an admin sanctions a
 * moderator. `authorization.test.ts` tries every cell with each of the three sanctions, on a fresh person each time.
 */
export const SANCTIONERS = ['moderator', 'admin'] as const;
export const SANCTIONED = ['member', 'moderator', 'admin'] as const;
export const SANCTIONS = ['warn', 'suspend', 'ban'] as const;
export const sanctionAnswer = (by: (typeof SANCTIONERS)[number], whom: (typeof SANCTIONED)[number]): Answer =>
  whom === 'admin' || (whom === 'moderator' && by !== 'admin') ? 403 : 'ok';

// --- Rendering ---------------------------------------------------------------------------------------------------

const SHOWN: Record<string, string> = { ok: '✓' };
const show = (answer: Answer) => SHOWN[String(answer)] ?? String(answer);

/** The matrix as the Markdown table docs/SECURITY.md carries. */
export function renderMatrix(): string {
  const lines = [`| Route | Object (states) | ${ROLES.join(' | ')} |`, `| --- | --- | ${ROLES.map(() => '---').join(' | ')} |`];
  for (const row of MATRIX) {
    const states = OBJECTS[row.object] as readonly State[];
    const object = row.object === 'none' || row.object === 'candidate' ? '–' : `${row.object} (${states.join(', ')})`;
    const cells = ROLES.map((role) => states.map((state) => show(row.rule(role, state))).join(' '));
    lines.push(`| \`${row.route}\` | ${object} | ${cells.join(' | ')} |`);
  }
  lines.push(
    '',
    `Warning, suspending or banning (\`${SANCTIONS.join('`, `')}\`) a member of the staff, by whom (rows) and whom (columns):`,
    '',
    `| By | ${SANCTIONED.join(' | ')} |`,
    `| --- | ${SANCTIONED.map(() => '---').join(' | ')} |`,
    ...SANCTIONERS.map((by) => `| ${by} | ${SANCTIONED.map((whom) => show(sanctionAnswer(by, whom))).join(' | ')} |`),
  );
  return lines.join('\n');
}

export const MATRIX_START = '<!-- authorization-matrix:start -->';
export const MATRIX_END = '<!-- authorization-matrix:end -->';
