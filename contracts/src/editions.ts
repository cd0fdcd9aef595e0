import { z } from 'zod';
import { AlbumRefParamsSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { MUSICBRAINZ_UNAVAILABLE_REASONS } from './musicbrainz.ts';

/**
 * An album's editions (decision 079): the MusicBrainz releases of its release group, fetched by a background job and
 * kept. MusicBrainz core data (CC0).
 */

export const AlbumEditionLabelSchema = z.object({
  name: z.string().nullable(),
  catalogueNumber: z.string().nullable(),
});

export const AlbumEditionSchema = z.object({
  /** The MusicBrainz release id. */
  mbid: z.string(),
  title: z.string(),
  /** "Official", "Promotion", "Bootleg", or null when MusicBrainz does not say. */
  status: z.string().nullable(),
  /** ISO 3166 code ("GB"), or MusicBrainz's "XE" (Europe) and "XW" (worldwide); null when unknown. */
  country: z.string().nullable(),
  /** MusicBrainz's partial date: "1973", "1973-03" or "1973-03-24". */
  date: z.string().nullable(),
  /** The media, counted: "CD", "2×12\" Vinyl", "CD + DVD"; null when MusicBrainz does not know them. */
  format: z.string().nullable(),
  trackCount: z.number().int(),
  labels: z.array(AlbumEditionLabelSchema),
});
export type AlbumEdition = z.infer<typeof AlbumEditionSchema>;

/**
 * `ready`: the editions as last fetched (maybe none). `fetching`: the job is asking MusicBrainz; ask again shortly.
 * `unavailable`: the site cannot ask MusicBrainz (`reason`) and has nothing kept. `not_on_musicbrainz`: the album is
 * not linked to a MusicBrainz release group.
 */
export const EDITIONS_STATES = ['ready', 'fetching', 'unavailable', 'not_on_musicbrainz'] as const;

export const AlbumEditionsSchema = z.object({
  state: z.enum(EDITIONS_STATES),
  reason: z.enum(MUSICBRAINZ_UNAVAILABLE_REASONS).nullable(),
  /** When MusicBrainz was last asked. */
  fetchedAt: z.string().nullable(),
  /** The release group on MusicBrainz, for a link. */
  releaseGroupMbid: z.string().nullable(),
  editions: z.array(AlbumEditionSchema),
});
export type AlbumEditions = z.infer<typeof AlbumEditionsSchema>;

export const editionsEndpoints = {
  albumEditions: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/editions',
    tags: ['catalog'],
    summary: 'The editions (MusicBrainz releases) of an album, fetched in the background when first asked',
    params: AlbumRefParamsSchema,
    responses: { 200: AlbumEditionsSchema, ...errorResponses(400, 404) },
  }),
};
