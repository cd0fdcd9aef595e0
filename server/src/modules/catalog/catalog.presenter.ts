import {
  halfStepDistribution,
  roundRating,
  type AlbumDetail,
  type ArtistCard,
  type ExternalLink,
  type Track,
} from '@hearsay/contracts/catalog';
import { paths } from '@hearsay/contracts/paths';
import type { AlbumRow, TrackRow } from '../../db/schema.ts';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import type { AlbumWithCredits } from '../../hydration/hydrator.ts';
import type { ArtistSummaryRow } from './artists.repository.ts';

/** Row -> contract shapes: the album page and artists (an album's card: hydration/albums.presenter.ts). */

type PageTrackRow = Pick<TrackRow, 'id' | 'disc' | 'position' | 'title' | 'duration_ms' | 'rating_count' | 'rating_sum'>;

/** A track of the album page, everyone's side (the viewer's own rating is added per request). */
function presentTrack(row: PageTrackRow): Track {
  const count = Number(row.rating_count);
  return {
    id: row.id,
    disc: row.disc,
    position: row.position,
    title: row.title,
    durationMs: row.duration_ms,
    averageRating: count > 0 ? roundRating(Number(row.rating_sum) / count) : null,
    ratingCount: count,
    viewerRating: null,
  };
}

export function presentAlbumDetail(
  hydrated: AlbumWithCredits<AlbumRow>,
  tracks: readonly PageTrackRow[],
  distribution: ReadonlyMap<number, number>,
  viewerRating: number | null,
): AlbumDetail {
  const card = presentAlbumCard({ ...hydrated, viewerRating });
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
