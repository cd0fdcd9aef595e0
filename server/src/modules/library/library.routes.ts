import { AlbumPageSchema, AlbumRefParamsSchema } from '@hearsay/contracts/catalog';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import { PageQuerySchema } from '@hearsay/contracts/pagination';
import { AlbumViewerStateSchema } from '@hearsay/contracts/ratings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import type { LibraryService } from './library.service.ts';

export const libraryRoutes: FastifyPluginAsyncZod<{ library: LibraryService }> = async (app, { library }) => {
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
  const state = { params: AlbumRefParamsSchema, response: { 200: AlbumViewerStateSchema, ...errors } };

  app.get(
    '/api/albums/:albumId/me',
    { schema: { tags: ['library'], summary: 'Your rating, like and listen-later mark on an album', ...state } },
    async (request) => library.viewerState(requireViewer(request).id, request.params.albumId),
  );
  app.put(
    '/api/albums/:albumId/like',
    { schema: { tags: ['library'], summary: 'Like an album (idempotent)', ...state } },
    async (request) => library.setLike(requireViewer(request).id, request.params.albumId, true),
  );
  app.delete(
    '/api/albums/:albumId/like',
    { schema: { tags: ['library'], summary: 'Unlike an album (idempotent)', ...state } },
    async (request) => library.setLike(requireViewer(request).id, request.params.albumId, false),
  );
  app.put(
    '/api/albums/:albumId/listen-later',
    { schema: { tags: ['library'], summary: 'Add an album to listen later', ...state } },
    async (request) => library.setListenLater(requireViewer(request).id, request.params.albumId, true),
  );
  app.delete(
    '/api/albums/:albumId/listen-later',
    { schema: { tags: ['library'], summary: 'Take an album off listen later', ...state } },
    async (request) => library.setListenLater(requireViewer(request).id, request.params.albumId, false),
  );

  const list = { querystring: PageQuerySchema, response: { 200: AlbumPageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema } };
  app.get('/api/me/favorites', { schema: { tags: ['library'], summary: 'Albums you liked, newest first', ...list } }, async (request) =>
    library.favorites(requireViewer(request).id, request.query),
  );
  app.get(
    '/api/me/listen-later',
    { schema: { tags: ['library'], summary: 'Albums you mean to listen to, newest first', ...list } },
    async (request) => library.listenLater(requireViewer(request).id, request.query),
  );
};
