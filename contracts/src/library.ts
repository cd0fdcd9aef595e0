import { z } from 'zod';
import { AlbumCardSchema, AlbumPageSchema, AlbumRefParamsSchema } from './catalog.ts';
import { AlbumEditionSchema } from './editions.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

/** The signed-in person's relation to an album: their rating, like and listen-later mark. */
export const AlbumViewerStateSchema = z.object({
  rating: z.number().nullable(),
  liked: z.boolean(),
  listenLater: z.boolean(),
  likeCount: z.number().int(),
});
export type AlbumViewerState = z.infer<typeof AlbumViewerStateSchema>;

/**
 * Whether a member owns an album, and on what (decision 079): RateYourMusic's `Ownership` (o, w, u) and `Media Type`.
 * `wishlist` is wanting to own it, which is not the listen-later list (wanting to hear it).
 */
export const OWNERSHIP_STATUSES = ['owned', 'wishlist', 'used_to_own'] as const;
export type OwnershipStatus = (typeof OWNERSHIP_STATUSES)[number];
/** The media offered to choose from; an import keeps whatever RateYourMusic wrote ("LP", "MP3"…), up to MEDIA_TYPE_MAX. */
export const MEDIA_TYPES = ['CD', 'Vinyl', 'Cassette', 'Digital', 'SACD', 'MiniDisc', 'DVD', 'Other'] as const;
export const MEDIA_TYPE_MAX = 40;

export const AlbumOwnershipSchema = z.object({
  status: z.enum(OWNERSHIP_STATUSES),
  mediaType: z.string().nullable(),
  /** The edition owned, when the member said which. */
  edition: AlbumEditionSchema.nullable(),
  updatedAt: z.string(),
});
export type AlbumOwnership = z.infer<typeof AlbumOwnershipSchema>;

export const MyAlbumOwnershipSchema = z.object({ ownership: AlbumOwnershipSchema.nullable() });
export type MyAlbumOwnership = z.infer<typeof MyAlbumOwnershipSchema>;

export const SetOwnershipBodySchema = z.object({
  status: z.enum(OWNERSHIP_STATUSES),
  mediaType: z.string().trim().max(MEDIA_TYPE_MAX, { error: 'media_type_too_long' }).nullish(),
  /** A MusicBrainz release of this album (one of its editions), or null for "not saying which". */
  releaseMbid: z.uuid({ error: 'not_a_musicbrainz_id' }).nullish(),
});
export type SetOwnershipBody = z.infer<typeof SetOwnershipBodySchema>;

export const OwnedQuerySchema = PageQuerySchema.extend({ status: z.enum(OWNERSHIP_STATUSES).default('owned') });
export type OwnedQuery = z.infer<typeof OwnedQuerySchema>;

export const OwnedAlbumSchema = z.object({ album: AlbumCardSchema, ownership: AlbumOwnershipSchema });
export const OwnedAlbumPageSchema = pageOf(OwnedAlbumSchema);
export type OwnedAlbumPage = z.infer<typeof OwnedAlbumPageSchema>;

const tags = ['library'];
const albumMark = { params: AlbumRefParamsSchema, responses: { 200: AlbumViewerStateSchema, ...errorResponses(400, 401, 404) } };
const albumList = { query: PageQuerySchema, responses: { 200: AlbumPageSchema, ...errorResponses(400, 401) } };

export const libraryEndpoints = {
  albumState: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/me',
    access: 'members',
    tags,
    summary: 'Your rating, like and listen-later mark on an album',
    ...albumMark,
  }),
  like: endpoint({
    method: 'PUT',
    path: '/api/albums/:albumId/like',
    access: 'members',
    tags,
    summary: 'Like an album (idempotent)',
    ...albumMark,
  }),
  unlike: endpoint({
    method: 'DELETE',
    path: '/api/albums/:albumId/like',
    access: 'members',
    tags,
    summary: 'Unlike an album (idempotent)',
    ...albumMark,
  }),
  addListenLater: endpoint({
    method: 'PUT',
    path: '/api/albums/:albumId/listen-later',
    access: 'members',
    tags,
    summary: 'Add an album to listen later',
    ...albumMark,
  }),
  removeListenLater: endpoint({
    method: 'DELETE',
    path: '/api/albums/:albumId/listen-later',
    access: 'members',
    tags,
    summary: 'Take an album off listen later',
    ...albumMark,
  }),
  favorites: endpoint({
    method: 'GET',
    path: '/api/me/favorites',
    access: 'members',
    tags,
    summary: 'Albums you liked, newest first',
    ...albumList,
  }),
  listenLater: endpoint({
    method: 'GET',
    path: '/api/me/listen-later',
    access: 'members',
    tags,
    summary: 'Albums you mean to listen to, newest first',
    ...albumList,
  }),
  ownership: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/ownership',
    access: 'members',
    tags,
    summary: 'Whether you own an album, on what medium, and which edition',
    params: AlbumRefParamsSchema,
    responses: { 200: MyAlbumOwnershipSchema, ...errorResponses(400, 401, 404) },
  }),
  setOwnership: endpoint({
    method: 'PUT',
    path: '/api/albums/:albumId/ownership',
    access: 'members',
    tags,
    summary: 'Say that you own an album (or want it, or used to), on what medium, and which edition',
    params: AlbumRefParamsSchema,
    body: SetOwnershipBodySchema,
    responses: { 200: MyAlbumOwnershipSchema, ...errorResponses(400, 401, 404, 422, 429) },
  }),
  removeOwnership: endpoint({
    method: 'DELETE',
    path: '/api/albums/:albumId/ownership',
    access: 'members',
    tags,
    summary: 'Say that you do not own an album',
    params: AlbumRefParamsSchema,
    responses: { 200: MyAlbumOwnershipSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  owned: endpoint({
    method: 'GET',
    path: '/api/me/owned',
    access: 'members',
    tags,
    summary: 'Albums you own (or want, or used to own), newest first',
    query: OwnedQuerySchema,
    responses: { 200: OwnedAlbumPageSchema, ...errorResponses(400, 401) },
  }),
};
