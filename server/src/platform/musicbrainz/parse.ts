import { LINK_SERVICES, type ExternalLink, type LinkService } from '@hearsay/contracts/catalog';
import type {
  MbArtist,
  MbArtistMember,
  MbArtistRef,
  MbCredit,
  MbMedium,
  MbRelease,
  MbReleaseGroup,
  MbReleaseGroupHit,
  MbReleaseGroupSummary,
  MbReleaseSummary,
} from './types.ts';

/**
 * ws/2 JSON (https://musicbrainz.org/doc/MusicBrainz_API) into the shapes of types.ts. MusicBrainz leaves out what
 * it does not know and what the request did not include, so every field is read as optional: a missing or
 * malformed one becomes null or empty, never an exception.
 */

type Json = Record<string, unknown>;

const object = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(object) : []);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter((item): item is string => item !== null) : []);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function artistRef(value: unknown): MbArtistRef {
  const artist = object(value);
  const name = text(artist.name) ?? '';
  return {
    mbid: text(artist.id) ?? '',
    name,
    sortName: text(artist['sort-name']) ?? name,
    aliases: [...new Set(list(artist.aliases).flatMap((alias) => (text(alias.name) ? [text(alias.name)!] : [])))],
  };
}

function parseCredits(value: unknown): MbCredit[] {
  return list(value).flatMap((credit) => {
    const artist = artistRef(credit.artist);
    const name = text(credit.name) ?? artist.name;
    if (!name || !artist.mbid) return [];
    return [{ name, joinPhrase: typeof credit.joinphrase === 'string' ? credit.joinphrase : '', artist }];
  });
}

function releaseGroupSummary(value: unknown): MbReleaseGroupSummary | null {
  const group = object(value);
  const mbid = text(group.id);
  const title = text(group.title);
  if (!mbid || !title) return null;
  return {
    mbid,
    title,
    primaryType: text(group['primary-type']),
    secondaryTypes: strings(group['secondary-types']),
    firstReleaseDate: text(group['first-release-date']),
    credits: parseCredits(group['artist-credit']),
    disambiguation: text(group.disambiguation),
  };
}

/** `GET /ws/2/release-group?query=…` */
export function parseReleaseGroupSearch(body: unknown): MbReleaseGroupHit[] {
  return list(object(body)['release-groups']).flatMap((group) => {
    const summary = releaseGroupSummary(group);
    return summary ? [{ ...summary, score: number(group.score) ?? Number(group.score ?? 0) }] : [];
  });
}

/** `GET /ws/2/release-group?artist=…` (one page) */
export function parseReleaseGroupBrowse(body: unknown): { groups: MbReleaseGroupSummary[]; total: number } {
  const page = object(body);
  const groups = list(page['release-groups']).flatMap((group) => releaseGroupSummary(group) ?? []);
  return { groups, total: number(page['release-group-count']) ?? groups.length };
}

const HOSTS: [RegExp, LinkService][] = [
  [/(^|\.)spotify\.com$/, 'spotify'],
  [/(^|\.)(music|itunes)\.apple\.com$/, 'apple-music'],
  [/(^|\.)bandcamp\.com$/, 'bandcamp'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)deezer\.com$/, 'deezer'],
  [/(^|\.)tidal\.com$/, 'tidal'],
  [/(^|\.)soundcloud\.com$/, 'soundcloud'],
];

