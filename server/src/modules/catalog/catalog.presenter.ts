import {
  halfStepDistribution,
  roundRating,
  type AlbumCard,
  type AlbumDetail,
  type ArtistCard,
  type ExternalLink,
  type ReleaseType,
  type Track,
} from '@hearsay/contracts/catalog';
import { paths } from '@hearsay/contracts/paths';
import type { AlbumRow, TrackRow } from '../../db/schema.ts';
import type { HydratedAlbum } from './albums.repository.ts';
import type { ArtistSummaryRow } from './artists.repository.ts';

/** Row -> contract shapes. The only way catalog data leaves the server. */

const CARD_GENRES = 3;

function coverVersion(hydrated: HydratedAlbum): string {
  // Changes when the cached cover appears, so browsers drop a generated cover they kept.
  return hydrated.album.cover_status === 'cached' ? 'c' : 'g';
}

export function presentAlbumCard(hydrated: HydratedAlbum, viewerRating: number | null = null): AlbumCard {
  const { album } = hydrated;
  return {
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
    coverUrl: paths.albumCover(album.id, coverVersion(hydrated)),
    genres: hydrated.genres
      .filter((genre) => genre.kind === 'genre')
      .slice(0, CARD_GENRES)
      .map(({ slug, name }) => ({ slug, name })),
    averageRating: roundRating(album.rating_average),
    ratingCount: album.rating_count,
    reviewCount: album.review_count,
    viewerRating,
  };
}

function presentTrack(row: Pick<TrackRow, 'disc' | 'position' | 'title' | 'duration_ms'>): Track {
  return { disc: row.disc, position: row.position, title: row.title, durationMs: row.duration_ms };
}

export function presentAlbumDetail(
  hydrated: HydratedAlbum<AlbumRow>,
  tracks: readonly Pick<TrackRow, 'disc' | 'position' | 'title' | 'duration_ms'>[],
  distribution: ReadonlyMap<number, number>,
  viewerRating: number | null,
): AlbumDetail {
  const card = presentAlbumCard(hydrated, viewerRating);
  return {
    ...card,
    // The album page lists every genre and style, not only the three a card has room for.
    genres: hydrated.genres.map(({ slug, name }) => ({ slug, name })),
    label: hydrated.album.label,
    catalogueNumber: hydrated.album.catalogue_number,
    secondaryTypes: parseJsonArray<string>(hydrated.album.secondary_types),
    description: hydrated.album.description,
    mbid: hydrated.album.mbid,
    likeCount: hydrated.album.like_count,
    tracks: tracks.map(presentTrack),
    totalDurationMs: totalDuration(tracks),
    links: parseJsonArray<ExternalLink>(hydrated.album.links),
    ratingDistribution: halfStepDistribution(distribution),
  };
}

export function presentArtistCard(artist: ArtistSummaryRow): ArtistCard {
  return {
    id: artist.id,
    slug: artist.slug,
    name: artist.name,
    imageUrl: paths.artistImage(artist.id),
    genres: artist.genres,
    averageRating: artist.ratingCount > 0 ? roundRating(artist.ratingSum / artist.ratingCount) : null,
    albumCount: artist.albumCount,
  };
}

/** A JSON array column (links, members, secondary types); anything unreadable reads as empty rather than failing a page. */
export function parseJsonArray<T>(value: string | null | undefined): T[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

function totalDuration(tracks: readonly Pick<TrackRow, 'duration_ms'>[]): number | null {
  if (tracks.length === 0 || tracks.some((track) => track.duration_ms === null)) return null;
  return tracks.reduce((sum, track) => sum + (track.duration_ms ?? 0), 0);
}

/** The year of a MusicBrainz partial date ("1973", "1973-03", "1973-03-01"). */
export function yearOf(date: string | null | undefined): number | null {
  const year = date ? Number.parseInt(date.slice(0, 4), 10) : Number.NaN;
  return Number.isFinite(year) ? year : null;
}
