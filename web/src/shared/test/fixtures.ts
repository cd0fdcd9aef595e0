import type { CurrentUser } from '@hearsay/contracts/accounts';
import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { SearchResult } from '@hearsay/contracts/search';
import type { MemberSettings } from '@hearsay/contracts/settings';

/** An album as lists and cards receive it from the API; give only what a test is about. */
export function albumCard(fields: Partial<AlbumCard> & Pick<AlbumCard, 'id' | 'title'>): AlbumCard {
  return {
    slug: fields.id,
    artistCredit: 'Miles Davis',
    artists: [],
    releaseDate: '1959-08-17',
    releaseYear: 1959,
    releaseType: 'album',
    coverUrl: `/covers/${fields.id}.jpg`,
    genres: [],
    averageRating: null,
    ratingCount: 0,
    reviewCount: 0,
    viewerRating: null,
    ...fields,
  };
}

/** The signed-in person as the session endpoint gives them; give only what a test is about. */
export function currentUser(fields: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    name: 'Ana Lima',
    username: 'ana',
    email: 'ana@example.com',
    avatarUrl: null,
    bio: '',
    onboardingCompleted: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** A member's settings as a new account has them (the language not chosen yet); give only what a test is about. */
export function memberSettings(fields: Partial<MemberSettings> = {}): MemberSettings {
  return {
    notifications: {
      email: { newFollowers: true, weeklyDigest: true },
      push: false,
      about: { newFollowers: true, reviewComments: true, commentReplies: true, mentions: true, recommendations: false },
    },
    messages: { allowFrom: 'connections' },
    sharing: { listening: true, ratings: true, reviews: true },
    appearance: { theme: 'system', language: null },
    ...fields,
  };
}

/** Search results that found nothing, as the API answers them; give only what a test is about. */
export function searchResult(fields: Partial<SearchResult> = {}): SearchResult {
  return {
    q: '',
    type: 'albums',
    counts: { albums: 0, artists: 0, users: 0, collections: 0 },
    more: { albums: false, artists: false, users: false, collections: false },
    albums: [],
    artists: [],
    users: [],
    remoteUsers: [],
    collections: [],
    page: 1,
    limit: 24,
    total: 0,
    totalPages: 1,
    ...fields,
  };
}
