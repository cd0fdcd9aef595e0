import { countryOfArea } from '../../platform/countries.ts';
import type { AddedAlbum, EnrichmentStatus, MusicBrainzSearchResult } from '@hearsay/contracts/musicbrainz';
import type { EnrichmentOutcome } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { notFound, serviceUnavailable } from '../../platform/errors.ts';
import { MusicBrainzUnavailable, type MbRequestOptions, type MusicBrainz, type MbReleaseGroup } from '../../platform/musicbrainz/types.ts';
import { replaceDocuments } from '../../platform/db/search-index.ts';
import { matchKey } from '../../platform/text.ts';
import type { CatalogEntry } from './catalog-writer.ts';
import type { CatalogService } from './catalog.service.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCards } from '../../hydration/albums.presenter.ts';
import { yearOf } from './catalog.presenter.ts';
import {
  creditTextOf,
  entryFromReleaseGroup,
  representativeRelease,
  resolveByArtistAndTitle,
  type Resolution,
} from './musicbrainz-ingest.ts';
import * as repository from './musicbrainz.repository.ts';
import { heldByAnother } from './album-merges.repository.ts';

export interface CatalogMusicBrainzDeps {
  db: DB;
  clock: () => Date;
  catalog: CatalogService;
  /** The card of an album added from MusicBrainz. */
  hydrator: Pick<Hydrator, 'albums'>;
  musicbrainz: MusicBrainz;
  log: { warn(details: object, message: string): void };
}

export type CatalogMusicBrainz = ReturnType<typeof createCatalogMusicBrainz>;

/** An artist's details and discography are asked of MusicBrainz again after this long. */
const ARTIST_REFRESH_MS = 30 * 24 * 3600 * 1000;
const BACKGROUND: MbRequestOptions = { background: true };

/**
 * The catalog's side of MusicBrainz (decision 018): searching release groups, adding one, enriching an album the
 * catalog has, refreshing an artist's details and discography. All MusicBrainz requests go through the paced client.
 */
