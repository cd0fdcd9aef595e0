import { z } from 'zod';
import { AlbumPageSchema, AlbumRefParamsSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { PageQuerySchema } from './pagination.ts';

/** The signed-in person's relation to an album: their rating, like and listen-later mark. */
export const AlbumViewerStateSchema = z.object({
  rating: z.number().nullable(),
  liked: z.boolean(),
  listenLater: z.boolean(),
  likeCount: z.number().int(),
});
export type AlbumViewerState = z.infer<typeof AlbumViewerStateSchema>;

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
};
