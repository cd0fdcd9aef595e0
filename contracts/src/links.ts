import { z } from 'zod';
import { AlbumCardSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

/**
 * A music link shared to Hearsay (the phone's share sheet opens /share, decision 086) or pasted into the search,
 * turned into the catalog's album: by the MusicBrainz id in the link, by MusicBrainz's own record of the link, by the
 * words shared with it or by the link's page, else a search with what was shared.
 */

/** The streaming and shop sites whose album and track links Hearsay reads. */
export const LINK_SERVICES = ['spotify', 'apple_music', 'bandcamp', 'tidal', 'deezer', 'youtube_music', 'youtube', 'musicbrainz'] as const;
export type LinkService = (typeof LINK_SERVICES)[number];

/** How the album was found: by id, by MusicBrainz's record of the link, by the words shared, by the link's page. */
export const LINK_RESOLUTION_SOURCES = ['musicbrainz_id', 'musicbrainz_link', 'shared_text', 'page_tags'] as const;

const MAX_LINK = 2048;
const MAX_SHARED_TEXT = 1000;

/** A web address (http or https) or a Spotify URI (`spotify:album:…`), as share sheets and copy buttons give them. */
export function isShareableLink(value: string): boolean {
  if (/^spotify:(album|track):[A-Za-z0-9]{10,40}$/.test(value)) return true;
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

export const ResolveLinkQuerySchema = z
  .object({
    url: optionalText(MAX_LINK).refine((value) => value === undefined || isShareableLink(value), { error: 'not_a_link' }),
    text: optionalText(MAX_SHARED_TEXT),
    title: optionalText(MAX_SHARED_TEXT),
  })
  .refine((query) => query.url || query.text || query.title, { error: 'search_empty', path: ['url'] });
export type ResolveLinkQuery = z.input<typeof ResolveLinkQuerySchema>;

export const LinkResolutionSchema = z.object({
  /** `album`: found (or added from MusicBrainz); `search`: not found, search for `query`; `unsupported`: not a music link, nothing to search. */
  outcome: z.enum(['album', 'search', 'unsupported']),
  album: AlbumCardSchema.nullable(),
  /** True when the album was added to the catalog from MusicBrainz for this link. */
  added: z.boolean(),
  via: z.enum(LINK_RESOLUTION_SOURCES).nullable(),
  /** The site the link is of, when Hearsay knows it. */
  service: z.enum(LINK_SERVICES).nullable(),
  /** What to search for when the album was not found: "artist title" as far as they are known, else the shared words. */
  query: z.string(),
});
export type LinkResolution = z.infer<typeof LinkResolutionSchema>;

export const linksEndpoints = {
  resolve: endpoint({
    method: 'GET',
    path: '/api/links/resolve',
    tags: ['links'],
    summary:
      "Find the catalog's album of a shared or pasted music link (Spotify, Apple Music, Bandcamp, Tidal, Deezer, YouTube, MusicBrainz)",
    query: ResolveLinkQuerySchema,
    responses: { 200: LinkResolutionSchema, ...errorResponses(400, 429) },
  }),
};
