import type { LinkService } from '@hearsay/contracts/links';

/** What a music link is: whose, an album's or a track's, the MusicBrainz id it names, and the address MusicBrainz would store. */
export interface RecognisedLink {
  service: LinkService;
  kind: 'album' | 'track' | 'other';
  mbid: { releaseGroup: string } | { release: string } | { recording: string } | null;
  /** The link as MusicBrainz keeps URL relationships: https, no tracking parameters, no locale where the site drops it. */
  canonical: string;
  /** Whether the link's page may be read for its title and artist. */
  page: boolean;
}

const MBID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

/** The hosts whose pages may be read (decision 086): the music sites' own, nothing else. */
const PAGE_HOSTS = new Set([
  'open.spotify.com',
  'music.apple.com',
  'tidal.com',
  'listen.tidal.com',
  'www.deezer.com',
  'deezer.com',
  'link.deezer.com',
  'music.youtube.com',
  'www.youtube.com',
  'youtube.com',
  'm.youtube.com',
  'youtu.be',
]);

export function isReadableHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return PAGE_HOSTS.has(host) || /^[a-z0-9-]{1,63}\.bandcamp\.com$/.test(host);
}

const link = (service: LinkService, kind: RecognisedLink['kind'], canonical: string, page = true): RecognisedLink => ({
  service,
  kind,
  mbid: null,
  canonical,
  page,
});

/** Recognises a link of the music sites Hearsay reads; null for any other address. */
export function recogniseLink(value: string): RecognisedLink | null {
  const uri = /^spotify:(album|track):([A-Za-z0-9]{10,40})$/.exec(value);
  if (uri) return link('spotify', uri[1] as 'album' | 'track', `https://open.spotify.com/${uri[1]}/${uri[2]}`);
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');

  if (host === 'musicbrainz.org' || host === 'beta.musicbrainz.org') {
    const entity = new RegExp(`^/(release-group|release|recording)/${MBID}`).exec(path.toLowerCase());
    if (!entity) return link('musicbrainz', 'other', url.href, false);
    const [, kind, id] = entity as unknown as [string, string, string];
    const mbid = kind === 'release-group' ? { releaseGroup: id } : kind === 'release' ? { release: id } : { recording: id };
    return { ...link('musicbrainz', kind === 'recording' ? 'track' : 'album', `https://musicbrainz.org/${kind}/${id}`, false), mbid };
  }
  if (host === 'open.spotify.com') {
    // Links shared from the app may carry a locale segment ("/intl-de/album/…").
    const album = /^(?:\/intl-[a-z-]+)?\/(album|track)\/([A-Za-z0-9]{10,40})$/.exec(path);
    if (!album) return link('spotify', 'other', url.href, false);
    return link('spotify', album[1] as 'album' | 'track', `https://open.spotify.com/${album[1]}/${album[2]}`);
  }
  if (host === 'music.apple.com' || host === 'itunes.apple.com') {
    const album = /^\/([a-z]{2})\/album\/(?:[^/]+\/)?(?:id)?(\d+)$/.exec(path);
    if (!album) return link('apple_music', 'other', url.href, false);
    // A shared song is its album's link with ?i=<song id>.
    const kind = url.searchParams.has('i') ? 'track' : 'album';
    return link('apple_music', kind, `https://music.apple.com/${album[1]}/album/${path.split('/').slice(3).join('/')}`);
  }
  if (host.endsWith('.bandcamp.com')) {
    const item = /^\/(album|track)\/([a-z0-9-]+)$/.exec(path);
    if (!item || !/^[a-z0-9-]{1,63}\.bandcamp\.com$/.test(host)) return link('bandcamp', 'other', url.href, false);
    return link('bandcamp', item[1] as 'album' | 'track', `https://${host}${path}`);
  }
  if (host === 'tidal.com' || host === 'listen.tidal.com') {
    const item = /^(?:\/browse)?\/(album|track)\/(\d+)$/.exec(path);
    if (!item) return link('tidal', 'other', url.href, false);
    return link('tidal', item[1] as 'album' | 'track', `https://tidal.com/${item[1]}/${item[2]}`);
  }
  if (host === 'deezer.com') {
    const item = /^(?:\/[a-z]{2})?\/(album|track)\/(\d+)$/.exec(path);
    if (!item) return link('deezer', 'other', url.href, false);
    return link('deezer', item[1] as 'album' | 'track', `https://www.deezer.com/${item[1]}/${item[2]}`);
  }
  // Deezer's short links ("Share" in the app) redirect to the album or track; deezer.page.link ones no longer resolve
  // (Firebase Dynamic Links were shut down), so they are known but not read.
  if (host === 'link.deezer.com') return link('deezer', 'other', url.href, /^\/s\/[A-Za-z0-9]+$/.test(path));
  if (host === 'deezer.page.link') return link('deezer', 'other', url.href, false);
  if (host === 'music.youtube.com') {
    const list = url.searchParams.get('list');
    // Album playlists are the ones whose id starts with OLAK5uy_.
    if (path === '/playlist' && list && /^OLAK5uy_[A-Za-z0-9_-]{10,40}$/.test(list)) {
      return link('youtube_music', 'album', `https://music.youtube.com/playlist?list=${list}`);
    }
    const video = url.searchParams.get('v');
    if (path === '/watch' && video && /^[A-Za-z0-9_-]{11}$/.test(video)) {
      return link('youtube_music', 'track', `https://music.youtube.com/watch?v=${video}`);
    }
    return link('youtube_music', 'other', url.href, false);
  }
  if (host === 'youtube.com' || host === 'm.youtube.com' || host === 'youtu.be') {
    const video = host === 'youtu.be' ? path.slice(1) : path === '/watch' ? url.searchParams.get('v') : null;
    if (video && /^[A-Za-z0-9_-]{11}$/.test(video)) return link('youtube', 'track', `https://www.youtube.com/watch?v=${video}`);
    const list = url.searchParams.get('list');
    if (path === '/playlist' && list && /^OLAK5uy_[A-Za-z0-9_-]{10,40}$/.test(list)) {
      return link('youtube', 'album', `https://www.youtube.com/playlist?list=${list}`);
    }
    return link('youtube', 'other', url.href, false);
  }
  return null;
}

