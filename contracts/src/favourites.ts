import { z } from 'zod';
import { AlbumCardSchema, AlbumRefParamsSchema } from './catalog.ts';
import { CollectionPageSchema, CollectionSummarySchema } from './collections.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { FeedPersonSchema } from './feed.ts';
import { PageQuerySchema } from './pagination.ts';
import { UsernameParamsSchema } from './profiles.ts';

/** How many favourite albums a profile shows at its top (decision 082). */
export const FAVOURITE_ALBUMS_MAX = 4;

/** A member's favourite albums, in their order: at most four, each an album the catalog lists publicly. */
export const FavouriteAlbumsSchema = z.object({ items: z.array(AlbumCardSchema) });
export type FavouriteAlbums = z.infer<typeof FavouriteAlbumsSchema>;

/** Your whole choice, in order (ids or slugs): saving it adds, reorders and removes in one go; an empty list clears it. */
export const SetFavouriteAlbumsBodySchema = z.object({
  albumIds: z
    .array(z.string().min(1).max(200))
    .max(FAVOURITE_ALBUMS_MAX, { error: 'favourite_albums_over_limit' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'favourite_albums_duplicate' }),
});
export type SetFavouriteAlbumsBody = z.infer<typeof SetFavouriteAlbumsBodySchema>;

/** Someone you follow who rated an album, with their rating. */
export const FollowedRatingSchema = z.object({ person: FeedPersonSchema, rating: z.number(), ratedAt: z.string() });
export type FollowedRating = z.infer<typeof FollowedRatingSchema>;

/** How many lists and people an album page shows before "See all". */
export const ALBUM_CIRCLE_LISTS = 4;
export const ALBUM_CIRCLE_PEOPLE = 12;

/**
 * What an album page shows around the album: the lists containing it that you may see, and the people you follow who
 * rated it (none for a visitor), each with how many there are in all.
 */
export const AlbumCircleSchema = z.object({
  lists: z.object({ items: z.array(CollectionSummarySchema), total: z.number().int() }),
  followedRatings: z.object({ items: z.array(FollowedRatingSchema), total: z.number().int() }),
});
export type AlbumCircle = z.infer<typeof AlbumCircleSchema>;

const tags = ['favourites'];

export const favouritesEndpoints = {
  favouriteAlbums: endpoint({
    method: 'GET',
    path: '/api/users/:username/favourite-albums',
    tags: ['profiles'],
    summary: 'A member’s four favourite albums, in their order (`me` is you), for whoever may see their profile',
    params: UsernameParamsSchema,
    responses: { 200: FavouriteAlbumsSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  setFavouriteAlbums: endpoint({
    method: 'PUT',
    path: '/api/me/favourite-albums',
    access: 'members',
    tags: ['profiles'],
    summary: 'Choose your favourite albums: at most four, each once, in order; an empty list clears them',
    body: SetFavouriteAlbumsBodySchema,
    responses: { 200: FavouriteAlbumsSchema, ...errorResponses(400, 401, 429) },
  }),
  albumCircle: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/circle',
    tags,
    summary: 'Lists containing an album that you may see, and the people you follow who rated it, the first few of each',
    params: AlbumRefParamsSchema,
    responses: { 200: AlbumCircleSchema, ...errorResponses(400, 404) },
  }),
  albumLists: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/lists',
    tags: ['collections'],
    summary: 'Every list containing an album that you may see, most liked first',
    params: AlbumRefParamsSchema,
    query: PageQuerySchema,
    responses: { 200: CollectionPageSchema, ...errorResponses(400, 404) },
  }),
};
