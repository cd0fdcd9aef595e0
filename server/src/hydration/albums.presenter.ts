import { roundRating, type AlbumCard, type ReleaseType } from '@hearsay/contracts/catalog';
import { paths } from '@hearsay/contracts/paths';
import type { AlbumWithCredits, HydratedAlbum } from './hydrator.ts';
import { presented } from './presented.ts';

/** The one place an album becomes a card: search, lists, the feed, reviews, collections, charts, the library. */

const CARD_GENRES = 3;

/** An album's cover; its version changes when the cached cover appears, so browsers drop a generated cover they kept. */
export const albumCoverUrl = (album: { id: string; cover_status: string }): string =>
  paths.albumCover(album.id, album.cover_status === 'cached' ? 'c' : 'g');

export function presentAlbumCard(hydrated: AlbumWithCredits & { viewerRating: number | null }): AlbumCard {
  const { album } = hydrated;
  return presented({
    id: album.id,
    slug: album.slug,
    title: album.title,
    artistCredit: album.artist_credit,
    artists: hydrated.credits.map((credit) => ({
      id: credit.artist_id,
      slug: credit.slug,
      name: credit.credited_name,
      joinPhrase: credit.join_phrase,
    })),
    releaseDate: album.release_date,
    releaseYear: album.release_year,
    releaseType: album.release_type as ReleaseType,
    coverUrl: albumCoverUrl(album),
    genres: hydrated.genres
      .filter((genre) => genre.kind === 'genre')
      .slice(0, CARD_GENRES)
      .map(({ slug, name }) => ({ slug, name })),
    averageRating: roundRating(album.rating_average),
    ratingCount: album.rating_count,
    reviewCount: album.review_count,
    viewerRating: hydrated.viewerRating,
  });
}

/** The cards of `ids`, in that order; an id whose album is gone or not shown is left out. */
export function presentAlbumCards(ids: readonly string[], albums: ReadonlyMap<string, HydratedAlbum>): AlbumCard[] {
  return ids.flatMap((id) => {
    const album = albums.get(id);
    return album ? [presentAlbumCard(album)] : [];
  });
}
