import { z } from 'zod';
import { AlbumCardSchema, RatingBucketSchema, RatingValueSchema } from './catalog.ts';
import { pageOf } from './pagination.ts';

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

/** Spec §9 labels for each whole point of the scale (half steps take the label below). */
export const RATING_LABELS = [
  'Select a rating',
  'Terrible',
  'Poor',
  'Bad',
  'Subpar',
  'Average',
  'Good',
  'Very good',
  'Great',
  'Excellent',
  'Masterpiece',
] as const;

export function ratingLabel(rating: number | null): string {
  if (!rating) return RATING_LABELS[0];
  return RATING_LABELS[Math.min(10, Math.max(1, Math.floor(rating)))]!;
}

/** GET /api/albums/:albumId/me: the signed-in person's relation to an album. */
export const AlbumViewerStateSchema = z.object({
  rating: z.number().nullable(),
  liked: z.boolean(),
  listenLater: z.boolean(),
  likeCount: z.number().int(),
});
export type AlbumViewerState = z.infer<typeof AlbumViewerStateSchema>;

export const MyRatingSchema = z.object({ album: AlbumCardSchema, rating: z.number(), ratedAt: z.string() });
export const MyRatingsPageSchema = pageOf(MyRatingSchema);
export type MyRatingsPage = z.infer<typeof MyRatingsPageSchema>;
