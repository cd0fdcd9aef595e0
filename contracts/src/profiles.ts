import { z } from 'zod';
import { AlbumCardSchema, RatingBucketSchema } from './catalog.ts';
import { CollectionPageSchema } from './collections.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';
import { MyRatingsPageSchema, MyRatingsQuerySchema, TopTracksPageSchema } from './ratings.ts';

export const UsernameParamsSchema = z.object({ username: z.string().min(1).max(60) });

export const ProfileStatsSchema = z.object({
  ratings: z.number().int(),
  reviews: z.number().int(),
  /** Collections the viewer can see: all for the owner, public ones for anyone else. */
  lists: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
});

/**
 * Who sees a person's profile and content (Settings → Privacy): everyone signed in, only the followers they approved,
 * or nobody but them. A follow of a profile that is not public is a request until its owner approves it.
 */
export const ProfileVisibilitySchema = z.enum(['public', 'followers', 'private']);
export type ProfileVisibility = z.infer<typeof ProfileVisibilitySchema>;

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
  /** You blocked this person: their profile shows only the way to unblock them. */
  blocked: z.boolean(),
  /** You muted this person: their activity stays out of your feed. */
  muted: z.boolean(),
  visibility: ProfileVisibilitySchema,
  /** You asked to follow this person and they have not answered yet. */
  requested: z.boolean(),
  /** Their profile is not visible to you: only who they are and their counts, no tabs. */
  locked: z.boolean(),
  /** They share their ratings with you (always true for your own profile): their Collection and Ratings tabs. */
  sharesRatings: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const PersonCardSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  isFollowing: z.boolean(),
  isViewer: z.boolean(),
  /**
   * A person of another site (a follower or someone followed across sites): `id` is theirs here, `username` their
   * handle `name@host`, and `follow` the viewer's follow of them.
   */
  remote: z.object({ host: z.string(), follow: z.enum(['none', 'requested', 'following']) }).optional(),
});
export type PersonCard = z.infer<typeof PersonCardSchema>;
export const PersonPageSchema = pageOf(PersonCardSchema);
export const PeopleQuerySchema = PageQuerySchema;

/** After Follow: `requested` when the profile is not public and the follow waits for its owner's approval. */
export const FollowStateSchema = z.object({
  following: z.boolean(),
  requested: z.boolean(),
  followers: z.number().int(),
  viewerFollowing: z.number().int(),
});

export const VisibilityBodySchema = z.object({ visibility: ProfileVisibilitySchema }).strict();
export const VisibilityStateSchema = z.object({ visibility: ProfileVisibilitySchema });

export const FollowRequestSchema = z.object({ person: PersonCardSchema, requestedAt: z.string() });
export const FollowRequestPageSchema = pageOf(FollowRequestSchema);
export type FollowRequest = z.infer<typeof FollowRequestSchema>;

export const BlockStateSchema = z.object({ blocked: z.boolean() });
export const MuteStateSchema = z.object({ muted: z.boolean() });

export const RatingDistributionSchema = z.object({ total: z.number().int(), buckets: z.array(RatingBucketSchema) });

/** The most albums shown in each of the agree and disagree lists. */
export const COMPATIBILITY_LIST_LIMIT = 5;

/** One album both rated: the viewer's rating and the profile owner's, on the 1–10 scale. */
export const SharedRatingSchema = z.object({ album: AlbumCardSchema, yourRating: z.number(), theirRating: z.number() });
export type SharedRating = z.infer<typeof SharedRatingSchema>;

/**
 * GET /api/users/:username/compatibility — how alike the viewer's and the profile owner's ratings are. With fewer
 * than `COMPATIBILITY_MIN_IN_COMMON` albums in common there is only the count. The score is 100 − 20 × the mean
 * absolute difference of the two ratings (1–10 scale), never below 0: the same ratings make 100, one point apart on
 * average 80, five or more points apart 0. `agree` are albums rated within one point of each other (closest first,
 * then the ones you both rate highest); `disagree` are albums two or more points apart (furthest first).
 */
export const CompatibilitySchema = z.discriminatedUnion('enough', [
  z.object({ enough: z.literal(false), inCommon: z.number().int() }),
  z.object({
    enough: z.literal(true),
    inCommon: z.number().int(),
    score: z.number().int().min(0).max(100),
    agree: z.array(SharedRatingSchema),
    disagree: z.array(SharedRatingSchema),
  }),
]);
export type Compatibility = z.infer<typeof CompatibilitySchema>;

const tags = ['profiles'];
const params = UsernameParamsSchema;

/**
 * A public profile and its tabs are open to visitors too (as a signed-in stranger sees them); a profile closed to
 * visitors answers them 401, asking them to sign in. Everything that acts or compares needs a member.
 */
