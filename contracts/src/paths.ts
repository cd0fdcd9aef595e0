import type { ChartSliceParams } from './catalog.ts';

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

/**
 * The one address of a chart slice: `/trending` with the parts that differ from the defaults (week, everyone, page 1),
 * always in the same order, so that every way of asking for a slice shares one canonical address.
 */
export function chartPermalink(slice: ChartSliceParams): string {
  const parts: [string, string | number | undefined][] = [
    ['period', slice.period && slice.period !== 'week' ? slice.period : undefined],
    ['year', slice.year],
    ['decade', slice.decade],
    ['genre', slice.genre],
    ['descriptor', slice.descriptor],
    ['country', slice.country?.toUpperCase()],
    ['type', slice.type],
    ['scope', slice.scope && slice.scope !== 'everyone' ? slice.scope : undefined],
    ['page', slice.page && slice.page > 1 ? slice.page : undefined],
  ];
  const query = parts
    .filter((part): part is [string, string | number] => part[1] !== undefined && part[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `/trending?${query}` : '/trending';
}
