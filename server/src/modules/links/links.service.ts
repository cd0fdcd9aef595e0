import type { LinkResolution, ResolveLinkQuery } from '@hearsay/contracts/links';
import { LRUCache } from 'lru-cache';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCards } from '../../hydration/albums.presenter.ts';
import { fetchPageHead, type PageFetchLimits } from '../../platform/http/public-page.ts';
import { MusicBrainzUnavailable, type MusicBrainz } from '../../platform/musicbrainz/types.ts';
import { matchKey, titleMatchKey } from '../../platform/text.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { isReadableHost, linkInText, namedAlbums, plainWords, recogniseLink, type NamedAlbum, type RecognisedLink } from './link-shapes.ts';
import { albumsOfPage, pageTags } from './page-tags.ts';

export interface LinksServiceDeps {
  catalog: Pick<CatalogService, 'albumMatchKey' | 'albumsByMatchKey' | 'albumsByTitleKey' | 'albumsByMbid'>;
  hydrator: Pick<Hydrator, 'albums'>;
  musicbrainz: Pick<MusicBrainz, 'enabled' | 'targetsOfUrl' | 'release' | 'releaseGroupOfRecording'>;
  /** The catalog's album of a MusicBrainz release group, added from MusicBrainz for this member if it lacks it; null if it cannot be. */
  addFromMusicBrainz: (releaseGroupMbid: string, viewerId: string) => Promise<{ albumId: string; added: boolean } | null>;
  /** Whether a shared link's page may be read (SHARED_LINK_PAGES). */
  pages: 'fetch' | 'off';
  pageLimits?: Partial<Pick<PageFetchLimits, 'allowLoopback' | 'connectTo' | 'timeoutMs'>>;
  log: { warn(details: object, message: string): void };
}

export type LinksService = ReturnType<typeof createLinksService>;

/** A page is read once an hour at most, and one that could not be read is not asked for again for ten minutes. */
const PAGE_KEEP_MS = 3600_000;
const PAGE_FAILURE_KEEP_MS = 600_000;
const PAGE_TIMEOUT_MS = 4000;
const PAGE_MAX_BYTES = 512 * 1024;

/**
 * Shared and pasted music links turned into the catalog's album (decision 086): the MusicBrainz id in the link; else
 * MusicBrainz's own record of the link (its URL relationships); else the album named by the words shared with it, or
 * by the link's page (read within limits, only from the music sites' own hosts); else a search for what was shared.
 */
