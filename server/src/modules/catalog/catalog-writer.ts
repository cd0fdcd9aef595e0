import {
  ALBUM_DESCRIPTION_MAX,
  ALBUM_TITLE_MAX,
  ARTIST_CREDIT_MAX,
  ARTIST_NAME_MAX,
  GENRE_NAME_MAX,
  JOIN_PHRASE_MAX,
  LABEL_MAX,
  TRACK_TITLE_MAX,
  type ExternalLink,
  type ReleaseType,
} from '@hearsay/contracts/catalog';
import type { AlbumConfirmation } from '../../db/schema.ts';
import { lockForTransaction, type DB } from '../../platform/db/index.ts';
import { newId } from '../../platform/ids.ts';
import { matchKey, slugify, textTooLong, titleMatchKey } from '../../platform/text.ts';
import { indexDocuments, replaceDocuments } from '../../platform/db/search-index.ts';
import type { ClientOrigin } from '../../platform/http/client-origin.ts';
import * as repository from './catalog-ingest.repository.ts';
import { insertVouches, type NewVouch } from './album-vouches.repository.ts';
import { albumsConfirmedByMembers, DEFAULT_MEMBER_CONFIRMATION, type MemberConfirmationRule } from './member-confirmation.ts';
import { classifyGenres, GENRE_DEFINITIONS } from './genre-taxonomy.ts';
import { creditText, sortName, yearOf, type Credit } from './normalise.ts';

/** An album ready to enter the catalog, already normalised by whoever read it. */
export interface CatalogEntry {
  title: string;
  credits: Credit[];
  releaseDate: string | null;
  releaseType: ReleaseType;
  /** Source genre and style labels (Discogs vocabulary); classified into our genres on the way in. */
  rawGenres: string[];
  label: string | null;
  /** What MusicBrainz adds (see musicbrainz-ingest.ts): the label's catalogue number, secondary types, "Listen on" links. */
  catalogueNumber?: string | null;
  secondaryTypes?: string[];
  links?: ExternalLink[];
  description: string | null;
  mbid: string | null;
  /** MusicBrainz ids of the credited artists, in credit order, where known. */
  artistMbids: (string | null)[];
  discogsMasterId: number | null;
  tracks: { disc: number; position: number; title: string; durationMs: number | null }[];
  /** `federation`: named by a rating or review another site sent, with no match here (pending like an import's). */
  source: 'catalog' | 'musicbrainz' | 'import' | 'federation';
}

export interface AddOptions {
  /**
   * The member whose import adds the entries: albums and artists new to the catalog wait for confirmation, and the
   * member vouches for every pending album the entries add or find (decision 058).
   */
  importedBy?: string;
  /**
   * Albums and artists new to the catalog wait for confirmation though no member added them (another site's rating
   * or review named them): nobody vouches for them, so only the catalog's sources or the moderators confirm them.
   */
  pending?: boolean;
  /** Where the member's import was started: the browser and address range their vouches record. */
  origin?: ClientOrigin;
  /** When members' vouches confirm a pending album; the defaults unless the configuration says otherwise. */
  memberConfirmation?: MemberConfirmationRule;
  /**
   * Albums already in the catalog found under other spellings of their artists' names: each credit's name and
   * aliases become aliases of the album's artist in the same position (when the credits and the album's artists
   * are as many), so search finds the artist by them.
   */
  aliases?: { albumId: string; credits: Credit[] }[];
}

export interface AddResult {
  added: number;
  existing: number;
  /** Album ids in the order of the entries given (existing albums keep their id). */
  albumIds: string[];
  /** For each entry, whether its album was added by it (false for an album already there, or added by an entry before). */
  isNew: boolean[];
}

/** The key albums are matched by: the artist credit's and the title's (platform/text.ts `matchKey`). */
export function albumMatchKey(artistCredit: string, title: string): string {
  return `${matchKey(artistCredit)}|${matchKey(title)}`;
}

export { titleMatchKey };

const tooLong = (what: string, value: string | null, max: number) => (value !== null && value.length > max ? textTooLong(what, max) : null);

