import { z } from 'zod';
import { AlbumCardSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

/**
 * MusicBrainz in the catalog: searching its release groups for an album the catalog lacks, adding one, and the
 * enrichment job's progress. MusicBrainz core data is CC0; cover images come from the Cover Art Archive.
 */

const MBID = z.uuid({ error: 'not_a_musicbrainz_id' });

export const MusicBrainzSearchQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'search_empty' }).max(200),
  limit: z.coerce.number().int().min(1).max(25).default(10),
});
export type MusicBrainzSearchQuery = z.infer<typeof MusicBrainzSearchQuerySchema>;

export const MusicBrainzReleaseGroupSchema = z.object({
  mbid: z.string(),
  title: z.string(),
  /** MusicBrainz's primary type ("Album", "EP", "Single", …) or null. */
  primaryType: z.string().nullable(),
  secondaryTypes: z.array(z.string()),
  year: z.number().int().nullable(),
  artistCredit: z.string(),
  disambiguation: z.string().nullable(),
  /** The catalog's album for this release group, when it has one already. */
  album: z.object({ id: z.string(), slug: z.string() }).nullable(),
});
export type MusicBrainzReleaseGroup = z.infer<typeof MusicBrainzReleaseGroupSchema>;

export const MUSICBRAINZ_UNAVAILABLE_REASONS = ['off', 'unreachable'] as const;

export const MusicBrainzSearchResultSchema = z.object({
  /** False when the site cannot ask MusicBrainz; `reason` says why and `results` is empty. */
  available: z.boolean(),
  reason: z.enum(MUSICBRAINZ_UNAVAILABLE_REASONS).nullable(),
  results: z.array(MusicBrainzReleaseGroupSchema),
});
export type MusicBrainzSearchResult = z.infer<typeof MusicBrainzSearchResultSchema>;

export const ReleaseGroupParamsSchema = z.object({ mbid: MBID });

export const AddedAlbumSchema = z.object({
  album: AlbumCardSchema,
  /** False when the catalog already had this release group. */
  added: z.boolean(),
});
export type AddedAlbum = z.infer<typeof AddedAlbumSchema>;

export const ENRICHMENT_STATES = ['off', 'waiting', 'running', 'done'] as const;

/** How far the enrichment job has come in giving the catalog MusicBrainz's data. */
export const EnrichmentStatusSchema = z.object({
  state: z.enum(ENRICHMENT_STATES),
  /** Albums in the catalog, and those with a MusicBrainz id. */
  albums: z.number().int(),
  withMusicBrainz: z.number().int(),
  /** Albums the job looked at and left alone: several candidates, or none. */
  ambiguous: z.number().int(),
  notFound: z.number().int(),
  /** Albums still to look at. */
  remaining: z.number().int(),
});
export type EnrichmentStatus = z.infer<typeof EnrichmentStatusSchema>;

const tags = ['musicbrainz'];

export const musicbrainzEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/musicbrainz/release-groups',
    tags,
    summary: 'Search MusicBrainz for release groups (albums, EPs, singles), marking those the catalog has',
    query: MusicBrainzSearchQuerySchema,
    responses: { 200: MusicBrainzSearchResultSchema, ...errorResponses(400, 429) },
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/musicbrainz/release-groups/:mbid',
    access: 'members',
    tags,
    summary: 'Add a MusicBrainz release group to the catalog (once), with its artists, tracklist, label and cover',
    params: ReleaseGroupParamsSchema,
    responses: { 200: AddedAlbumSchema, ...errorResponses(400, 401, 404, 429, 503) },
  }),
  enrichment: endpoint({
    method: 'GET',
    path: '/api/catalog/enrichment',
    tags,
    summary: 'Progress of the job that gives catalog albums their MusicBrainz data',
    responses: { 200: EnrichmentStatusSchema },
  }),
};