export function createCatalogMusicBrainz(deps: CatalogMusicBrainzDeps) {
  const { db, musicbrainz } = deps;
  const now = () => deps.clock().toISOString();
  const refreshing = new Set<string>();

  async function search(q: string, limit: number, viewerId?: string): Promise<MusicBrainzSearchResult> {
    try {
      const hits = await musicbrainz.searchReleaseGroups({ text: q }, { limit });
      const albums = await repository.visibleAlbumsByMbid(
        db,
        hits.map((hit) => hit.mbid),
        viewerId,
      );
      return {
        available: true,
        reason: null,
        results: hits.map((hit) => ({
          mbid: hit.mbid,
          title: hit.title,
          primaryType: hit.primaryType,
          secondaryTypes: hit.secondaryTypes,
          year: yearOf(hit.firstReleaseDate),
          artistCredit: creditTextOf(hit.credits),
          disambiguation: hit.disambiguation,
          album: albums.get(hit.mbid) ?? null,
        })),
      };
    } catch (error) {
      if (error instanceof MusicBrainzUnavailable) return { available: false, reason: error.reason, results: [] };
      throw error;
    }
  }

  /** The entry for a release group, with its representative release's tracklist and label; null if MusicBrainz has no such group. */
  async function entryFor(mbid: string, options: MbRequestOptions = {}): Promise<{ entry: CatalogEntry; group: MbReleaseGroup } | null> {
    const group = await musicbrainz.releaseGroup(mbid, options);
    if (!group) return null;
    const chosen = representativeRelease(await musicbrainz.releasesOf(mbid, options));
    const release = chosen ? await musicbrainz.release(chosen.mbid, options) : null;
    return { entry: entryFromReleaseGroup(group, release), group };
  }

  /** Adds a release group to the catalog, once: adding it again answers the album already there. */
  async function add(mbid: string, viewerId: string): Promise<AddedAlbum> {
    const existing = await repository.albumIdByMbid(db, mbid);
    if (existing) return { album: await cardOf(existing, viewerId), added: false };
    let found: Awaited<ReturnType<typeof entryFor>>;
    try {
      found = await entryFor(mbid);
    } catch (error) {
      if (error instanceof MusicBrainzUnavailable) {
        throw serviceUnavailable('musicbrainz_unavailable', error.reason === 'off' ? { context: 'off' } : undefined);
      }
      throw error;
    }
    if (!found) throw notFound('release_group_not_found');
    const problem = deps.catalog.entryProblem(found.entry);
    if (problem) throw notFound('release_group_not_found', { context: 'not_addable', problem });
    const result = await deps.catalog.addEntries([found.entry], {});
    const albumId = result.albumIds[0]!;
    deps.catalog.invalidateAll();
    return { album: await cardOf(albumId, viewerId), added: result.isNew[0] ?? false };
  }

  /**
   * The catalog's album of a release group, or of the release group a release belongs to, added from MusicBrainz if
   * the catalog lacks it: background work (a member's played tracks, decision 073). Null when MusicBrainz knows no
   * such id or the group cannot enter the catalog. Throws MusicBrainzUnavailable when MusicBrainz cannot be asked.
   */
  async function albumForMbid(mbid: { releaseGroup: string } | { release: string }): Promise<string | null> {
    let groupMbid: string | null;
    if ('releaseGroup' in mbid) groupMbid = mbid.releaseGroup;
    else groupMbid = (await musicbrainz.release(mbid.release, BACKGROUND))?.releaseGroupMbid ?? null;
    if (!groupMbid) return null;
    const existing = await repository.albumIdByMbid(db, groupMbid);
    if (existing) return existing;
    const found = await entryFor(groupMbid, BACKGROUND);
    if (!found || deps.catalog.entryProblem(found.entry)) return null;
    const result = await deps.catalog.addEntries([found.entry], {});
    deps.catalog.invalidateAll();
    return result.albumIds[0] ?? null;
  }

  async function cardOf(albumId: string, viewerId: string): Promise<AddedAlbum['album']> {
    const [card] = presentAlbumCards([albumId], await deps.hydrator.albums([albumId], viewerId));
    if (!card) throw notFound('album_not_found');
    return card;
  }

  /** Which release group an album of the catalog is: by its Discogs master, else by artist and title (the strict rule). */
  async function resolve(
    album: { artistCredit: string; title: string; year: number | null; discogsMasterId: number | null },
    options: MbRequestOptions = BACKGROUND,
  ): Promise<Resolution> {
    if (album.discogsMasterId !== null) {
      const mbid = await musicbrainz.releaseGroupOfDiscogsMaster(album.discogsMasterId, options);
      if (mbid) return { outcome: 'resolved', mbid };
    }
    const hits = await musicbrainz.searchReleaseGroups({ artist: album.artistCredit, title: album.title }, { ...options, limit: 25 });
    return resolveByArtistAndTitle(album, hits);
  }

  /**
   * Gives one album MusicBrainz's data: its id, tracklist, label, catalogue number, types, links, artists' ids and
   * aliases, and confirms it if an import added it. Ambiguous or unknown albums are left as they are, with the
   * conclusion recorded. Safe to repeat. Throws MusicBrainzUnavailable when MusicBrainz cannot be asked.
   */
  async function enrichAlbum(albumId: string): Promise<EnrichmentOutcome> {
    const album = await repository.albumForEnrichment(db, albumId);
    if (!album) return 'not_found';
    let mbid = album.mbid;
    if (!mbid) {
      const resolution = await resolve({
        artistCredit: album.artist_credit,
        title: album.title,
        year: album.release_year,
        discogsMasterId: album.discogs_master_id,
      });
      if (resolution.outcome === 'ambiguous') {
        const candidates = resolution.candidates.map((candidate) => ({
          mbid: candidate.mbid,
          title: candidate.title,
          artistCredit: creditTextOf(candidate.credits),
          year: yearOf(candidate.firstReleaseDate),
        }));
        await repository.recordEnrichment(db, albumId, 'ambiguous', now(), { candidates });
        return 'ambiguous';
      }
      if (resolution.outcome === 'not_found') {
        await repository.recordEnrichment(db, albumId, 'not_found', now());
        return 'not_found';
      }
      mbid = resolution.mbid;
      const other = await repository.albumIdByMbid(db, mbid);
      if (other && other !== albumId) {
        await repository.recordEnrichment(db, albumId, 'ambiguous', now(), {
          detail: heldByAnother(other),
        });
        return 'ambiguous';
      }
    }
    const found = await entryFor(mbid, BACKGROUND);
    if (!found) {
      await repository.recordEnrichment(db, albumId, 'not_found', now(), { detail: `MusicBrainz no longer has ${mbid}.` });
      return 'not_found';
    }
    await applyEntry(album, found.entry);
    deps.catalog.invalidateAlbum(albumId);
    return 'resolved';
  }

  /** Writes what MusicBrainz knows into the album, keeping what a person or the starter catalog already gave it. */
  async function applyEntry(album: repository.EnrichableAlbum, entry: CatalogEntry): Promise<void> {
    const at = now();
    const credits = await repository.albumCredits(db, album.id);
    await db.transaction().execute(async (trx) => {
      const trackCount = await repository.countTracks(trx, album.id);
      const sameYear = yearOf(entry.releaseDate) === album.release_year;
      await repository.updateAlbum(trx, album.id, {
        mbid: entry.mbid,
        label: album.label ?? entry.label,
        catalogue_number: album.catalogue_number ?? entry.catalogueNumber ?? null,
        secondary_types: JSON.stringify(entry.secondaryTypes ?? []),
        links: JSON.stringify(entry.links ?? []),
        // A fuller date of the same year ("1973-03-01" for "1973"), or a date where there was none.
        ...(entry.releaseDate && (!album.release_date || (sameYear && entry.releaseDate.length > album.release_date.length))
          ? { release_date: entry.releaseDate, release_year: yearOf(entry.releaseDate) }
          : {}),
        ...(album.release_type === 'other' ? { release_type: entry.releaseType } : {}),
        // A cover the archive lacked for want of an id is looked for again.
        ...(album.cover_status === 'missing' && !album.mbid ? { cover_status: 'unknown' as const, cover_checked_at: null } : {}),
        updated_at: at,
      });
      if (trackCount === 0) await repository.insertTracks(trx, album.id, entry.tracks);
      await mergeArtists(trx, album, credits, entry, at);
      await repository.recordEnrichment(trx, album.id, 'resolved', at);
    });
    // Aliases of the credited artists (their MusicBrainz names and aliases), through the writer, which keeps search in step.
    await deps.catalog.addEntries([], { aliases: [{ albumId: album.id, credits: entry.credits }] });
    if (album.status === 'pending') await deps.catalog.confirmAlbums([album.id], { by: 'musicbrainz' });
  }

  /**
   * Each credited artist gets its MusicBrainz id. An artist an import created under another spelling ("Bowie") whose
   * MusicBrainz artist the catalog already has ("David Bowie") is merged into it: the album moves over, the spelling
   * becomes an alias, and the album is credited as MusicBrainz credits it.
   */
  async function mergeArtists(
    trx: DB,
    album: repository.EnrichableAlbum,
    credits: Awaited<ReturnType<typeof repository.albumCredits>>,
    entry: CatalogEntry,
    at: string,
  ): Promise<void> {
    if (credits.length !== entry.credits.length) return;
    let recredited = false;
    for (const [position, credit] of credits.entries()) {
      const artistMbid = entry.artistMbids[position];
      const mbCredit = entry.credits[position]!;
      if (!artistMbid) continue;
      if (credit.mbid === artistMbid) continue;
      const keys = [mbCredit.name, ...(mbCredit.aliases ?? [])].map(matchKey);
      const target = await repository.findArtistFor(trx, artistMbid, keys);
      if (target && target.id !== credit.artist_id) {
        // Only an artist an import created moves; two confirmed artists are merged by a person, not by a lookup.
        if (credit.status !== 'pending') continue;
        await repository.moveCredit(trx, album.id, position, target.id, mbCredit.name);
        await repository.addArtistAlias(trx, target.id, credit.name, matchKey(credit.name));
        if (!target.mbid) await repository.setArtistMbid(trx, target.id, artistMbid, at);
        if ((await repository.countAlbumsOfArtist(trx, credit.artist_id)) === 0) await repository.deleteArtist(trx, credit.artist_id);
        recredited = true;
      } else if (!credit.mbid && (!target || target.id === credit.artist_id)) {
        await repository.setArtistMbid(trx, credit.artist_id, artistMbid, at);
      }
    }
    if (recredited) {
      const artistCredit = entry.credits
        .map((credit) => `${credit.name}${credit.joinPhrase}`)
        .join('')
        .trim();
      await repository.updateAlbum(trx, album.id, {
        artist_credit: artistCredit,
        match_key: `${matchKey(artistCredit)}|${matchKey(album.title)}`,
        updated_at: at,
      });
      if (album.status === 'confirmed') {
        await replaceDocuments(trx, [{ kind: 'album', refId: album.id, text: `${album.title} ${artistCredit}` }]);
      }
    }
  }

  /**
   * An artist's type, area, years, members, links and whole discography, asked of MusicBrainz in the background when
   * the page is seen and the last answer is older than a month. Pages never wait on it.
   */
  function refreshArtistSoon(artistId: string): void {
    if (!musicbrainz.enabled || refreshing.has(artistId)) return;
    refreshing.add(artistId);
    refreshArtist(artistId)
      .catch((error: unknown) => {
        if (!(error instanceof MusicBrainzUnavailable)) deps.log.warn({ err: error, artistId }, 'artist refresh from MusicBrainz failed');
      })
      .finally(() => refreshing.delete(artistId));
  }

  async function refreshArtist(artistId: string): Promise<boolean> {
    const artist = await repository.artistForRefresh(db, artistId);
    if (!artist?.mbid) return false;
    if (artist.musicbrainz_checked_at && deps.clock().getTime() - Date.parse(artist.musicbrainz_checked_at) < ARTIST_REFRESH_MS)
      return false;
    const details = await musicbrainz.artist(artist.mbid, BACKGROUND);
    if (!details) return false;
    const groups = await musicbrainz.releaseGroupsOfArtist(artist.mbid, BACKGROUND);
    await repository.saveArtistDetails(
      db,
      artistId,
      {
        artist_type: details.type,
        area: details.area,
        country: details.country ?? countryOfArea(details.area),
        begin_date: details.beginDate,
        end_date: details.endDate ?? null,
        disambiguation: details.disambiguation,
        members: JSON.stringify(
          details.members.map((member) => ({ mbid: member.mbid, name: member.name, beginDate: member.beginDate, endDate: member.endDate })),
        ),
        links: JSON.stringify(details.links),
        musicbrainz_checked_at: now(),
      },
      [...new Map(groups.map((group) => [group.mbid, group])).values()].map((group) => ({
        mbid: group.mbid,
        title: group.title,
        primary_type: group.primaryType,
        secondary_types: JSON.stringify(group.secondaryTypes),
        first_release_date: group.firstReleaseDate,
      })),
    );
    return true;
  }

  async function enrichmentStatus(state: EnrichmentStatus['state']): Promise<EnrichmentStatus> {
    return { state, ...(await repository.enrichmentCounts(db)) };
  }

  return { search, add, albumForMbid, resolve, enrichAlbum, refreshArtist, refreshArtistSoon, enrichmentStatus, entryFor };
}