/** Why the entry cannot enter the catalog (a text past the catalog's bounds), or null when it can. */
export function entryProblem(entry: CatalogEntry): string | null {
  return (
    tooLong('The title', entry.title, ALBUM_TITLE_MAX) ??
    entry.credits.map((credit) => tooLong('An artist name', credit.name, ARTIST_NAME_MAX)).find(Boolean) ??
    entry.credits.map((credit) => tooLong('A joining phrase', credit.joinPhrase, JOIN_PHRASE_MAX)).find(Boolean) ??
    tooLong('The artist credit', creditText(entry.credits), ARTIST_CREDIT_MAX) ??
    tooLong('The label', entry.label, LABEL_MAX) ??
    tooLong('The description', entry.description, ALBUM_DESCRIPTION_MAX) ??
    entry.tracks.map((track) => tooLong('A track title', track.title, TRACK_TITLE_MAX)).find(Boolean) ??
    entry.rawGenres.map((genre) => tooLong('A genre name', genre, GENRE_NAME_MAX)).find(Boolean) ??
    null
  );
}

/**
 * Adds albums that are not in the catalog yet; an album already there (same MusicBrainz id, same
 * Discogs master, or same artist, title and year) is left untouched but for its confirmation, so loading
 * twice changes nothing. Everything is written in one transaction, in batches. Entries must pass
 * `entryProblem`; the database refuses texts past the bounds.
 */
