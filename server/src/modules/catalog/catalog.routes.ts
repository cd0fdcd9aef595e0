import {
  AlbumDetailSchema,
  AlbumListQuerySchema,
  AlbumPageSchema,
  AlbumRefParamsSchema,
  ChartQuerySchema,
  ChartSchema,
  DiscoverPageSchema,
  DiscoverQuerySchema,
  ArtistDetailSchema,
  ArtistPageSchema,
  ArtistRefParamsSchema,
  GenreListSchema,
} from '@hearsay/contracts/catalog';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import { PageQuerySchema } from '@hearsay/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerVisitorsFromCache, createJsonCache } from '../../platform/http/json-cache.ts';
import type { CatalogService } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const visitorCache = createJsonCache({ max: 5000, ttlMs: 5_000 });
  catalog.onChange(() => visitorCache.clear());

  app.get(
    '/api/albums',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Browse albums by genre, decade, year and release type',
        querystring: AlbumListQuerySchema,
        response: { 200: AlbumPageSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => catalog.listAlbums(request.query, request.viewer?.id),
  );

  app.get(
    '/api/albums/:albumId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One album by id or slug, with tracks and rating distribution',
        params: AlbumRefParamsSchema,
        response: { 200: AlbumDetailSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      answerVisitorsFromCache(
        { viewerId: request.viewer?.id, reply },
        visitorCache,
        `album:${request.params.albumId}`,
        AlbumDetailSchema,
        (viewerId) => catalog.getAlbum(request.params.albumId, viewerId),
      ),
  );

  app.get(
    '/api/artists',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Artists, those with the most albums first',
        querystring: PageQuerySchema,
        response: { 200: ArtistPageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => catalog.listArtists(request.query),
  );

  app.get(
    '/api/artists/:artistId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One artist by id or slug, with the discography grouped by release type',
        params: ArtistRefParamsSchema,
        response: { 200: ArtistDetailSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => catalog.getArtist(request.params.artistId, request.viewer?.id),
  );

  app.get(
    '/api/genres',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Genres (and finer styles) with their album counts',
        querystring: z.object({ kind: z.enum(['genre', 'style']).optional() }),
        response: { 200: GenreListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => ({ items: await catalog.listGenres(request.query.kind) }),
  );

  app.get(
    '/api/discover',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Discover: trending this week (falls back to all-time popularity) or the newest releases',
        querystring: DiscoverQuerySchema,
        response: { 200: DiscoverPageSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      answerVisitorsFromCache(
        { viewerId: request.viewer?.id, reply },
        visitorCache,
        `discover:${JSON.stringify(request.query)}`,
        DiscoverPageSchema,
        (viewerId) => catalog.discover(request.query, viewerId),
      ),
  );

  app.get(
    '/api/charts',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Charts of the week, month, year, decade or all time by Bayesian weighted rating',
        querystring: ChartQuerySchema,
        response: { 200: ChartSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      answerVisitorsFromCache(
        { viewerId: request.viewer?.id, reply },
        visitorCache,
        `chart:${JSON.stringify(request.query)}`,
        ChartSchema,
        (viewerId) => catalog.chart(request.query, viewerId),
      ),
  );
};
