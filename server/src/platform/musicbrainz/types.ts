import type { ExternalLink } from '@hearsay/contracts/catalog';

/**
 * MusicBrainz as the rest of the server sees it: ws/2 answers already parsed into these shapes (parse.ts), fields
 * MusicBrainz may leave out as null or empty. Dates are MusicBrainz's partial dates: "YYYY", "YYYY-MM" or
 * "YYYY-MM-DD".
 */

export interface MbArtistRef {
  mbid: string;
  name: string;
  sortName: string;
  /** Alias names of every kind and locale, when the request included aliases. */
  aliases: string[];
}

/** One credit of an artist credit, in order; `joinPhrase` joins it to the next. */
export interface MbCredit {
  /** The name as credited on this release group (may differ from the artist's name). */
  name: string;
  joinPhrase: string;
  artist: MbArtistRef;
}

export interface MbReleaseGroupSummary {
  mbid: string;
  title: string;
  /** "Album", "Single", "EP", "Broadcast", "Other", or null. */
  primaryType: string | null;
  /** "Compilation", "Soundtrack", "Live", "Remix", "DJ-mix", "Mixtape/Street", "Demo", "Spokenword", … */
  secondaryTypes: string[];
  firstReleaseDate: string | null;
  credits: MbCredit[];
  disambiguation: string | null;
}

/** A search hit carries MusicBrainz's relevance score (0–100). */
export interface MbReleaseGroupHit extends MbReleaseGroupSummary {
  score: number;
}

export interface MbReleaseGroup extends MbReleaseGroupSummary {
  /** Streaming and shop links from the release group's URL relationships. */
  links: ExternalLink[];
  /** Discogs master ids from its URL relationships. */
  discogsMasterIds: number[];
}

export interface MbLabelInfo {
  name: string | null;
  catalogueNumber: string | null;
}

/** A release as a browse by release group lists it: enough to choose the most representative one. */
export interface MbReleaseSummary {
  mbid: string;
  title: string;
  /** "Official", "Promotion", "Bootleg", "Pseudo-Release", or null. */
  status: string | null;
  date: string | null;
  country: string | null;
  /** One entry per medium: "CD", "Digital Media", "12\" Vinyl", …, or null when unknown. */
  formats: (string | null)[];
  trackCount: number;
  labels: MbLabelInfo[];
}

export interface MbTrack {
  /** Position within its medium, from 1. */
  position: number;
  /** The number as printed ("1", "A1"). */
  number: string;
  title: string;
  lengthMs: number | null;
}

export interface MbMedium {
  /** Disc number, from 1. */
  position: number;
  format: string | null;
  tracks: MbTrack[];
}

export interface MbRelease extends MbReleaseSummary {
  credits: MbCredit[];
  media: MbMedium[];
  /** Streaming links from the release's URL relationships (releases carry most of them). */
  links: ExternalLink[];
  releaseGroupMbid: string | null;
}

export interface MbArtistMember {
  mbid: string;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  ended: boolean;
}

export interface MbArtist extends MbArtistRef {
  /** "Person", "Group", "Orchestra", "Choir", "Character", "Other", or null. */
  type: string | null;
  area: string | null;
  /** ISO 3166-1 alpha-2 code of the artist's country, when MusicBrainz's area names one (decision 081). */
  country: string | null;
  beginDate: string | null;
  endDate: string | null;
  ended: boolean;
  disambiguation: string | null;
  /** For a group: its members, from "member of band" relationships. */
  members: MbArtistMember[];
  links: ExternalLink[];
}

/** Why MusicBrainz could not be asked: switched off, or unreachable (network, timeout, repeated 503). */
export type MbUnavailableReason = 'off' | 'unreachable';

export class MusicBrainzUnavailable extends Error {
  override name = 'MusicBrainzUnavailable';
  readonly reason: MbUnavailableReason;
  constructor(reason: MbUnavailableReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface MbRequestOptions {
  /**
   * Background work (enrichment, imports) waits behind requests a person is waiting for. Defaults to false: a
   * person is waiting.
   */
  background?: boolean;
}

/**
 * The MusicBrainz ws/2 client (client.ts). Every method throws MusicBrainzUnavailable when MusicBrainz is off or
 * cannot be reached, and answers null (or []) for an id MusicBrainz does not know.
 */
export interface MusicBrainz {
  readonly enabled: boolean;
  /** Release groups by free text, or by artist and title (Lucene fields `artist:` and `releasegroup:`). */
  searchReleaseGroups(
    query: { text: string } | { artist: string; title: string },
    options?: MbRequestOptions & { limit?: number },
  ): Promise<MbReleaseGroupHit[]>;
  /** `GET /ws/2/release-group/{mbid}?inc=artist-credits+aliases+url-rels` */
  releaseGroup(mbid: string, options?: MbRequestOptions): Promise<MbReleaseGroup | null>;
  /** `GET /ws/2/release?release-group={mbid}&inc=media+labels&status=official` (up to 100 releases). */
  releasesOf(releaseGroupMbid: string, options?: MbRequestOptions): Promise<MbReleaseSummary[]>;
  /**
   * Every release of a release group (its editions), browsed page by page (up to 500): the first page is the same
   * request as `releasesOf`, so an album the enrichment job looked at recently costs no new request.
   */
  editionsOf(releaseGroupMbid: string, options?: MbRequestOptions): Promise<MbReleaseSummary[]>;
  /** `GET /ws/2/release/{mbid}?inc=recordings+labels+artist-credits+url-rels+release-groups` */
  release(mbid: string, options?: MbRequestOptions): Promise<MbRelease | null>;
  /** `GET /ws/2/artist/{mbid}?inc=aliases+url-rels+artist-rels` */
  artist(mbid: string, options?: MbRequestOptions): Promise<MbArtist | null>;
  /** `GET /ws/2/release-group?artist={mbid}` browsed page by page (up to 500). */
  releaseGroupsOfArtist(artistMbid: string, options?: MbRequestOptions): Promise<MbReleaseGroupSummary[]>;
  /** `GET /ws/2/url?resource=https://www.discogs.com/master/{id}&inc=release-group-rels`: the release group it maps to. */
  releaseGroupOfDiscogsMaster(masterId: number, options?: MbRequestOptions): Promise<string | null>;
  /** `GET /ws/2/url?resource={url}&inc=release-rels+release-group-rels`: the release groups and releases linked to a URL. */
  targetsOfUrl(url: string, options?: MbRequestOptions): Promise<{ releaseGroups: string[]; releases: string[] }>;
  /** `GET /ws/2/recording/{mbid}?inc=releases+release-groups`: the release group a recording (a track) is on. */
  releaseGroupOfRecording(mbid: string, options?: MbRequestOptions): Promise<string | null>;
  close(): Promise<void>;
}
