import type { ImportSummary } from '@hearsay/contracts/imports';
import type { ClientOrigin } from '../../platform/http/client-origin.ts';
import { matchKey, matchWords, titleMatchKey } from '../../platform/text.ts';
import type { CatalogEntry, CatalogService } from '../catalog/catalog.service.ts';

const DAY_MS = 24 * 60 * 60_000;

/** An album an import names: the artist and title (every spelling of each), its year. */
export interface WantedAlbum {
  artistNames: string[];
  titles: string[];
  year: number | null;
}

/** What adding a missing album needs besides: the credited artists with their other spellings, the MusicBrainz id. */
export interface NewAlbum extends WantedAlbum {
  /** `joinPhrase`: what follows the name in the credit as written, when known (", ", " & "…). */
  credits: { name: string; aliases: string[]; joinPhrase?: string }[];
  mbid?: string | null;
}

type Candidate = { id: string; year: number | null };
export type FoundAlbum = { id: string; created: boolean };

export const emptySummary = (): ImportSummary => ({
  ratingsImported: 0,
  reviewsImported: 0,
  reviewsKept: 0,
  drafts: [],
  listenLater: 0,
  matched: 0,
  created: 0,
  unchanged: 0,
  skipped: 0,
  skippedRows: [],
  journalImported: 0,
  trackRatingsImported: 0,
  collectionsImported: 0,
  albumLikes: 0,
  favouriteAlbums: 0,
  followsSkipped: 0,
  remoteFollowsAsked: 0,
  remoteFollowsOff: 0,
  commentsSkipped: 0,
  likesSkipped: 0,
  listensImported: 0,
  listensUnchanged: 0,
  lovedTracks: 0,
  lovedNotFound: 0,
});

/**
 * The album of the row's year among the candidates. Failing that, a different year never decides between several
 * (Peter Gabriel's four albums called "Peter Gabriel"); the one candidate matches when its year is within one of the
 * row's (a release dated differently) or either year is unknown. A row without a year takes the earliest.
 */
function byYear(year: number | null, found: readonly Candidate[]): Candidate | null {
  const candidates = [...new Map(found.map((album) => [album.id, album])).values()];
  if (year === null) return [...candidates].sort((a, b) => (a.year ?? 0) - (b.year ?? 0))[0] ?? null;
  const same = candidates.find((album) => album.year === year);
  if (same) return same;
  const [only] = candidates;
  if (candidates.length !== 1 || !only) return null;
  return only.year === null || Math.abs(only.year - year) <= 1 ? only : null;
}

/** Whether two credits name the same artists but for names left out on one side: every word of one is in the other. */
function sameArtists(one: readonly string[], other: readonly string[]): boolean {
  const [fewer, more] = one.length <= other.length ? [one, new Set(other)] : [other, new Set(one)];
  return fewer.length > 0 && fewer.every((word) => more.has(word));
}

export interface AlbumMatchingDeps {
  clock: () => Date;
  catalog: CatalogService;
  /** Albums new to the catalog that one import, and one person's imports in 24 hours, may add. */
  limits: { newAlbumsPerImport: number; newAlbumsPerDay: number };
}

export type AlbumMatching = ReturnType<typeof createAlbumMatching>;

/**
 * Finding an import's albums in the catalog by artist, title and year, and adding those it lacks within the limits:
 * the same for a RateYourMusic CSV and a Hearsay export (decision 010).
 */
