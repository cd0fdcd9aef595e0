import { catalogEndpoints as endpoints } from '@hearsay/contracts/catalog';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import { answerVisitorsFromCache, createJsonCache } from '../../platform/http/json-cache.ts';
import type { OriginOf } from '../../platform/http/client-origin.ts';
import type { CacheMode } from '../../platform/memory-cache.ts';
import type { CatalogService } from './catalog.service.ts';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  /** CACHES: with caches off, visitors' answers are computed for every request too. */
  caches?: CacheMode;
  /** An artist page was seen: its MusicBrainz details may be refreshed in the background (never awaited). */
  onArtistViewed?: (artistId: string) => void;
  /** Where a request came from (browser, address range): an album added by hand records it with its adder's vouch. */
  originOf: OriginOf;
}

export const catalogRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (app, { catalog, caches, onArtistViewed, originOf }) => {
  const visitorCache = createJsonCache({ max: 5000, ttlMs: 5_000, caches });
  catalog.onChange(() => visitorCache.clear());

  route(app, endpoints.albumList, async (request) => catalog.listAlbums(request.query, request.viewer?.id));

  route(app, endpoints.album, async (request, reply) =>
    answerVisitorsFromCache({ viewerId: request.viewer?.id, reply }, visitorCache, `album:${request.params.albumId}`, (viewerId) =>
      catalog.getAlbum(request.params.albumId, viewerId),
    ),
  );

  route(app, endpoints.addByHand, async (request) => catalog.addAlbumByHand(request.body, request.viewer.id, originOf(request)), {
    config: { pace: 'album-by-hand' },
  });
  route(app, endpoints.artistList, async (request) => catalog.listArtists(request.query));

  route(app, endpoints.artist, async (request) => {
    const artist = await catalog.getArtist(request.params.artistId, request.viewer?.id);
    onArtistViewed?.(artist.id);
    return artist;
  });

  route(app, endpoints.genres, async (request) => ({ items: await catalog.listGenres(request.query.kind) }));

  route(app, endpoints.discover, async (request, reply) =>
    answerVisitorsFromCache(
      { viewerId: request.viewer?.id, reply },
      visitorCache,
      `discover:${JSON.stringify(request.query)}`,
      (viewerId) => catalog.discover(request.query, viewerId),
    ),
  );

  route(app, endpoints.chart, async (request, reply) =>
    answerVisitorsFromCache({ viewerId: request.viewer?.id, reply }, visitorCache, `chart:${JSON.stringify(request.query)}`, (viewerId) =>
      catalog.chart(request.query, viewerId),
    ),
  );
};
