import { z } from 'zod';
import { AlbumCardSchema, AlbumRefParamsSchema, RatingBucketSchema, RatingValueSchema, TrackSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

export const RateBodySchema = z.object({ rating: RatingValueSchema });
export type RateBody = z.infer<typeof RateBodySchema>;

/** The answer to rating (or un-rating) an album: your rating and the album's new aggregates. */
export const AlbumRatingSchema = z.object({
  albumId: z.string(),
  rating: z.number().nullable(),
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
  ratingDistribution: z.array(RatingBucketSchema),
});
export type AlbumRating = z.infer<typeof AlbumRatingSchema>;

export const MyRatingSchema = z.object({ album: AlbumCardSchema, rating: z.number(), ratedAt: z.string() });
export const MyRatingsPageSchema = pageOf(MyRatingSchema);

/** date rated, your rating, the album's release date, the album's title. */
export const MY_RATINGS_SORTS = ['date', 'rating', 'release', 'title'] as const;

/** Your ratings: filters by the album's genre and decade and by your own rating; sorted by when you rated or by rating. */
export const MyRatingsQuerySchema = PageQuerySchema.extend({
  genre: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, { error: 'genre_slug' })
    .optional(),
  decade: z.coerce
    .number({ error: 'decade_format' })
    .int({ error: 'decade_format' })
    .min(1900, { error: 'decade_too_early' })
    .max(2100, { error: 'decade_too_late' })
    .multipleOf(10, { error: 'decade_format' })
    .optional(),
  /** Only albums you rated at least this (1 to 10 in half steps). */
  minRating: z.coerce
    .number({ error: 'min_rating_not_a_number' })
    .min(1, { error: 'min_rating_too_low' })
    .max(10, { error: 'min_rating_too_high' })
    .refine((value) => Number.isInteger(value * 2), { error: 'min_rating_steps' })
    .optional(),
  sort: z.enum(MY_RATINGS_SORTS, { error: 'library_sort' }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'order' }).default('desc'),
});
export type MyRatingsQuery = z.infer<typeof MyRatingsQuerySchema>;
export type MyRatingsPage = z.infer<typeof MyRatingsPageSchema>;

/** A track of an album: the album by id or slug, the track by its id (decision 078). */
export const TrackRefParamsSchema = AlbumRefParamsSchema.extend({ trackId: z.string().min(1).max(120) });

/** The answer to rating (or un-rating) a track: your rating and the track's new average and count. */
export const TrackRatingSchema = z.object({
  albumId: z.string(),
  trackId: z.string(),
  rating: z.number().nullable(),
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type TrackRating = z.infer<typeof TrackRatingSchema>;

/** One of a person's top tracks: the track (with everyone's average), its album, their rating and when they gave it. */
export const TopTrackSchema = z.object({ album: AlbumCardSchema, track: TrackSchema, rating: z.number(), ratedAt: z.string() });
export const TopTracksPageSchema = pageOf(TopTrackSchema);
export type TopTrack = z.infer<typeof TopTrackSchema>;
export type TopTracksPage = z.infer<typeof TopTracksPageSchema>;

const tags = ['ratings'];

export const ratingsEndpoints = {
  rate: endpoint({
    method: 'PUT',
    path: '/api/albums/:albumId/rating',
    access: 'members',
    tags,
    summary: 'Rate an album from 1 to 10 in half steps (or change your rating)',
    params: AlbumRefParamsSchema,
    body: RateBodySchema,
    idempotent: true,
    responses: { 200: AlbumRatingSchema, ...errorResponses(400, 401, 404, 409, 422) },
  }),
  unrate: endpoint({
    method: 'DELETE',
    path: '/api/albums/:albumId/rating',
    access: 'members',
    tags,
    summary: 'Remove your rating of an album',
    params: AlbumRefParamsSchema,
    responses: { 200: AlbumRatingSchema, ...errorResponses(400, 401, 404) },
  }),
  rateTrack: endpoint({
    method: 'PUT',
    path: '/api/albums/:albumId/tracks/:trackId/rating',
    access: 'members',
    tags,
    summary: 'Rate a track of an album from 1 to 10 in half steps (or change your rating)',
    params: TrackRefParamsSchema,
    body: RateBodySchema,
    idempotent: true,
    responses: { 200: TrackRatingSchema, ...errorResponses(400, 401, 404, 409, 422, 429) },
  }),
  unrateTrack: endpoint({
    method: 'DELETE',
    path: '/api/albums/:albumId/tracks/:trackId/rating',
    access: 'members',
    tags,
    summary: 'Remove your rating of a track',
    params: TrackRefParamsSchema,
    responses: { 200: TrackRatingSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/me/ratings',
    access: 'members',
    tags,
    summary: 'Your ratings, newest first; filter by genre, decade and minimum rating, sort by date or rating',
    query: MyRatingsQuerySchema,
    responses: { 200: MyRatingsPageSchema, ...errorResponses(400, 401, 404) },
  }),
};