/** "Listen on" links from URL relationships: one per service, in the order of LINK_SERVICES, http(s) only. */
function parseLinks(relations: unknown): ExternalLink[] {
  const found = new Map<LinkService, string>();
  for (const relation of list(relations)) {
    const resource = text(object(relation.url).resource);
    if (!resource) continue;
    let url: URL;
    try {
      url = new URL(resource);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    const host = url.hostname.toLowerCase();
    const service = relation.type === 'official homepage' ? 'official-site' : HOSTS.find(([pattern]) => pattern.test(host))?.[1];
    if (service && !found.has(service)) found.set(service, url.toString());
  }
  return LINK_SERVICES.flatMap((service) => (found.has(service) ? [{ service, url: found.get(service)! }] : []));
}

function discogsMasterIds(relations: unknown): number[] {
  return list(relations).flatMap((relation) => {
    const match = /discogs\.com\/master\/(\d+)/.exec(text(object(relation.url).resource) ?? '');
    return match ? [Number(match[1])] : [];
  });
}

/** `GET /ws/2/release-group/{mbid}?inc=artist-credits+aliases+url-rels` */
export function parseReleaseGroup(body: unknown): MbReleaseGroup | null {
  const summary = releaseGroupSummary(body);
  if (!summary) return null;
  const relations = object(body).relations;
  return { ...summary, links: parseLinks(relations), discogsMasterIds: discogsMasterIds(relations) };
}

function labels(value: unknown) {
  return list(value).map((info) => ({ name: text(object(info.label).name), catalogueNumber: text(info['catalog-number']) }));
}

function releaseSummary(value: unknown): MbReleaseSummary | null {
  const release = object(value);
  const mbid = text(release.id);
  if (!mbid) return null;
  const media = list(release.media);
  return {
    mbid,
    title: text(release.title) ?? '',
    status: text(release.status),
    date: text(release.date),
    country: text(release.country),
    formats: media.map((medium) => text(medium.format)),
    trackCount: media.reduce((sum, medium) => sum + (number(medium['track-count']) ?? list(medium.tracks).length), 0),
    labels: labels(release['label-info']),
  };
}

/** How many releases a browse says there are in all (`release-count`), across its pages. */
export function releaseCount(body: unknown): number {
  return number(object(body)['release-count']) ?? 0;
}

/** `GET /ws/2/release?release-group={mbid}&inc=media+labels` */
export function parseReleaseBrowse(body: unknown): MbReleaseSummary[] {
  return list(object(body).releases).flatMap((release) => releaseSummary(release) ?? []);
}

function media(value: unknown): MbMedium[] {
  return list(value).map((medium, index) => ({
    position: number(medium.position) ?? index + 1,
    format: text(medium.format),
    tracks: list(medium.tracks).map((track, trackIndex) => ({
      position: number(track.position) ?? trackIndex + 1,
      number: text(track.number) ?? String(trackIndex + 1),
      title: text(track.title) ?? text(object(track.recording).title) ?? '',
      lengthMs: number(track.length) ?? number(object(track.recording).length),
    })),
  }));
}

/** `GET /ws/2/release/{mbid}?inc=recordings+labels+artist-credits+url-rels+release-groups` */
export function parseRelease(body: unknown): MbRelease | null {
  const summary = releaseSummary(body);
  if (!summary) return null;
  const release = object(body);
  return {
    ...summary,
    credits: parseCredits(release['artist-credit']),
    media: media(release.media),
    links: parseLinks(release.relations),
    releaseGroupMbid: text(object(release['release-group']).id),
  };
}

function members(relations: unknown): MbArtistMember[] {
  const seen = new Map<string, MbArtistMember>();
  for (const relation of list(relations)) {
    if (relation.type !== 'member of band' || relation.direction !== 'backward') continue;
    const artist = object(relation.artist);
    const mbid = text(artist.id);
    const name = text(artist.name);
    if (!mbid || !name) continue;
    const earlier = seen.get(mbid);
    const begin = text(relation.begin);
    const end = text(relation.end);
    const ended = relation.ended === true;
    // A member who left and came back has several relationships: the first beginning, the last end (none if current).
    const earliest = [earlier?.beginDate, begin].filter((date): date is string => !!date).sort()[0] ?? null;
    const stillIn = !ended || (earlier !== undefined && !earlier.ended);
    const latest =
      [earlier?.endDate, end]
        .filter((date): date is string => !!date)
        .sort()
        .at(-1) ?? null;
    seen.set(mbid, { mbid, name, beginDate: earliest, endDate: stillIn ? null : latest, ended: !stillIn });
  }
  return [...seen.values()];
}

/**
 * The country an artist is from as an ISO 3166-1 code (decision 081): MusicBrainz's `country` (set when the area is a
 * country), else the area's country code, else the country of the area's subdivision code ("GB-ENG" is in GB); a city
 * without codes names none.
 */
function countryOf(artist: Record<string, unknown>): string | null {
  const area = object(artist.area);
  const code = text(artist.country) ?? texts(area['iso-3166-1-codes'])[0] ?? texts(area['iso-3166-2-codes'])[0]?.slice(0, 2) ?? null;
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XW' && code !== 'XE' ? code : null;
}

/** `GET /ws/2/artist/{mbid}?inc=aliases+url-rels+artist-rels` */
export function parseArtist(body: unknown): MbArtist | null {
  const ref = artistRef(body);
  if (!ref.mbid || !ref.name) return null;
  const artist = object(body);
  const lifeSpan = object(artist['life-span']);
  return {
    ...ref,
    type: text(artist.type),
    area: text(object(artist.area).name),
    country: countryOf(artist),
    beginDate: text(lifeSpan.begin),
    endDate: text(lifeSpan.end),
    ended: lifeSpan.ended === true,
    disambiguation: text(artist.disambiguation),
    members: members(artist.relations),
    links: parseLinks(artist.relations),
  };
}

/** `GET /ws/2/url?resource=…&inc=release-group-rels`: the release group the URL belongs to. */
export function parseUrlReleaseGroup(body: unknown): string | null {
  for (const relation of list(object(body).relations)) {
    const group = object(relation.release_group ?? relation['release-group']);
    const mbid = text(group.id);
    if (mbid) return mbid;
  }
  return null;
}

/**
 * `GET /ws/2/url?resource=…&inc=release-rels+release-group-rels`: the release groups and releases MusicBrainz links
 * to the URL (a streaming site's album is usually linked to a release).
 */
export function parseUrlTargets(body: unknown): { releaseGroups: string[]; releases: string[] } {
  const releaseGroups: string[] = [];
  const releases: string[] = [];
  for (const relation of list(object(body).relations)) {
    const group = text(object(relation.release_group ?? relation['release-group']).id);
    if (group) releaseGroups.push(group);
    const release = text(object(relation.release).id);
    if (release) releases.push(release);
  }
  return { releaseGroups: [...new Set(releaseGroups)], releases: [...new Set(releases)] };
}

/** `GET /ws/2/recording/{mbid}?inc=releases+release-groups`: the release group of the recording's first album, else of its first release. */
export function parseRecordingReleaseGroup(body: unknown): string | null {
  const groups = list(object(body).releases).map((release) => object(release['release-group']));
  const album = groups.find((group) => group['primary-type'] === 'Album' && list(group['secondary-types']).length === 0);
  return text((album ?? groups[0])?.id);
}