export const profilesEndpoints = {
  profile: endpoint({
    method: 'GET',
    path: '/api/users/:username',
    tags,
    summary: 'A profile with its stats (`me` is you)',
    params,
    responses: { 200: ProfileSchema, ...errorResponses(400, 401, 404) },
  }),
  visibility: endpoint({
    method: 'GET',
    path: '/api/me/visibility',
    access: 'members',
    tags,
    summary: 'Who sees your profile and content',
    responses: { 200: VisibilityStateSchema, ...errorResponses(401) },
  }),
  setVisibility: endpoint({
    method: 'PUT',
    path: '/api/me/visibility',
    access: 'members',
    tags,
    summary: 'Make your profile public, followers only or private; going public approves the follow requests waiting',
    body: VisibilityBodySchema,
    responses: { 200: VisibilityStateSchema, ...errorResponses(400, 401) },
  }),
  followRequests: endpoint({
    method: 'GET',
    path: '/api/me/follow-requests',
    access: 'members',
    tags,
    summary: 'People waiting for you to approve their follow, oldest first',
    query: PageQuerySchema,
    responses: { 200: FollowRequestPageSchema, ...errorResponses(400, 401) },
  }),
  approveFollowRequest: endpoint({
    method: 'PUT',
    path: '/api/me/follow-requests/:username',
    access: 'members',
    tags,
    summary: 'Approve a follow request: they follow you from now on, and are told',
    params,
    responses: { 200: z.object({ approved: z.boolean() }), ...errorResponses(400, 401, 404) },
  }),
  declineFollowRequest: endpoint({
    method: 'DELETE',
    path: '/api/me/follow-requests/:username',
    access: 'members',
    tags,
    summary: 'Decline a follow request (they are not told)',
    params,
    responses: { 200: z.object({ approved: z.boolean() }), ...errorResponses(400, 401, 404) },
  }),
  follow: endpoint({
    method: 'PUT',
    path: '/api/users/:username/follow',
    access: 'members',
    tags,
    summary: 'Follow someone (idempotent); a profile that is not public gets a follow request instead',
    params,
    responses: { 200: FollowStateSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  unfollow: endpoint({
    method: 'DELETE',
    path: '/api/users/:username/follow',
    access: 'members',
    tags,
    summary: 'Unfollow someone, or take back a follow request (idempotent)',
    params,
    responses: { 200: FollowStateSchema, ...errorResponses(400, 401, 404) },
  }),
  block: endpoint({
    method: 'PUT',
    path: '/api/users/:username/block',
    access: 'members',
    tags,
    summary:
      'Block someone (idempotent): each of you is hidden from the other everywhere, follows between you end, and they cannot follow, message, comment on or like anything of yours. They are not told',
    params,
    responses: { 200: BlockStateSchema, ...errorResponses(400, 401, 404) },
  }),
  unblock: endpoint({
    method: 'DELETE',
    path: '/api/users/:username/block',
    access: 'members',
    tags,
    summary: 'Unblock someone (idempotent); follows that the block ended do not come back',
    params,
    responses: { 200: BlockStateSchema, ...errorResponses(400, 401, 404) },
  }),
  mute: endpoint({
    method: 'PUT',
    path: '/api/users/:username/mute',
    access: 'members',
    tags,
    summary: 'Mute someone (idempotent): their activity stays out of your feed. They are not told',
    params,
    responses: { 200: MuteStateSchema, ...errorResponses(400, 401, 404) },
  }),
  unmute: endpoint({
    method: 'DELETE',
    path: '/api/users/:username/mute',
    access: 'members',
    tags,
    summary: 'Unmute someone (idempotent)',
    params,
    responses: { 200: MuteStateSchema, ...errorResponses(400, 401, 404) },
  }),
  followers: endpoint({
    method: 'GET',
    path: '/api/users/:username/followers',
    tags,
    summary: 'Who follows this person',
    params,
    query: PeopleQuerySchema,
    responses: { 200: PersonPageSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  following: endpoint({
    method: 'GET',
    path: '/api/users/:username/following',
    tags,
    summary: 'Whom this person follows',
    params,
    query: PeopleQuerySchema,
    responses: { 200: PersonPageSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  ratings: endpoint({
    method: 'GET',
    path: '/api/users/:username/ratings',
    tags,
    summary: "A person's rated albums: filter by genre, decade, rating; sort by date rated, rating, release date or title",
    params,
    query: MyRatingsQuerySchema,
    responses: { 200: MyRatingsPageSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  topTracks: endpoint({
    method: 'GET',
    path: '/api/users/:username/top-tracks',
    tags,
    summary: "A person's top tracks: the tracks they rated highest, the latest first among equals",
    params,
    query: PageQuerySchema,
    responses: { 200: TopTracksPageSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  ratingDistribution: endpoint({
    method: 'GET',
    path: '/api/users/:username/rating-distribution',
    tags,
    summary: "A person's ratings per half step",
    params,
    responses: { 200: RatingDistributionSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  compatibility: endpoint({
    method: 'GET',
    path: '/api/users/:username/compatibility',
    access: 'members',
    tags,
    summary: 'Taste compatibility between you and this person: a score and the albums you agree and disagree on most',
    params,
    responses: { 200: CompatibilitySchema, ...errorResponses(400, 401, 403, 404) },
  }),
  collections: endpoint({
    method: 'GET',
    path: '/api/users/:username/collections',
    tags,
    summary: "A person's collections (private ones only for their owner)",
    params,
    query: PageQuerySchema,
    responses: { 200: CollectionPageSchema, ...errorResponses(400, 401, 403, 404) },
  }),
};