export async function addCatalogEntries(
  db: DB,
  entries: readonly CatalogEntry[],
  now: string,
  options: AddOptions = {},
): Promise<AddResult> {
  const { importedBy } = options;
  const pending = importedBy !== undefined || options.pending === true;
  return db.transaction().execute(async (trx) => {
    // Two imports adding the same album or genre at once would both find it missing; they take turns instead.
    await lockForTransaction(trx, 'catalog-writes');
    if (!entries.length) {
      await addAliases(trx, await aliasesOfFoundAlbums(trx, options.aliases ?? []));
      return { added: 0, existing: 0, albumIds: [], isNew: [] };
    }
    const genreIds = await ensureGenres(trx, entries, now);
    const known = await repository.loadCatalogIndex(trx, catalogLookup(entries));
    const newArtists: repository.NewArtist[] = [];
    const newAlbums: repository.NewAlbumBundle[] = [];
    const albumIds: string[] = [];
    const isNew: boolean[] = [];
    const aliases: ArtistAliases[] = [];
    /** Pending albums these entries found again, and what confirms them (a member's import only vouches). */
    const foundPending = new Map<string, AlbumConfirmation>();
    /** Pending albums the importing member vouches for: those the entries found, and those they add. */
    const vouched = new Set<string>();
    let existing = 0;

    for (const entry of entries) {
      const artistCredit = creditText(entry.credits);
      const year = yearOf(entry.releaseDate);
      const key = albumMatchKey(artistCredit, entry.title);
      const found =
        (entry.mbid && known.albumByMbid.get(entry.mbid)) ||
        (entry.discogsMasterId !== null && known.albumByDiscogs.get(entry.discogsMasterId)) ||
        sameAlbum(entry, known.albumByKeyYear.get(`${key}|${year ?? ''}`), known);
      if (found) {
        existing++;
        albumIds.push(found);
        isNew.push(false);
        if (known.pendingAlbums.has(found)) {
          if (pending) vouched.add(found);
          else foundPending.set(found, catalogConfirmation(entry));
        }
        continue;
      }

      const credits = entry.credits.map((credit, position) => {
        const artistMbid = entry.artistMbids[position] ?? null;
        const artistKey = matchKey(credit.name);
        const aliasKeys = (credit.aliases ?? []).map(matchKey);
        let artistId =
          (artistMbid && known.artistByMbid.get(artistMbid)) ||
          known.artistByKey.get(artistKey) ||
          aliasKeys.map((aliasKey) => known.artistByKey.get(aliasKey)).find(Boolean);
        if (!artistId) {
          artistId = newId();
          newArtists.push({
            id: artistId,
            // Given once every new artist is known (below).
            slug: slugify(credit.name),
            name: credit.name,
            sort_name: sortName(credit.name),
            match_key: artistKey,
            mbid: artistMbid,
            status: pending ? 'pending' : 'confirmed',
            created_at: now,
            updated_at: now,
          });
          known.artistByKey.set(artistKey, artistId);
          if (artistMbid) known.artistByMbid.set(artistMbid, artistId);
        }
        if (credit.aliases?.length) {
          aliases.push({ artistId, names: [credit.name, ...credit.aliases] });
          for (const aliasKey of aliasKeys) if (!known.artistByKey.has(aliasKey)) known.artistByKey.set(aliasKey, artistId);
        }
        return { artistId, position, creditedName: credit.name, joinPhrase: credit.joinPhrase };
      });

      const albumId = newId();
      const { genres, styles } = classifyGenres(entry.rawGenres, year);
      const genreSlugs = [...genres, ...styles].map((name) => slugify(name));
      newAlbums.push({
        album: {
          id: albumId,
          // Given once every new album is known (below).
          slug: slugify(`${artistCredit} ${entry.title}`),
          title: entry.title,
          artist_credit: artistCredit,
          match_key: key,
          title_key: titleMatchKey(entry.title),
          release_date: entry.releaseDate,
          release_year: year,
          release_type: entry.releaseType,
          label: entry.label,
          catalogue_number: entry.catalogueNumber ?? null,
          secondary_types: JSON.stringify(entry.secondaryTypes ?? []),
          links: JSON.stringify(entry.links ?? []),
          description: entry.description,
          mbid: entry.mbid,
          discogs_master_id: entry.discogsMasterId,
          source: entry.source,
          status: pending ? 'pending' : 'confirmed',
          created_by: importedBy ?? null,
          confirmed_at: pending ? null : now,
          confirmed_by: pending ? null : catalogConfirmation(entry),
          created_at: now,
          updated_at: now,
        },
        credits,
        genreIds: [...new Set(genreSlugs.map((slug) => genreIds.get(slug)).filter((id): id is string => !!id))],
        tracks: entry.tracks,
      });
      albumIds.push(albumId);
      isNew.push(true);
      if (entry.mbid) known.albumByMbid.set(entry.mbid, albumId);
      if (entry.discogsMasterId !== null) known.albumByDiscogs.set(entry.discogsMasterId, albumId);
      known.albumByKeyYear.set(`${key}|${year ?? ''}`, albumId);
      if (entry.mbid || entry.discogsMasterId !== null)
        known.albumSourceIds.set(albumId, { mbid: entry.mbid, discogs: entry.discogsMasterId });
      if (importedBy !== undefined) {
        known.pendingAlbums.set(albumId, importedBy);
        vouched.add(albumId);
      }
    }

    // Slugs nobody has: the base, else a variant, checked against the database for the new rows only.
    const artistSlugs = await repository.takenSlugs(
      trx,
      'artist',
      newArtists.map((artist) => ({ base: artist.slug, year: null })),
    );
    for (const artist of newArtists) artist.slug = uniqueSlug(artist.slug, artistSlugs);
    const albumSlugs = await repository.takenSlugs(
      trx,
      'album',
      newAlbums.map(({ album }) => ({ base: album.slug, year: album.release_year ?? null })),
    );
    for (const { album } of newAlbums) album.slug = uniqueSlug(album.slug, albumSlugs, album.release_year);

    await repository.insertArtists(trx, newArtists);
    await repository.insertAlbumBundles(trx, newAlbums, newId);
    const newArtistIds = new Set(newArtists.map((artist) => artist.id));
    const isNewAlbum = new Set(newAlbums.map(({ album }) => album.id));
    await addAliases(
      trx,
      [...aliases.filter((alias) => !newArtistIds.has(alias.artistId)), ...(await aliasesOfFoundAlbums(trx, options.aliases ?? []))],
      aliases.filter((alias) => newArtistIds.has(alias.artistId)),
    );
    if (!pending) {
      // The search index is written in the same transaction, so a search never misses a catalog row.
      await indexDocuments(trx, [
        ...newAlbums.map(({ album }) => ({ kind: 'album' as const, refId: album.id, text: `${album.title} ${album.artist_credit}` })),
        ...(await artistDocuments(trx, newArtists)),
      ]);
      // A new album may credit an artist known so far only from someone's pending import.
      await publishArtists(
        trx,
        newAlbums.map(({ album }) => album.id),
        now,
      );
    }
    for (const by of new Set(foundPending.values())) {
      const ids = [...foundPending].flatMap(([id, how]) => (how === by ? [id] : []));
      await confirmPending(trx, ids, { by, now });
    }
    if (importedBy !== undefined) {
      const rule = options.memberConfirmation ?? DEFAULT_MEMBER_CONFIRMATION;
      // An album the member adds has their vouch only: it can confirm nothing unless one member is enough.
      const weighed = rule.members <= 1 ? [...vouched] : [...vouched].filter((id) => !isNewAlbum.has(id));
      await recordVouches(trx, importedBy, [...vouched], options.origin, now);
      await confirmPending(trx, await albumsConfirmedByMembers(trx, weighed, rule, new Date(now)), { by: 'member', now });
    }
    return { added: newAlbums.length, existing, albumIds, isNew };
  });
}

