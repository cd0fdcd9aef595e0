import { z } from 'zod';
import { AlbumCardSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { LISTENING_PERIODS } from './constants.ts';

export { LISTENING_PERIODS };
export const ListeningPeriodSchema = z.enum(LISTENING_PERIODS, { error: 'listening_period' });
export type ListeningPeriod = z.infer<typeof ListeningPeriodSchema>;
export const LISTENING_PERIOD_DAYS: Record<ListeningPeriod, number> = { week: 7, month: 30, year: 365 };

/** The most albums and artists a period lists. */
export const LISTENING_TOP = 10;
/** A listen whose length neither the player nor the catalog knows counts this long. */
export const LISTEN_LENGTH_GUESS_MS = 210_000;

export const ListeningStatsParamsSchema = z.object({ username: z.string().min(1).max(60) });
export const ListeningStatsQuerySchema = z.object({ period: ListeningPeriodSchema.default('week') });
export type ListeningStatsQuery = z.input<typeof ListeningStatsQuerySchema>;

export const ListeningTopAlbumSchema = z.object({ album: AlbumCardSchema, listens: z.number().int() });
export const ListeningTopArtistSchema = z.object({ name: z.string(), listens: z.number().int() });

/**
 * What a member listened to in a period: how many listens (tracks played), for how long (each listen's length as the
 * player gave it, else the catalog's length of the matched track, else `LISTEN_LENGTH_GUESS_MS`; `guessedListens` is
 * how many counted at that guess), and the albums and artists played most. Albums are those listens matched to, among
 * the albums the viewer may see; artists are the names the players gave, letter case aside.
 */
export const ListeningSummarySchema = z.object({
  listens: z.number().int(),
  listeningMs: z.number().int(),
  guessedListens: z.number().int(),
  topAlbums: z.array(ListeningTopAlbumSchema),
  topArtists: z.array(ListeningTopArtistSchema),
});
export type ListeningSummary = z.infer<typeof ListeningSummarySchema>;

export const ListeningStatsSchema = ListeningSummarySchema.extend({
  period: ListeningPeriodSchema,
  /** The period's first and last instant (ISO). */
  from: z.string(),
  to: z.string(),
});
export type ListeningStats = z.infer<typeof ListeningStatsSchema>;

const tags = ['listening'];

export const listeningStatsEndpoints = {
  stats: endpoint({
    method: 'GET',
    path: '/api/users/:username/listening-stats',
    tags,
    summary:
      "A member's listening in the last week, month or year: listens, listening time, top albums and artists (when their profile is open to you and they share their listening)",
    params: ListeningStatsParamsSchema,
    query: ListeningStatsQuerySchema,
    responses: { 200: ListeningStatsSchema, ...errorResponses(400, 401, 403, 404) },
  }),
};
