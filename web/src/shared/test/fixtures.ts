import type { CurrentUser } from '@hearsay/contracts/accounts';
import type { AlbumCard } from '@hearsay/contracts/catalog';

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
