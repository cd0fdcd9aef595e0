import type { ExternalLink, ReleaseType } from '@hearsay/contracts/catalog';
import type {
  MbCredit,
  MbRelease,
  MbReleaseGroup,
  MbReleaseGroupHit,
  MbReleaseGroupSummary,
  MbReleaseSummary,
} from '../../platform/musicbrainz/types.ts';
import { matchKey, titleMatchKey } from '../../platform/text.ts';
import type { CatalogEntry } from './catalog-writer.ts';
import { yearOf, type Credit } from './normalise.ts';

/**
 * From MusicBrainz's shapes to the catalog's: release types, the most representative release of a release group,
 * the CatalogEntry the catalog writer adds, and the strict rule by which an album of the catalog is taken to be a
 * release group of MusicBrainz.
 */

/** The catalog's one release type for MusicBrainz's primary type and secondary types. */
export function musicbrainzReleaseType(primaryType: string | null, secondaryTypes: readonly string[]): ReleaseType {
  const secondary = new Set(secondaryTypes.map((type) => type.toLowerCase()));
  // A live album, a soundtrack or a compilation is shelved as such, whatever its primary type.
  if (secondary.has('live')) return 'live';
  if (secondary.has('soundtrack')) return 'soundtrack';
  if (secondary.has('compilation')) return 'compilation';
  if (secondary.has('remix') || secondary.has('dj-mix')) return 'remix';
  switch (primaryType?.toLowerCase()) {
    case 'album':
      return 'album';
    case 'ep':
      return 'ep';
    case 'single':
      return 'single';
    default:
      return 'other';
  }
}

/** "Simon & Garfunkel": the credit as printed. */
export function creditTextOf(credits: readonly MbCredit[]): string {
  return credits
    .map((credit) => `${credit.name}${credit.joinPhrase}`)
    .join('')
    .trim();
}

const FORMAT_RANK = (format: string | null): number => {
  const value = (format ?? '').toLowerCase();
  if (value === 'cd') return 0;
  if (value.includes('vinyl')) return 1;
  if (value === 'digital media') return 2;
  return 3;
};

/**
 * The release whose tracklist and label stand for the release group: an official release, the earliest, then the
 * track count most official releases share (so a bonus-track edition does not win), then CD, vinyl, digital.
 */
export function representativeRelease(releases: readonly MbReleaseSummary[]): MbReleaseSummary | null {
  const withTracks = releases.filter((release) => release.trackCount > 0);
  const official = withTracks.filter((release) => release.status === 'Official');
  const pool = official.length ? official : withTracks;
  if (!pool.length) return releases[0] ?? null;
  const counts = new Map<number, number>();
  for (const release of pool) counts.set(release.trackCount, (counts.get(release.trackCount) ?? 0) + 1);
  const usual = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  return [...pool].sort(
    (a, b) =>
      (a.date ?? '9999').slice(0, 4).localeCompare((b.date ?? '9999').slice(0, 4)) ||
      Number(b.trackCount === usual) - Number(a.trackCount === usual) ||
      FORMAT_RANK(a.formats[0] ?? null) - FORMAT_RANK(b.formats[0] ?? null) ||
      // A full date before a bare year of the same year: "1973-03-24" is more likely the first than "1973".
      (a.date ?? '9999').padEnd(10, '~').localeCompare((b.date ?? '9999').padEnd(10, '~')) ||
      a.mbid.localeCompare(b.mbid),
  )[0]!;
}

/** Links of the release group and its release, one per service, the release group's first. */
function mergeLinks(...lists: readonly ExternalLink[][]): ExternalLink[] {
  const seen = new Set<string>();
  return lists.flat().filter((link) => !seen.has(link.service) && seen.add(link.service));
}

function catalogCredits(credits: readonly MbCredit[]): Credit[] {
  return credits.map((credit) => ({
    name: credit.name,
    joinPhrase: credit.joinPhrase,
    // The artist's own name (when credited otherwise) and every alias: imports and search find it by any of them.
    aliases: [...new Set([credit.artist.name, ...credit.artist.aliases])].filter((name) => name && name !== credit.name),
  }));
}

/** What the catalog adds for a release group, with the tracklist and label of its representative release. */
export function entryFromReleaseGroup(group: MbReleaseGroup, release: MbRelease | null): CatalogEntry {
  const credits = group.credits.length ? group.credits : (release?.credits ?? []);
  const label = release?.labels.find((info) => info.name) ?? null;
  return {
    title: group.title,
    credits: catalogCredits(credits),
    releaseDate: group.firstReleaseDate ?? release?.date ?? null,
    releaseType: musicbrainzReleaseType(group.primaryType, group.secondaryTypes),
    rawGenres: [],
    label: label?.name ?? null,
    catalogueNumber: release?.labels.find((info) => info.catalogueNumber)?.catalogueNumber ?? null,
    secondaryTypes: group.secondaryTypes,
    links: mergeLinks(group.links, release?.links ?? []),
    description: null,
    mbid: group.mbid,
    artistMbids: credits.map((credit) => credit.artist.mbid),
    discogsMasterId: group.discogsMasterIds[0] ?? null,
    tracks: (release?.media ?? []).flatMap((medium) =>
      medium.tracks.map((track) => ({ disc: medium.position, position: track.position, title: track.title, durationMs: track.lengthMs })),
    ),
    source: 'musicbrainz',
  };
}

export interface LocalAlbum {
  artistCredit: string;
  title: string;
  year: number | null;
}

export type Resolution =
  { outcome: 'resolved'; mbid: string } | { outcome: 'ambiguous'; candidates: MbReleaseGroupSummary[] } | { outcome: 'not_found' };

/** Every spelling the release group's credit goes by: as printed, with the artists' own names, with their aliases. */
function creditKeys(credits: readonly MbCredit[]): Set<string> {
  const keys = new Set([matchKey(creditTextOf(credits))]);
  keys.add(matchKey(credits.map((credit) => `${credit.artist.name}${credit.joinPhrase}`).join('')));
  if (credits.length === 1) for (const alias of credits[0]!.artist.aliases) keys.add(matchKey(alias));
  return keys;
}

/**
 * The strict rule: a release group is this album when its artist credit (as printed, by the artists' names or, for one
 * artist, an alias) and its title normalise the same, and its year is within one of the album's. One such release
 * group resolves the album; several leave it for a person (never a guess); none, not found.
 */
export function resolveByArtistAndTitle(album: LocalAlbum, hits: readonly MbReleaseGroupHit[]): Resolution {
  const artist = matchKey(album.artistCredit);
  const titles = new Set([matchKey(album.title), titleMatchKey(album.title)]);
  const matches = hits.filter((hit) => {
    if (!creditKeys(hit.credits).has(artist)) return false;
    if (!titles.has(matchKey(hit.title)) && !titles.has(titleMatchKey(hit.title))) return false;
    const year = yearOf(hit.firstReleaseDate);
    return album.year === null || year === null || Math.abs(year - album.year) <= 1;
  });
  const unique = [...new Map(matches.map((hit) => [hit.mbid, hit])).values()];
  if (unique.length === 1) return { outcome: 'resolved', mbid: unique[0]!.mbid };
  if (unique.length > 1) return { outcome: 'ambiguous', candidates: unique };
  return { outcome: 'not_found' };
}
