import { z } from 'zod';
import { AlbumCardSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';

export const SiteStatsSchema = z.object({
  members: z.number().int(),
  ratings: z.number().int(),
  albums: z.number().int(),
});
export type SiteStats = z.infer<typeof SiteStatsSchema>;

export const TestimonialSchema = z.object({
  reviewId: z.string(),
  excerpt: z.string(),
  rating: z.number(),
  authorName: z.string(),
  authorUsername: z.string(),
  albumTitle: z.string(),
  albumSlug: z.string(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

export const LandingGenreSchema = z.object({ slug: z.string(), name: z.string(), albumCount: z.number().int() });

export const LandingSchema = z.object({
  stats: SiteStatsSchema,
  featuredAlbums: z.array(AlbumCardSchema),
  genres: z.array(LandingGenreSchema),
  testimonials: z.array(TestimonialSchema),
});
export type Landing = z.infer<typeof LandingSchema>;

export const HealthSchema = z.object({ status: z.literal('ok') });
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});

const tags = ['site'];

export const siteEndpoints = {
  landing: endpoint({
    method: 'GET',
    path: '/api/site/landing',
    tags,
    summary: 'Everything the landing page shows: real counts, featured albums, genres, quoted reviews',
    responses: { 200: LandingSchema },
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/site/stats',
    tags,
    summary: 'Members, ratings and albums on this site',
    responses: { 200: SiteStatsSchema },
  }),
};
