/** Route path builders shared by the web app and the server (links, redirects, e-mails, Open Graph). */
export const paths = {
  home: () => '/',
  album: (slug: string) => `/album/${encodeURIComponent(slug)}`,
  artist: (slug: string) => `/artist/${encodeURIComponent(slug)}`,
  profile: (username: string) => `/profile/${encodeURIComponent(username)}`,
  /** A person of another site, as this site knows them. */
  remotePerson: (id: string) => `/people/remote/${encodeURIComponent(id)}`,
  /** A member's year in review (the profile's yearly summary). */
  yearInReview: (username: string, year: number) => `/profile/${encodeURIComponent(username)}/year/${year}`,
  list: (id: string) => `/lists/${encodeURIComponent(id)}`,
  review: (id: string) => `/review/${encodeURIComponent(id)}`,
  /** Messages, or one conversation in them. */
  messages: (conversationId?: string) => (conversationId ? `/messages/${encodeURIComponent(conversationId)}` : '/messages'),
  explore: (filters: { genre?: string; decade?: number; type?: string; sort?: string } = {}) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
    const search = query.toString();
    return search ? `/explore?${search}` : '/explore';
  },
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  login: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  register: () => '/register',
  /** A tab of Settings (account, security, notifications, privacy, connected…). */
  settings: (tab?: string) => (tab ? `/settings?tab=${encodeURIComponent(tab)}` : '/settings'),
  albumCover: (albumId: string, version?: string) => `/covers/albums/${albumId}${version ? `?v=${version}` : ''}`,
  /** The same cover at a size the Cover Art Archive has a thumbnail for (250 or 500 px). */
  sizedCover: (coverUrl: string, size: 250 | 500) => `${coverUrl}${coverUrl.includes('?') ? '&' : '?'}size=${size}`,
  artistImage: (artistId: string) => `/covers/artists/${artistId}`,
  /** The community rules in the terms of service: what a moderator's decision refers to. */
  communityRules: () => '/terms#community-rules',
  /** The OpenAPI documentation of every endpoint. */
  apiDocs: () => '/api/docs',
  /** The page for members' own tools: tokens, scopes, limits and examples. */
  developers: () => '/api',
} as const;
