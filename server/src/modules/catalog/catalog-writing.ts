import type { AlbumByHand, AlbumByHandBody } from '@hearsay/contracts/catalog';
import { badRequest, notFound, fieldIssue } from '../../platform/errors.ts';
import type { ClientOrigin } from '../../platform/http/client-origin.ts';
import type { CatalogContext } from './catalog-context.ts';
import type { CatalogReading } from './catalog-reading.ts';
import * as writer from './catalog-writer.ts';
import { splitArtistCredit } from './normalise.ts';
import { albumsByMatchKey } from './album-matching.repository.ts';
import { countAlbumsAddedBy } from './pending-albums.repository.ts';

/** Adding to the catalog: imports' entries, an album added by hand, and members' finds of pending albums. */
export function createCatalogWriting(context: CatalogContext, reading: Pick<CatalogReading, 'albumCards'>) {
  const { db, deps, currentYear, memberConfirmation, invalidateAll } = context;
  const { albumCards } = reading;

  /**
   * An album a member adds by hand (MusicBrainz cannot be asked): written as an import writes one, so it waits for a
   * moderator or a second person's import, out of every public list, while its link, ratings and reviews work at once.
   */
  async function addAlbumByHand(body: AlbumByHandBody, viewerId: string, origin?: ClientOrigin): Promise<AlbumByHand> {
    const year = body.year ?? null;
    if (year !== null && year > currentYear() + 1) {
      throw badRequest('release_year_in_future', undefined, [fieldIssue('body.year', 'release_year_in_future')]);
    }
    const credits = splitArtistCredit(body.artist);
    const entry: writer.CatalogEntry = {
      title: body.title,
      credits,
      releaseDate: year === null ? null : String(year),
      releaseType: body.releaseType,
      rawGenres: [],
      label: null,
      description: null,
      mbid: null,
      artistMbids: credits.map(() => null),
      discogsMasterId: null,
      tracks: [],
      source: 'import',
    };
    const problem = writer.entryProblem(entry);
    if (problem) throw badRequest('album_not_addable', { problem });
    const result = await writer.addCatalogEntries(db, [entry], deps.clock().toISOString(), {
      importedBy: viewerId,
      origin,
      memberConfirmation,
    });
    const albumId = result.albumIds[0]!;
    const added = result.isNew[0] ?? false;
    // Found again: the member's vouch may have been the one a pending album was waiting for.
    if (!added) invalidateAll();
    const [album] = await albumCards([albumId], viewerId);
    if (!album) throw notFound('album_not_found');
    return { album, added };
  }

  /**
   * A member found these albums (an import's matches): their vouches are recorded for the pending ones, which are
   * confirmed once enough independent members with standing have found them (decision 058).
   */
  async function vouchForAlbums(userId: string, albumIds: readonly string[], origin?: ClientOrigin): Promise<string[]> {
    const confirmed = await writer.vouchForAlbums(db, userId, albumIds, {
      origin,
      rule: memberConfirmation,
      now: deps.clock().toISOString(),
    });
    if (confirmed.length) invalidateAll();
    return confirmed;
  }

  /**
   * The album a rating or review from another site is about when no confirmed album matched it: the pending album of
   * its artist and title (or MusicBrainz id), else a new pending one, which waits for confirmation like an import's
   * and carries the post once confirmed. A title alone names too many albums, and several pending ones of the same
   * name cannot be told apart: then none (null), rather than a wrong one.
   */
  async function pendingAlbumFor(ref: { mbid: string | null; artist: string; title: string }): Promise<string | null> {
    const artist = ref.artist.trim();
    const title = ref.title.trim();
    if (!artist || !title) return null;
    const same = (await albumsByMatchKey(db, [writer.albumMatchKey(artist, title)])).filter((album) => album.status === 'pending');
    if (same.length > 1) return null;
    if (same[0]) return same[0].id;
    const credits = splitArtistCredit(artist);
    const entry: writer.CatalogEntry = {
      title,
      credits,
      releaseDate: null,
      releaseType: 'album',
      rawGenres: [],
      label: null,
      description: null,
      mbid: ref.mbid,
      artistMbids: credits.map(() => null),
      discogsMasterId: null,
      tracks: [],
      source: 'federation',
    };
    if (writer.entryProblem(entry)) return null;
    const result = await writer.addCatalogEntries(db, [entry], deps.clock().toISOString(), { pending: true });
    if (result.isNew[0]) invalidateAll();
    return result.albumIds[0] ?? null;
  }

  return {
    addAlbumByHand,
    pendingAlbumFor,
    vouchForAlbums,
    /** Adds albums found nowhere in the catalog (an import's are pending until confirmed); see catalog-writer. */
    addEntries: (entries: readonly writer.CatalogEntry[], options: writer.AddOptions) =>
      writer.addCatalogEntries(db, entries, deps.clock().toISOString(), { memberConfirmation, ...options }),
    entryProblem: writer.entryProblem,
    albumMatchKey: writer.albumMatchKey,
    splitArtistCredit,
    /** How many albums this member's imports added since the given instant, for the daily limit. */
    countAlbumsAddedBy: (userId: string, since: string) => countAlbumsAddedBy(db, userId, since),
  };
}