/** The keys `addCatalogEntries` looks these entries up by. */
function catalogLookup(entries: readonly CatalogEntry[]): repository.CatalogLookup {
  const credits = entries.flatMap((entry) => entry.credits);
  return {
    albumMbids: entries.flatMap((entry) => (entry.mbid ? [entry.mbid] : [])),
    discogsMasterIds: entries.flatMap((entry) => (entry.discogsMasterId !== null ? [entry.discogsMasterId] : [])),
    albumMatchKeys: entries.map((entry) => albumMatchKey(creditText(entry.credits), entry.title)),
    artistMbids: entries.flatMap((entry) => entry.artistMbids.filter((mbid): mbid is string => !!mbid)),
    artistKeys: credits.flatMap((credit) => [credit.name, ...(credit.aliases ?? [])].map(matchKey)),
  };
}

/** The album of the same artist, title and year, unless the two have different MusicBrainz ids or Discogs masters. */
function sameAlbum(entry: CatalogEntry, albumId: string | undefined, known: repository.CatalogIndex): string | undefined {
  if (!albumId) return undefined;
  const ids = known.albumSourceIds.get(albumId);
  if (entry.mbid && ids?.mbid && ids.mbid !== entry.mbid) return undefined;
  if (entry.discogsMasterId !== null && ids?.discogs != null && ids.discogs !== entry.discogsMasterId) return undefined;
  return albumId;
}

const catalogConfirmation = (entry: CatalogEntry): AlbumConfirmation => (entry.source === 'musicbrainz' ? 'musicbrainz' : 'catalog');

function recordVouches(db: DB, userId: string, albumIds: readonly string[], origin: ClientOrigin | undefined, now: string) {
  const rows: NewVouch[] = albumIds.map((albumId) => ({
    album_id: albumId,
    user_id: userId,
    device_id: origin?.deviceId ?? null,
    address_prefix: origin?.addressPrefix ?? null,
    created_at: now,
  }));
  return insertVouches(db, rows);
}

/**
 * A member found these albums (an import's matches): they vouch for the pending ones, and those that enough
 * independent members with standing have found are confirmed (decision 058). Returns the ids it confirmed.
 */
export async function vouchForAlbums(
  db: DB,
  userId: string,
  albumIds: readonly string[],
  options: { origin?: ClientOrigin; rule?: MemberConfirmationRule; now: string },
): Promise<string[]> {
  // Most finds are of confirmed albums: no lock is taken for a batch without a pending one.
  const pending = albumIds.length ? await repository.pendingAmong(db, albumIds) : [];
  if (!pending.length) return [];
  return db.transaction().execute(async (trx) => {
    // Two members' vouches weighed at once would each miss the other's.
    await lockForTransaction(trx, 'catalog-writes');
    await recordVouches(trx, userId, pending, options.origin, options.now);
    const confirmed = await albumsConfirmedByMembers(trx, pending, options.rule ?? DEFAULT_MEMBER_CONFIRMATION, new Date(options.now));
    return confirmPending(trx, confirmed, { by: 'member', now: options.now });
  });
}

/** Confirms the pending albums among `albumIds`, with their pending artists, and adds them to search. Returns the ids it confirmed. */
export async function confirmAlbums(db: DB, albumIds: readonly string[], confirmation: repository.Confirmation): Promise<string[]> {
  if (albumIds.length === 0) return [];
  return db.transaction().execute((trx) => confirmPending(trx, albumIds, confirmation));
}

async function confirmPending(db: DB, albumIds: readonly string[], confirmation: repository.Confirmation): Promise<string[]> {
  if (albumIds.length === 0) return [];
  const albums = await repository.confirmAlbums(db, albumIds, confirmation);
  await indexDocuments(
    db,
    albums.map((album) => ({ kind: 'album' as const, refId: album.id, text: `${album.title} ${album.artist_credit}` })),
  );
  await publishArtists(
    db,
    albums.map((album) => album.id),
    confirmation.now,
  );
  return albums.map((album) => album.id);
}

