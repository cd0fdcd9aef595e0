import { z } from 'zod';
import { AlbumCardSchema, GenreRefSchema, RatingBucketSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { ListeningSummarySchema, ListeningTopAlbumSchema } from './listening-stats.ts';
import { errorResponses } from './errors.ts';

/** A calendar year as four digits; whether the person has that year at all is the server's answer (404). */
export const YearParamsSchema = z.object({
  username: z.string().min(1).max(60),
  year: z
    .string()
    .regex(/^\d{4}$/, { error: 'year_format' })
    .transform(Number),
});
export type YearParams = z.input<typeof YearParamsSchema>;

/** The most albums in the top-rated grid, and the most genres, decades and most-listened albums. */
export const YEAR_TOP_ALBUMS = 12;
export const YEAR_TOP_GROUPS = 5;

export const YearAlbumSchema = z.object({ album: AlbumCardSchema, rating: z.number() });
export const YearGenreSchema = GenreRefSchema.extend({ count: z.number().int() });
export const YearDecadeSchema = z.object({ decade: z.number().int(), count: z.number().int() });

/** The review of the year with the most likes (ties: the earlier one). */
export const YearReviewSchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  rating: z.number(),
  likeCount: z.number().int(),
  createdAt: z.string(),
  album: AlbumCardSchema,
});

/**
 * GET /api/users/:username/year/:year — a member's year in music: everything counted by its own date (a rating's and
 * a review's creation, a journal entry's day) within the calendar year in UTC, over albums the viewer may see.
 * Ratings on the 1–10 scale; `distribution` has every half step. `listens` and `mostListened` are null when the
 * member keeps their listens to themselves.
 */
export const YearInReviewSchema = z.object({
  person: z.object({ username: z.string(), name: z.string(), avatarUrl: z.string().nullable() }),
  year: z.number().int(),
  /** The years there are pages for: the year the member joined through the current one. */
  firstYear: z.number().int(),
  lastYear: z.number().int(),
  isOwner: z.boolean(),
  rated: z.number().int(),
  /** Mean of the year's ratings, one decimal; null with none. */
  averageRating: z.number().nullable(),
  distribution: z.array(RatingBucketSchema),
  topRated: z.array(YearAlbumSchema),
  topGenres: z.array(YearGenreSchema),
  topDecades: z.array(YearDecadeSchema),
  listens: z.number().int().nullable(),
  mostListened: z.array(ListeningTopAlbumSchema).nullable(),
  /** The year's tracks played (from players and imported histories): time, top albums and artists; null as `listens`. */
  listening: ListeningSummarySchema.nullable(),
  reviewsWritten: z.number().int(),
  topReview: YearReviewSchema.nullable(),
  /** People who started following them that year, and people they started following. */
  newFollowers: z.number().int(),
  newFollowing: z.number().int(),
});
export type YearInReview = z.infer<typeof YearInReviewSchema>;

const tags = ['year-in-review'];

export const yearInReviewEndpoints = {
  year: endpoint({
    method: 'GET',
    path: '/api/users/:username/year/:year',
    tags,
    summary:
      "A member's year in review: albums rated, average and distribution, top albums, genres and decades, most listened, their best-liked review",
    params: YearParamsSchema,
    responses: { 200: YearInReviewSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  card: endpoint({
    method: 'GET',
    path: '/api/users/:username/year/:year/card.png',
    tags,
    summary:
      'The 1200×630 PNG a shared year-in-review link shows; a profile that is not public, or keeps its ratings to itself, gets the default picture',
    params: YearParamsSchema,
    responses: { 200: z.unknown().describe('image/png'), ...errorResponses(400, 404) },
  }),
};