export function createAlbumMatching(deps: AlbumMatchingDeps) {
  const { catalog } = deps;

  /**
   * Each row's album: first by the key of artist and title (every spelling of both), then, for rows not found so,
   * by the title without its parenthesised or bracketed parts under an artist credited with fewer or more names
   * ("Bowie" / "David Bowie", "Lou Reed / Metallica" / "Lou Reed & Metallica"). Among the candidates, the release
   * year decides (see `byYear`).
   */
  async function findAlbums<T extends WantedAlbum>(userId: string, rows: readonly T[]) {
    const keysOf = (row: T) => row.artistNames.flatMap((artist) => row.titles.map((title) => catalog.albumMatchKey(artist, title)));
    const found = await catalog.albumsByMatchKey([...new Set(rows.flatMap(keysOf))]);
    const byKey = new Map<string, Candidate[]>();
    for (const album of found)
      byKey.set(album.match_key, [...(byKey.get(album.match_key) ?? []), { id: album.id, year: album.release_year }]);
    const albumOf = new Map<T, FoundAlbum>();
    for (const row of rows) {
      const best = byYear(
        row.year,
        keysOf(row).flatMap((key) => byKey.get(key) ?? []),
      );
      if (best) albumOf.set(row, { id: best.id, created: false });
    }

    const titleKeysOf = (row: T) => [...new Set(row.titles.map(titleMatchKey))];
    const unfound = rows.filter((row) => !albumOf.has(row));
    const similar = await catalog.albumsByTitleKey([...new Set(unfound.flatMap(titleKeysOf))]);
    for (const row of unfound) {
      const keys = titleKeysOf(row);
      const artists = row.artistNames.map(matchWords);
      const candidates = similar.filter(
        (album) => keys.includes(album.title_key) && artists.some((words) => sameArtists(words, matchWords(album.artist_credit))),
      );
      const best = byYear(
        row.year,
        candidates.map((album) => ({ id: album.id, year: album.release_year })),
      );
      if (best) albumOf.set(row, { id: best.id, created: false });
    }
    return { albumOf };
  }

  /**
   * The member vouches for the pending albums among those their import found; enough independent members with
   * standing confirm one (decision 058). `origin`: where the import was started.
   */
  async function vouchFound(userId: string, albumIds: Iterable<string>, origin: ClientOrigin | undefined) {
    await catalog.vouchForAlbums(userId, [...new Set(albumIds)], origin);
  }

  /**
   * Adds the albums of rows not found, as the catalog's imported albums (pending until confirmed), within the limits;
   * rows naming one album (artist, title and year) add it once. A row that cannot be added is skipped with the reason.
   */
  async function addAlbums<T extends NewAlbum>(
    userId: string,
    missing: readonly T[],
    summary: ImportSummary,
    skip: (row: T, reason: string) => void,
    albumOf: Map<T, FoundAlbum>,
    origin?: ClientOrigin,
  ) {
    if (!missing.length) return;
    // A new album goes under an artist the catalog already has, if any spelling of the name matches one.
    const known = await catalog.artistNamesByKey([
      ...new Set(missing.flatMap((row) => row.credits.flatMap((credit) => [credit.name, ...credit.aliases].map(matchKey)))),
    ]);
    const entries = new Map<string, { rows: T[]; entry: CatalogEntry }>();
    for (const row of missing) {
      const credits = row.credits.map((credit, index, all) => {
        const catalogName = [credit.name, ...credit.aliases].map((name) => known.get(matchKey(name))).find(Boolean);
        const name = catalogName ?? credit.name;
        return {
          name,
          joinPhrase: credit.joinPhrase ?? (index === all.length - 1 ? '' : index === all.length - 2 ? ' & ' : ', '),
          aliases: [credit.name, ...credit.aliases].filter((alias) => alias !== name),
        };
      });
      const entry: CatalogEntry = {
        title: row.titles[0]!,
        credits,
        releaseDate: row.year ? String(row.year) : null,
        releaseType: 'album',
        rawGenres: [],
        label: null,
        description: null,
        mbid: row.mbid ?? null,
        artistMbids: credits.map(() => null),
        discogsMasterId: null,
        tracks: [],
        source: 'import',
      };
      const problem = catalog.entryProblem(entry);
      if (problem) {
        skip(row, problem);
        continue;
      }
      const key = `${catalog.albumMatchKey(credits.map((credit) => credit.name).join(' '), entry.title)}|${row.year ?? ''}`;
      const same = entries.get(key);
      if (same) same.rows.push(row);
      else entries.set(key, { rows: [row], entry });
    }
    const allowance = await newAlbumAllowance(userId, summary);
    const groups = [...entries.values()];
    for (const { rows: refused } of groups.slice(allowance.count)) for (const row of refused) skip(row, allowance.reason);
    const admitted = groups.slice(0, allowance.count);
    if (!admitted.length) return;
    const added = await catalog.addEntries(
      admitted.map(({ entry }) => entry),
      { importedBy: userId, origin },
    );
    admitted.forEach(({ rows: named }, index) =>
      named.forEach((row, position) =>
        albumOf.set(row, { id: added.albumIds[index]!, created: position === 0 && added.isNew[index] === true }),
      ),
    );
    catalog.invalidateAll();
  }

  /**
   * How many albums new to the catalog this batch may add, and what the rows past that are told. Rows whose album
   * was added count toward the import's limit; albums the person's imports added in the last 24 hours, toward the
   * daily one.
   */
  async function newAlbumAllowance(userId: string, summary: ImportSummary) {
    const { newAlbumsPerImport, newAlbumsPerDay } = deps.limits;
    const since = new Date(deps.clock().getTime() - DAY_MS).toISOString();
    const leftToday = newAlbumsPerDay - (await catalog.countAlbumsAddedBy(userId, since));
    const leftInImport = newAlbumsPerImport - summary.created;
    if (leftToday < leftInImport) {
      return {
        count: Math.max(0, leftToday),
        reason: `You reached the limit of ${newAlbumsPerDay.toLocaleString('en-US')} albums new to the catalog a day; albums already in it were still imported. Import the file again tomorrow to add more.`,
      };
    }
    return {
      count: Math.max(0, leftInImport),
      reason: `This import reached its limit of ${newAlbumsPerImport.toLocaleString('en-US')} albums new to the catalog; albums already in it were still imported. Import the file again to add more.`,
    };
  }

  return { findAlbums, vouchFound, addAlbums };
}
