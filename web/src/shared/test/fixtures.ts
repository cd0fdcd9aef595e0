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
