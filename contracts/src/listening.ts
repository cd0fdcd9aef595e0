import { z } from 'zod';
import { AlbumCardSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

/** How far back "Played, not rated yet" looks. */
export const PLAYED_NOT_RATED_DAYS = 30;
export const PLAYED_NOT_RATED_MAX = 50;
/** Listens are counted up to this many; past it the status says "more than". */
export const LISTEN_COUNT_CAP = 10_000;

const Moment = z.string().describe('An ISO 8601 timestamp (UTC).');

/** A track as a player reported it. `client`: the player's name (and version), when it said. */
const ReportedTrackSchema = z.object({
  trackName: z.string(),
  artistName: z.string(),
  releaseName: z.string().nullable(),
  client: z.string().nullable(),
});

export const LastListenSchema = ReportedTrackSchema.extend({ at: Moment.describe('When the track was played.') });
export type LastListen = z.infer<typeof LastListenSchema>;

export const NowPlayingSchema = ReportedTrackSchema.extend({ startedAt: Moment });
export type NowPlaying = z.infer<typeof NowPlayingSchema>;

/**
 * What a member needs to connect a player, and whether it works. The three addresses are the same API as different
 * players ask for it: the site's address, the API root (`…/1/`), the submission endpoint (`…/1/submit-listens`).
 */
export const ListeningStatusSchema = z.object({
  siteUrl: z.string(),
  apiRoot: z.string(),
  submitUrl: z.string(),
  /** The latest listen a player sent (imported histories left out): null until the first. */
  lastListen: LastListenSchema.nullable(),
  /** What a player says is playing now; null when nothing is, or it has run out. */
  nowPlaying: NowPlayingSchema.nullable(),
  /** Listens played in the last 24 hours (from players and imports alike) and in all, each up to `LISTEN_COUNT_CAP`. */
  counts: z.object({
    last24Hours: z.number().int(),
    total: z.number().int(),
    /** There are more listens in all than `total` says. */
    capped: z.boolean(),
  }),
});
export type ListeningStatus = z.infer<typeof ListeningStatusSchema>;

export const PlayedNotRatedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PLAYED_NOT_RATED_MAX).default(12),
});
export type PlayedNotRatedQuery = z.infer<typeof PlayedNotRatedQuerySchema>;

export const PlayedNotRatedItemSchema = z.object({
  album: AlbumCardSchema,
  /** Tracks of it played in the period. */
  plays: z.number().int(),
  lastPlayedAt: Moment,
});
export type PlayedNotRatedItem = z.infer<typeof PlayedNotRatedItemSchema>;

/** Albums played in the last `days` days and not rated, the most recently played first. */
export const PlayedNotRatedSchema = z.object({ items: z.array(PlayedNotRatedItemSchema), days: z.number().int() });
export type PlayedNotRated = z.infer<typeof PlayedNotRatedSchema>;

const tags = ['listening'];

export const listeningEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/me/listening',
    access: 'members',
    tags,
    summary: 'Where your players send listens, the last listen received, what is playing now, and how many listens you have',
    responses: { 200: ListeningStatusSchema, ...errorResponses(401) },
  }),
  playedNotRated: endpoint({
    method: 'GET',
    path: '/api/me/played-not-rated',
    access: 'members',
    tags,
    summary: 'Albums you played in the last 30 days and have not rated, the most recently played first',
    query: PlayedNotRatedQuerySchema,
    responses: { 200: PlayedNotRatedSchema, ...errorResponses(400, 401) },
  }),
};