/** The first link in shared text (share sheets often put the link in the text, after the words). */
export function linkInText(text: string): string | null {
  return /\b(?:https?:\/\/[^\s<>"]+|spotify:(?:album|track):[A-Za-z0-9]{10,40})/i.exec(text)?.[0]?.replace(/[),.;!?]+$/, '') ?? null;
}

export interface NamedAlbum {
  title: string;
  artist: string;
}

/** What music sites add to a title: " | Spotify", " - Apple Music", " on Apple Music", " - YouTube Music", "Listen to …". */
const SITE_DECORATION = [
  /\s*[|\-–—]\s*(?:Spotify|Apple Music|YouTube Music|YouTube|TIDAL|Tidal|Deezer|Bandcamp)\s*$/i,
  /\s+on\s+(?:Spotify|Apple Music|YouTube Music|YouTube|TIDAL|Tidal|Deezer|Bandcamp)\s*$/i,
  /^(?:Listen to|Check out|Écoute|Escucha|Hör dir)\s+/i,
];

/** Words without links, invisible marks (Apple writes U+200E before its titles) or the sites' decorations. */
export function plainWords(value: string): string {
  let words = value
    .replace(/\b(?:https?:\/\/[^\s<>"]+|spotify:(?:album|track):[A-Za-z0-9]+)/gi, ' ')
    .replace(/[\u200B-\u200F\u202A-\u202E\u2060\uFEFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (let pass = 0; pass < 2; pass++) for (const pattern of SITE_DECORATION) words = words.replace(pattern, '').trim();
  return words.replace(/^["“”']+|["“”':]+$/g, '').trim();
}

/**
 * The album named in shared words, as the sites write it: "ye - Album by Kanye West" (Spotify, Apple Music), "Title,
 * by Artist" (Bandcamp), "Title by Artist", "Artist - Title" (also read the other way round). Candidates, likeliest first.
 */
export function namedAlbums(value: string): NamedAlbum[] {
  const words = plainWords(value);
  if (!words) return [];
  const candidates: NamedAlbum[] = [];
  const add = (title: string | undefined, artist: string | undefined) => {
    const [t, a] = [title?.trim(), artist?.trim()];
    if (t && a) candidates.push({ title: t, artist: a });
  };
  const typed = /^(.+?)\s+[-–—·]\s+(?:Album|Single|EP|Compilation)\s+(?:by|von|de|par|di)\s+(.+)$/i.exec(words);
  if (typed) add(typed[1], typed[2]);
  const bandcamp = /^(.+?),\s+by\s+(.+)$/i.exec(words);
  if (bandcamp) add(bandcamp[1], bandcamp[2]);
  const by = /^(.+)\s+by\s+(.+)$/i.exec(words);
  if (by) add(by[1], by[2]);
  const dash = /^(.+?)\s+[-–—]\s+(.+)$/.exec(words);
  if (dash) {
    add(dash[2], dash[1]);
    add(dash[1], dash[2]);
  }
  return candidates;
}
