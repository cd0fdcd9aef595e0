import { z } from 'zod';
import { RatingBucketSchema } from './catalog.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

export const UsernameParamsSchema = z.object({ username: z.string().min(1).max(60) });

export const ProfileStatsSchema = z.object({
  ratings: z.number().int(),
  reviews: z.number().int(),
  /** Collections the viewer can see: all for the owner, public ones for anyone else. */
  lists: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
});

/** GET /api/users/:username — `me` is the signed-in person. */
export const ProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
  memberSince: z.string(),
  stats: ProfileStatsSchema,
  isOwner: z.boolean(),
  isFollowing: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const PersonCardSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  isFollowing: z.boolean(),
  isViewer: z.boolean(),
});
export type PersonCard = z.infer<typeof PersonCardSchema>;
export const PersonPageSchema = pageOf(PersonCardSchema);
export const PeopleQuerySchema = PageQuerySchema;

export const FollowStateSchema = z.object({ following: z.boolean(), followers: z.number().int(), viewerFollowing: z.number().int() });

export const RatingDistributionSchema = z.object({ total: z.number().int(), buckets: z.array(RatingBucketSchema) });
