import { z } from 'zod';
import { AlbumCardSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { RemotePostSchema } from './federation.ts';

/** How many activity rows one page of the feed reads; grouping and the rules may show fewer items. */
export const FEED_PAGE_SIZE = 30;
/** "Ana rated 6 albums": at most this many covers in one group of consecutive ratings. */
export const FEED_GROUP_MAX = 6;
/** A member following fewer people than this is shown the starter section: their feed is still mostly quiet. */
export const STARTER_FOLLOWS_BELOW = 3;
/** Suggestions explain themselves with the albums both people rated this high or higher. */
export const SUGGESTION_HIGH_RATING = 8;

/** Where the next page starts: opaque to the caller, given back by the previous page. */
export const FeedQuerySchema = z.object({
  cursor: z
    .string({ error: 'feed_position' })
    .max(200, { error: 'feed_position' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'feed_position' })
    .optional(),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

export const FeedPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type FeedPerson = z.infer<typeof FeedPersonSchema>;

export const FeedReviewSchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** The author's current rating of the album. */
  rating: z.number(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByViewer: z.boolean(),
  createdAt: z.string(),
});
export type FeedReview = z.infer<typeof FeedReviewSchema>;

export const FeedCollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  albumCount: z.number().int(),
  coverUrls: z.array(z.string()),
});
export type FeedCollection = z.infer<typeof FeedCollectionSchema>;

const itemBase = { id: z.string(), actor: FeedPersonSchema, at: z.string() };

/** Consecutive ratings by one person, newest first: one album, or "rated 6 albums" with their covers. */
export const FeedRatingsItemSchema = z.object({
  kind: z.literal('ratings'),
  ...itemBase,
  ratings: z.array(z.object({ album: AlbumCardSchema, rating: z.number() })).min(1),
});
export const FeedReviewItemSchema = z.object({ kind: z.literal('review'), ...itemBase, album: AlbumCardSchema, review: FeedReviewSchema });
/** A new public collection (`album` null), or an album added to one. */
export const FeedCollectionItemSchema = z.object({
  kind: z.literal('collection'),
  ...itemBase,
  collection: FeedCollectionSchema,
  album: AlbumCardSchema.nullable(),
});
export const FeedFollowItemSchema = z.object({ kind: z.literal('follow'), ...itemBase, person: FeedPersonSchema });
/** A listen logged in the journal: the album, the day and the rating of that listen (the note stays private). */
export const FeedListenItemSchema = z.object({
  kind: z.literal('listen'),
  ...itemBase,
  album: AlbumCardSchema,
  listenedOn: z.string(),
  rating: z.number().nullable(),
});

/** A rating or review from a person of another site the member follows (federation, decision 067). */
export const FeedRemoteItemSchema = z.object({ kind: z.literal('remote'), id: z.string(), at: z.string(), post: RemotePostSchema });

export const FeedItemSchema = z.discriminatedUnion('kind', [
  FeedRatingsItemSchema,
  FeedReviewItemSchema,
  FeedCollectionItemSchema,
  FeedFollowItemSchema,
  FeedListenItemSchema,
  FeedRemoteItemSchema,
]);
export type FeedItem = z.infer<typeof FeedItemSchema>;

/** Newest first; `nextCursor` is null at the end. */
export const FeedPageSchema = z.object({ items: z.array(FeedItemSchema), nextCursor: z.string().nullable() });
export type FeedPage = z.infer<typeof FeedPageSchema>;

/** A review shown beside the feed, with its album and author. */
export const SidebarReviewSchema = z.object({ album: AlbumCardSchema, author: FeedPersonSchema, review: FeedReviewSchema });
export type SidebarReview = z.infer<typeof SidebarReviewSchema>;

/** Why someone is suggested, from real ratings: they gave `count` of the albums you rated 8+ an 8+ too. */
export const SuggestionReasonSchema = z.object({
  kind: z.literal('shared_high_ratings'),
  count: z.number().int().min(1),
  threshold: z.number(),
});

export const FeedSidebarSchema = z.object({
  /** Albums most rated by the people you follow in the last 7 days, with how many of them rated each. */
  popular: z.array(z.object({ album: AlbumCardSchema, raters: z.number().int() })),
  /** The newest reviews by people you follow. */
  reviews: z.array(SidebarReviewSchema),
  suggestions: z.array(z.object({ person: FeedPersonSchema, reason: SuggestionReasonSchema })),
  /**
   * For someone following fewer than STARTER_FOLLOWS_BELOW people: albums from the genres and artists they chose at
   * onboarding that they have not rated (`fromChoices` false: the site's most rated instead, as they chose nothing or
   * nothing matched), active reviewers who rate those albums (topped up with the site's most active ones), and the
   * site's recent reviews; otherwise null.
   */
  starter: z
    .object({
      albums: z.array(AlbumCardSchema),
      fromChoices: z.boolean(),
      reviewers: z.array(
        z.object({
          person: FeedPersonSchema,
          reviewCount: z.number().int(),
          /** How many of the albums from the member's choices this person rated (0 for the site's active reviewers). */
          ratedOfChoices: z.number().int(),
        }),
      ),
      reviews: z.array(SidebarReviewSchema),
    })
    .nullable(),
});
export type FeedSidebar = z.infer<typeof FeedSidebarSchema>;

const tags = ['feed'];

export const feedEndpoints = {
  page: endpoint({
    method: 'GET',
    path: '/api/feed',
    access: 'members',
    tags,
    summary: 'The home feed: what the people you follow did, newest first, a page at a time',
    query: FeedQuerySchema,
    responses: { 200: FeedPageSchema, ...errorResponses(400, 401) },
  }),
  sidebar: endpoint({
    method: 'GET',
    path: '/api/feed/sidebar',
    access: 'members',
    tags,
    summary: 'Beside the feed: popular with the people you follow this week, their new reviews, people to follow and why',
    responses: { 200: FeedSidebarSchema, ...errorResponses(401) },
  }),
};