/** Confirms the pending artists credited on these (confirmed) albums and adds them to search. */
async function publishArtists(db: DB, albumIds: readonly string[], now: string): Promise<void> {
  const artists = await repository.confirmArtistsOf(db, albumIds, now);
  await indexDocuments(db, await artistDocuments(db, artists));
}

/** Search documents of artists: the name and every alias, so search finds "Кино" by "Kino" and the other way round. */
async function artistDocuments(db: DB, artists: readonly { id: string; name: string }[]) {
  const aliases = await repository.aliasNamesOf(
    db,
    artists.map((artist) => artist.id),
  );
  return artists.map((artist) => ({
    kind: 'artist' as const,
    refId: artist.id,
    text: [artist.name, ...(aliases.get(artist.id) ?? [])].join(' '),
  }));
}

interface ArtistAliases {
  artistId: string;
  /** Spellings to keep; those the artist is already known by (its name, an alias) are left out. */
  names: string[];
}

/** The aliases that credits of albums found under other spellings bring to the albums' artists, position by position. */
async function aliasesOfFoundAlbums(db: DB, found: readonly { albumId: string; credits: Credit[] }[]): Promise<ArtistAliases[]> {
  if (!found.length) return [];
  const credited = await repository.creditsOfAlbums(db, [...new Set(found.map((album) => album.albumId))]);
  const aliases: ArtistAliases[] = [];
  for (const { albumId, credits } of found) {
    const artists = credited.filter((credit) => credit.album_id === albumId);
    if (artists.length !== credits.length) continue;
    credits.forEach((credit, position) =>
      aliases.push({ artistId: artists[position]!.artist_id, names: [credit.name, ...(credit.aliases ?? [])] }),
    );
  }
  return aliases;
}

/**
 * Keeps the names as aliases of their artists, but for those the artist is known by already. A confirmed artist's
 * search document is written again with them; `fresh` are artists added in this transaction, indexed afterwards.
 */
async function addAliases(db: DB, existing: readonly ArtistAliases[], fresh: readonly ArtistAliases[] = []): Promise<void> {
  const all = [...existing, ...fresh];
  if (!all.length) return;
  const artists = await repository.artistsWithKeys(db, [...new Set(all.map((alias) => alias.artistId))]);
  const rows: repository.NewArtistAlias[] = [];
  for (const { artistId, names } of all) {
    const keys = artists.get(artistId)?.keys;
    if (!keys) continue;
    for (const name of names) {
      const key = matchKey(name);
      if (!name.trim() || name.length > ARTIST_NAME_MAX || keys.has(key)) continue;
      keys.add(key);
      rows.push({ artist_id: artistId, name: name.trim(), match_key: key });
    }
  }
  await repository.insertArtistAliases(db, rows);
  const freshIds = new Set(fresh.map((alias) => alias.artistId));
  const changed = [...new Set(rows.map((row) => row.artist_id))].filter((id) => !freshIds.has(id));
  await replaceDocuments(db, await artistDocuments(db, await repository.confirmedArtists(db, changed)));
}

/** Creates every browsable genre and every style the entries use; returns slug -> id for all genres. */
async function ensureGenres(db: DB, entries: readonly CatalogEntry[], now: string): Promise<Map<string, string>> {
  const existing = await repository.listGenreIds(db);
  const toInsert: repository.NewGenre[] = [];
  for (const definition of GENRE_DEFINITIONS) {
    const slug = slugify(definition.name);
    if (existing.has(slug)) continue;
    const id = newId();
    existing.set(slug, id);
    toInsert.push({ id, slug, name: definition.name, kind: 'genre', parent_id: null, rule: definition.rule ?? null, created_at: now });
  }
  for (const entry of entries) {
    const { genres, styles } = classifyGenres(entry.rawGenres, yearOf(entry.releaseDate));
    for (const style of styles) {
      const slug = slugify(style);
      if (existing.has(slug)) continue;
      const id = newId();
      existing.set(slug, id);
      const parent = genres[0] ? (existing.get(slugify(genres[0])) ?? null) : null;
      toInsert.push({ id, slug, name: style, kind: 'style', parent_id: parent, rule: null, created_at: now });
    }
  }
  await repository.insertGenres(db, toInsert);
  return existing;
}

function uniqueSlug(base: string, taken: Set<string>, year?: number | null): string {
  let slug = base;
  if (taken.has(slug) && year) slug = `${base}-${year}`;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  taken.add(slug);
  return slug;
}
