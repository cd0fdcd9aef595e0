import { z } from 'zod';
import { COLLECTION_NAME_MAX } from './constants.ts';
import { OkSchema } from './accounts.ts';
import { AlbumCardSchema, AlbumRefParamsSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';
import { CollectionCardSchema } from './search.ts';

export const COLLECTION_DESCRIPTION_MAX = 500;
export const COLLECTION_ALBUMS_MAX = 500;
export const COLLECTION_NOTE_MAX = 500;

const name = z
  .string({ error: 'collection_name_required' })
  .trim()
  .min(1, { error: 'collection_name_required' })
  .max(COLLECTION_NAME_MAX, { error: 'collection_name_too_long' });
const description = z.string().trim().max(COLLECTION_DESCRIPTION_MAX, { error: 'description_too_long' });
const albumId = z.string().min(1).max(200);

/** Spec §2 Create Collection: a name, an optional description, private or not, and at least one album. */
export const CreateCollectionBodySchema = z.object({
  name,
  description: description.default(''),
  isPrivate: z.boolean().default(false),
  ranked: z.boolean().default(false),
  albumIds: z
    .array(albumId)
    .min(1, { error: 'collection_albums_required' })
    .max(COLLECTION_ALBUMS_MAX, { error: 'collection_too_many_albums' }),
});
export type CreateCollectionBody = z.input<typeof CreateCollectionBodySchema>;

export const UpdateCollectionBodySchema = z.object({
  name: name.optional(),
  description: description.optional(),
  isPrivate: z.boolean().optional(),
  ranked: z.boolean().optional(),
});
export type UpdateCollectionBody = z.infer<typeof UpdateCollectionBodySchema>;

export const AddCollectionAlbumBodySchema = z.object({
  albumId,
  note: z.string().trim().max(COLLECTION_NOTE_MAX, { error: 'collection_note_too_long' }).optional(),
});
export const CollectionNoteBodySchema = z.object({
  note: z.string().trim().max(COLLECTION_NOTE_MAX, { error: 'collection_note_too_long' }),
});
export const ReorderCollectionBodySchema = z.object({
  /** Every album of the collection, in the new order. */
  albumIds: z.array(albumId).min(1).max(COLLECTION_ALBUMS_MAX),
});

export const CollectionSummarySchema = CollectionCardSchema.extend({
  description: z.string(),
  isPrivate: z.boolean(),
  ranked: z.boolean(),
  likeCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CollectionSummary = z.infer<typeof CollectionSummarySchema>;

export const CollectionEntrySchema = z.object({ position: z.number().int(), note: z.string(), album: AlbumCardSchema });

export const CollectionSchema = CollectionSummarySchema.extend({
  owner: z.object({ id: z.string(), username: z.string(), name: z.string(), avatarUrl: z.string().nullable() }),
  entries: z.array(CollectionEntrySchema),
  likedByViewer: z.boolean(),
  isOwner: z.boolean(),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CollectionPageSchema = pageOf(CollectionSummarySchema);
export type CollectionPage = z.infer<typeof CollectionPageSchema>;

export const CollectionListQuerySchema = PageQuerySchema.extend({
  sort: z.enum(['popular', 'recent'], { error: 'collection_sort' }).default('popular'),
});

export const CollectionParamsSchema = z.object({ collectionId: z.string().min(1).max(100) });
export const CollectionAlbumParamsSchema = CollectionParamsSchema.extend({ albumId });

/** For "Add to Collection" on an album page: your collections and whether each already holds the album. */
export const AlbumCollectionChoicesSchema = z.object({
  collections: z.array(
    z.object({ id: z.string(), title: z.string(), isPrivate: z.boolean(), albumCount: z.number().int(), hasAlbum: z.boolean() }),
  ),
});

export const CollectionLikeSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });

const tags = ['collections'];

export const collectionsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/collections',
    tags,
    summary: 'Public collections, most liked lately or newest',
    query: CollectionListQuerySchema,
    responses: { 200: CollectionPageSchema, ...errorResponses(400) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/collections',
    access: 'members',
    tags,
    summary: 'Create a collection with at least one album',
    body: CreateCollectionBodySchema,
    responses: { 201: CollectionSchema, ...errorResponses(400, 401, 429) },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/me/collections',
    access: 'members',
    tags,
    summary: 'Your collections (private ones too), newest first',
    query: PageQuerySchema,
    responses: { 200: CollectionPageSchema, ...errorResponses(400, 401) },
  }),
  albumChoices: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/collections/mine',
    access: 'members',
    tags,
    summary: 'Your collections, and whether each holds this album (for Add to Collection)',
    params: AlbumRefParamsSchema,
    responses: { 200: AlbumCollectionChoicesSchema, ...errorResponses(400, 401, 404) },
  }),
  collection: endpoint({
    method: 'GET',
    path: '/api/collections/:collectionId',
    tags,
    summary: 'A collection with its albums in order (404 if private and not yours)',
    params: CollectionParamsSchema,
    responses: { 200: CollectionSchema, ...errorResponses(400, 404) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/collections/:collectionId',
    access: 'members',
    tags,
    summary: 'Rename, describe, make private or ranked',
    params: CollectionParamsSchema,
    body: UpdateCollectionBodySchema,
    responses: { 200: CollectionSchema, ...errorResponses(400, 401, 404) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/collections/:collectionId',
    access: 'members',
    tags,
    summary: 'Delete your collection',
    params: CollectionParamsSchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 404) },
  }),
  addAlbum: endpoint({
    method: 'POST',
    path: '/api/collections/:collectionId/albums',
    access: 'members',
    tags,
    summary: 'Add an album at the end',
    params: CollectionParamsSchema,
    body: AddCollectionAlbumBodySchema,
    responses: { 200: CollectionSchema, ...errorResponses(400, 401, 404) },
  }),
  reorder: endpoint({
    method: 'PUT',
    path: '/api/collections/:collectionId/order',
    access: 'members',
    tags,
    summary: 'Put the albums in a new order',
    params: CollectionParamsSchema,
    body: ReorderCollectionBodySchema,
    responses: { 200: CollectionSchema, ...errorResponses(400, 401, 404) },
  }),
  setNote: endpoint({
    method: 'PUT',
    path: '/api/collections/:collectionId/albums/:albumId/note',
    access: 'members',
    tags,
    summary: 'Set the note on an album',
    params: CollectionAlbumParamsSchema,
    body: CollectionNoteBodySchema,
    responses: { 200: CollectionSchema, ...errorResponses(400, 401, 404) },
  }),
  removeAlbum: endpoint({
    method: 'DELETE',
    path: '/api/collections/:collectionId/albums/:albumId',
    access: 'members',
    tags,
    summary: 'Take an album out',
    params: CollectionAlbumParamsSchema,
    responses: { 200: CollectionSchema, ...errorResponses(400, 401, 404) },
  }),
  like: endpoint({
    method: 'PUT',
    path: '/api/collections/:collectionId/like',
    access: 'members',
    tags,
    summary: 'Like a collection',
    params: CollectionParamsSchema,
    responses: { 200: CollectionLikeSchema, ...errorResponses(400, 401, 404) },
  }),
  unlike: endpoint({
    method: 'DELETE',
    path: '/api/collections/:collectionId/like',
    access: 'members',
    tags,
    summary: 'Unlike a collection',
    params: CollectionParamsSchema,
    responses: { 200: CollectionLikeSchema, ...errorResponses(400, 401, 404) },
  }),
};
