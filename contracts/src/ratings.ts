import { z } from 'zod';
import { AlbumCardSchema, AlbumRefParamsSchema, RatingBucketSchema, RatingValueSchema } from './catalog.ts';
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
    responses: { 200: AlbumRatingSchema, ...errorResponses(400, 401, 404) },
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
