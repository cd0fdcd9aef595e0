import { z } from 'zod';
import { OkSchema } from './accounts.ts';
import { AlbumCardSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

export const PLAYED_TRACKS_PAGE_DEFAULT = 50;
export const PLAYED_TRACKS_PAGE_MAX = 100;

/**
 * Where a played track stands against the catalog: `matched` to an album, matched to an album that is still
 * `pending` (added from the listen, waiting for confirmation), or `unmatched` (not matched to an album yet: no album
 * named, none found, or not looked at yet).
 */
export const PlayedTrackStateSchema = z.enum(['matched', 'pending', 'unmatched']);
export type PlayedTrackState = z.infer<typeof PlayedTrackStateSchema>;

/** One track the member played, as their player or an imported history reported it (decision 073). */
export const PlayedTrackSchema = z.object({
  id: z.string(),
  trackName: z.string(),
  artistName: z.string(),
  releaseName: z.string().nullable(),
  /** When it was played (ISO 8601, UTC). */
  playedAt: z.string(),
  durationMs: z.number().int().nullable(),
  /** The player that sent it, as it names itself, when it did. */
  client: z.string().nullable(),
  /** How it came: `api` from a player, or the kind of import. */
  origin: z.string(),
  state: PlayedTrackStateSchema,
  album: AlbumCardSchema.nullable(),
});
export type PlayedTrack = z.infer<typeof PlayedTrackSchema>;

/** `cursor`: where the next page starts, as the previous page gave it. */
export const PlayedTracksQuerySchema = z.object({
  cursor: z
    .string({ error: 'listens_position' })
    .max(200, { error: 'listens_position' })
    .regex(/^\d{1,12}\.[A-Za-z0-9_-]{1,100}$/, { error: 'listens_position' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(PLAYED_TRACKS_PAGE_MAX).default(PLAYED_TRACKS_PAGE_DEFAULT),
});
export type PlayedTracksQuery = z.infer<typeof PlayedTracksQuerySchema>;

/** Newest first; `nextCursor` is null at the end. */
export const PlayedTracksPageSchema = z.object({ items: z.array(PlayedTrackSchema), nextCursor: z.string().nullable() });
export type PlayedTracksPage = z.infer<typeof PlayedTracksPageSchema>;

export const PlayedTrackParamsSchema = z.object({ listenId: z.string().min(1).max(100) });

const tags = ['listens'];

export const listensEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/me/listens',
    access: 'members',
    tags,
    summary: 'The tracks you played (from your players and imported histories), newest first, each with its album when matched',
    query: PlayedTracksQuerySchema,
    responses: { 200: PlayedTracksPageSchema, ...errorResponses(400, 401) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/me/listens/:listenId',
    access: 'members',
    tags,
    summary: 'Delete one of the tracks you played (journal entries already made from it stay)',
    params: PlayedTrackParamsSchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 404) },
  }),
};
