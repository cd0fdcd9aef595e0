import type { AlbumEdition } from '@hearsay/contracts/editions';
import type { MbReleaseSummary } from '../../platform/musicbrainz/types.ts';
import type { EditionRow } from './editions.repository.ts';

/**
 * The media of a release, counted, in the order they first appear: ["12\" Vinyl", "12\" Vinyl"] → `2×12" Vinyl`,
 * ["CD", "DVD"] → `CD + DVD`. Media MusicBrainz has no format for are left out; none known: null.
 */
export function formatOf(formats: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const format of formats) if (format) counts.set(format, (counts.get(format) ?? 0) + 1);
  if (counts.size === 0) return null;
  return [...counts].map(([format, count]) => (count > 1 ? `${count}×${format}` : format)).join(' + ');
}

/** Earliest first, a bare year after the full dates of that year; undated last. */
const dateKey = (date: string | null) => (date ?? '9999').padEnd(10, '~');

/**
 * The releases of a release group as the album's editions, in the order shown. Pseudo-releases (a tracklist
 * translated or transliterated, not a copy anyone holds) are left out.
 */
export function editionRows(releases: readonly MbReleaseSummary[]) {
  return releases
    .filter((release) => release.status !== 'Pseudo-Release')
    .sort(
      (a, b) =>
        dateKey(a.date).localeCompare(dateKey(b.date)) ||
        (a.country ?? '~').localeCompare(b.country ?? '~') ||
        a.mbid.localeCompare(b.mbid),
    )
    .map((release, position) => ({
      release_mbid: release.mbid,
      position,
      title: release.title,
      status: release.status,
      country: release.country,
      date: release.date,
      format: formatOf(release.formats),
      track_count: release.trackCount,
      labels: JSON.stringify(release.labels.filter((label) => label.name || label.catalogueNumber)),
    }));
}

export function presentEdition(row: EditionRow): AlbumEdition {
  let labels: AlbumEdition['labels'];
  try {
    labels = JSON.parse(row.labels) as AlbumEdition['labels'];
  } catch {
    labels = [];
  }
  return {
    mbid: row.release_mbid,
    title: row.title,
    status: row.status,
    country: row.country,
    date: row.date,
    format: row.format,
    trackCount: row.track_count,
    labels,
  };
}
