import { OkSchema } from '@hearsay/contracts/accounts';
import { AlbumRefParamsSchema } from '@hearsay/contracts/catalog';
import {
  AddCollectionAlbumBodySchema,
  AlbumCollectionChoicesSchema,
  CollectionAlbumParamsSchema,
  CollectionLikeSchema,
  CollectionListQuerySchema,
  CollectionNoteBodySchema,
  CollectionPageSchema,
  CollectionParamsSchema,
  CollectionSchema,
  CreateCollectionBodySchema,
  ReorderCollectionBodySchema,
  UpdateCollectionBodySchema,
} from '@hearsay/contracts/collections';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import { PageQuerySchema } from '@hearsay/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import type { CollectionsService } from './collections.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['collections'];

export const collectionsRoutes: FastifyPluginAsyncZod<{ collections: CollectionsService }> = async (app, { collections }) => {
  app.get(
    '/api/collections',
    {
      schema: {
        tags,
        summary: 'Public collections, most liked lately or newest',
        querystring: CollectionListQuerySchema,
        response: { 200: CollectionPageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => (request.query.sort === 'recent' ? collections.recent(request.query) : collections.popular(request.query)),
  );
  app.post(
    '/api/collections',
    {
      config: { pace: 'collection' },
      schema: {
        tags,
        summary: 'Create a collection with at least one album',
        body: CreateCollectionBodySchema,
        response: { 201: CollectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return collections.create(requireViewer(request).id, request.body);
    },
  );
  app.get(
    '/api/me/collections',
    {
      schema: {
        tags,
        summary: 'Your collections (private ones too), newest first',
        querystring: PageQuerySchema,
        response: { 200: CollectionPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return collections.ofOwner(viewer.id, viewer.id, request.query);
    },
  );
  app.get(
    '/api/albums/:albumId/collections/mine',
    {
      schema: {
        tags,
        summary: 'Your collections, and whether each holds this album (for Add to Collection)',
        params: AlbumRefParamsSchema,
        response: { 200: AlbumCollectionChoicesSchema, ...errors },
      },
    },
    async (request) => collections.choicesForAlbum(requireViewer(request).id, request.params.albumId),
  );

  const one = { params: CollectionParamsSchema };
  app.get(
    '/api/collections/:collectionId',
    {
      schema: {
        tags,
        summary: 'A collection with its albums in order (404 if private and not yours)',
        ...one,
        response: { 200: CollectionSchema, ...errors },
      },
    },
    async (request) => collections.detail(request.params.collectionId, request.viewer?.id),
  );
  app.patch(
    '/api/collections/:collectionId',
    {
      schema: {
        tags,
        summary: 'Rename, describe, make private or ranked',
        ...one,
        body: UpdateCollectionBodySchema,
        response: { 200: CollectionSchema, ...errors },
      },
    },
    async (request) => collections.update(requireViewer(request).id, request.params.collectionId, request.body),
  );
  app.delete(
    '/api/collections/:collectionId',
    { schema: { tags, summary: 'Delete your collection', ...one, response: { 200: OkSchema, ...errors } } },
    async (request) => collections.remove(requireViewer(request).id, request.params.collectionId),
  );
  app.post(
    '/api/collections/:collectionId/albums',
    {
      schema: {
        tags,
        summary: 'Add an album at the end',
        ...one,
        body: AddCollectionAlbumBodySchema,
        response: { 200: CollectionSchema, ...errors },
      },
    },
    async (request) =>
      collections.addAlbum(requireViewer(request).id, request.params.collectionId, request.body.albumId, request.body.note),
  );
  app.put(
    '/api/collections/:collectionId/order',
    {
      schema: {
        tags,
        summary: 'Put the albums in a new order',
        ...one,
        body: ReorderCollectionBodySchema,
        response: { 200: CollectionSchema, ...errors },
      },
    },
    async (request) => collections.reorder(requireViewer(request).id, request.params.collectionId, request.body.albumIds),
  );
  app.put(
    '/api/collections/:collectionId/albums/:albumId/note',
    {
      schema: {
        tags,
        summary: 'Set the note on an album',
        params: CollectionAlbumParamsSchema,
        body: CollectionNoteBodySchema,
        response: { 200: CollectionSchema, ...errors },
      },
    },
    async (request) =>
      collections.setNote(requireViewer(request).id, request.params.collectionId, request.params.albumId, request.body.note),
  );
  app.delete(
    '/api/collections/:collectionId/albums/:albumId',
    { schema: { tags, summary: 'Take an album out', params: CollectionAlbumParamsSchema, response: { 200: CollectionSchema, ...errors } } },
    async (request) => collections.removeAlbum(requireViewer(request).id, request.params.collectionId, request.params.albumId),
  );
  app.put(
    '/api/collections/:collectionId/like',
    { schema: { tags, summary: 'Like a collection', ...one, response: { 200: CollectionLikeSchema, ...errors } } },
    async (request) => collections.setLike(requireViewer(request).id, request.params.collectionId, true),
  );
  app.delete(
    '/api/collections/:collectionId/like',
    { schema: { tags, summary: 'Unlike a collection', ...one, response: { 200: CollectionLikeSchema, ...errors } } },
    async (request) => collections.setLike(requireViewer(request).id, request.params.collectionId, false),
  );
};