export function createLinksService(deps: LinksServiceDeps) {
  const { catalog, musicbrainz } = deps;
  const pages = new LRUCache<string, { albums: NamedAlbum[] }>({ max: 1000, ttl: PAGE_KEEP_MS });
  const limits: PageFetchLimits = {
    allowedHost: isReadableHost,
    timeoutMs: deps.pageLimits?.timeoutMs ?? PAGE_TIMEOUT_MS,
    maxBytes: PAGE_MAX_BYTES,
    allowLoopback: deps.pageLimits?.allowLoopback,
    connectTo: deps.pageLimits?.connectTo,
  };

  /** The album's card as this viewer may see it: confirmed albums, and pending ones they added themselves. */
  async function visibleCard(albumId: string, viewerId: string | undefined) {
    const [card] = presentAlbumCards([albumId], await deps.hydrator.albums([albumId], viewerId));
    return card ?? null;
  }

  async function albumOfGroup(groupMbid: string, viewerId: string | undefined): Promise<{ albumId: string; added: boolean } | null> {
    const [existing] = await catalog.albumsByMbid([groupMbid]);
    if (existing) return { albumId: existing.id, added: false };
    // Only members add albums; a visitor's link is found if the catalog has it, else searched for.
    if (!viewerId || !musicbrainz.enabled) return null;
    return deps.addFromMusicBrainz(groupMbid, viewerId);
  }

  /** (a) The MusicBrainz id in the link: a release group, or the group of a release or a recording. */
  async function byMusicBrainzId(mbid: NonNullable<RecognisedLink['mbid']>, viewerId: string | undefined) {
    if ('releaseGroup' in mbid) return albumOfGroup(mbid.releaseGroup, viewerId);
    if (!musicbrainz.enabled) return null;
    const group =
      'release' in mbid
        ? ((await musicbrainz.release(mbid.release))?.releaseGroupMbid ?? null)
        : await musicbrainz.releaseGroupOfRecording(mbid.recording);
    return group ? albumOfGroup(group, viewerId) : null;
  }

  /** (b) MusicBrainz's URL relationships: which release group or release its editors linked this address to. */
  async function byMusicBrainzLink(link: RecognisedLink, viewerId: string | undefined) {
    if (!musicbrainz.enabled || link.kind !== 'album') return null;
    const targets = await musicbrainz.targetsOfUrl(link.canonical);
    for (const group of targets.releaseGroups) {
      const found = await albumOfGroup(group, viewerId);
      if (found) return found;
    }
    const release = targets.releases[0];
    const group = release ? ((await musicbrainz.release(release))?.releaseGroupMbid ?? null) : null;
    return group ? albumOfGroup(group, viewerId) : null;
  }

  /** (c) The catalog's album named by artist and title, as the catalog keys them; else by title with the same artist. */
  async function byName(candidates: NamedAlbum[], viewerId: string | undefined): Promise<string | null> {
    if (!candidates.length) return null;
    const visible = (album: { status: string; created_by: string | null }) =>
      album.status === 'confirmed' || (viewerId !== undefined && album.created_by === viewerId);
    const exact = await catalog.albumsByMatchKey(candidates.map((candidate) => catalog.albumMatchKey(candidate.artist, candidate.title)));
    for (const candidate of candidates) {
      const key = catalog.albumMatchKey(candidate.artist, candidate.title);
      const found = exact.find((album) => album.match_key === key && visible(album));
      if (found) return found.id;
    }
    const similar = await catalog.albumsByTitleKey(candidates.map((candidate) => titleMatchKey(candidate.title)));
    for (const candidate of candidates) {
      const [titleKey, artistKey] = [titleMatchKey(candidate.title), matchKey(candidate.artist)];
      const found = similar.find(
        (album) =>
          album.title_key === titleKey && visible(album) && matchKey(album.artist_credit).includes(artistKey) && artistKey.length > 1,
      );
      if (found) return found.id;
    }
    return null;
  }

  /** The albums a link's page names, read once within limits; none when pages are not read or the page cannot be. */
  async function albumsOfLinkPage(link: RecognisedLink): Promise<NamedAlbum[]> {
    if (deps.pages === 'off' || !link.page || link.kind === 'other') return [];
    const kept = pages.get(link.canonical);
    if (kept) return kept.albums;
    let albums: NamedAlbum[] = [];
    try {
      const html = await fetchPageHead(link.canonical, limits);
      albums = html ? albumsOfPage(pageTags(html), link.kind) : [];
      pages.set(link.canonical, { albums });
    } catch (error) {
      deps.log.warn({ err: error, link: link.canonical }, 'could not read a shared link’s page');
      pages.set(link.canonical, { albums }, { ttl: PAGE_FAILURE_KEEP_MS });
    }
    return albums;
  }

  async function resolve(query: ResolveLinkQuery, viewerId?: string): Promise<LinkResolution> {
    const sharedText = [query.title, query.text].filter(Boolean).join(' ');
    const address = query.url?.trim() || linkInText(sharedText);
    const link = address ? recogniseLink(address) : null;
    // Share sheets send the album's name as the title, or the words of a message with the link in it.
    const named = [...namedAlbums(query.title ?? ''), ...namedAlbums(query.text ?? '')];
    const words = plainWords(query.title || query.text || '');
    const base = { service: link?.service ?? null };
    const found = async (albumId: string, via: LinkResolution['via'], added = false): Promise<LinkResolution | null> => {
      const album = await visibleCard(albumId, viewerId);
      return album ? { outcome: 'album', album, added, via, query: '', ...base } : null;
    };

    try {
      if (link?.mbid) {
        const album = await byMusicBrainzId(link.mbid, viewerId);
        const answer = album && (await found(album.albumId, 'musicbrainz_id', album.added));
        if (answer) return answer;
      } else if (link) {
        const album = await byMusicBrainzLink(link, viewerId);
        const answer = album && (await found(album.albumId, 'musicbrainz_link', album.added));
        if (answer) return answer;
      }
    } catch (error) {
      // MusicBrainz off or unreachable: the words and the page may still name the album.
      if (!(error instanceof MusicBrainzUnavailable)) throw error;
    }

    const byWords = await byName(named, viewerId);
    const wordsAnswer = byWords && (await found(byWords, 'shared_text'));
    if (wordsAnswer) return wordsAnswer;

    // Visitors' links never make the server read another site's page.
    const fromPage = link && viewerId ? await albumsOfLinkPage(link) : [];
    const byPage = await byName(fromPage, viewerId);
    const pageAnswer = byPage && (await found(byPage, 'page_tags'));
    if (pageAnswer) return pageAnswer;

    const best = named[0] ?? fromPage[0];
    const searchFor = best ? `${best.artist} ${best.title}` : words;
    if (!searchFor && !link) return { outcome: 'unsupported', album: null, added: false, via: null, query: '', ...base };
    return { outcome: 'search', album: null, added: false, via: null, query: searchFor.slice(0, 200), ...base };
  }

  return { resolve };
}
