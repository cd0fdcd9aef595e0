import { libraryEndpoints as endpoints } from '@hearsay/contracts/library';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { LibraryService } from './library.service.ts';

export const libraryRoutes: FastifyPluginAsync<{ library: LibraryService }> = async (app, { library }) => {
  route(app, endpoints.albumState, async (request) => library.viewerState(request.viewer.id, request.params.albumId));

  route(app, endpoints.like, async (request) => library.setLike(request.viewer.id, request.params.albumId, true));
  route(app, endpoints.unlike, async (request) => library.setLike(request.viewer.id, request.params.albumId, false));

  route(app, endpoints.addListenLater, async (request) => library.setListenLater(request.viewer.id, request.params.albumId, true));
  route(app, endpoints.removeListenLater, async (request) => library.setListenLater(request.viewer.id, request.params.albumId, false));

  route(app, endpoints.ownership, async (request) => library.ownership(request.viewer.id, request.params.albumId));
  route(app, endpoints.setOwnership, async (request) => library.setOwnership(request.viewer.id, request.params.albumId, request.body), {
    config: { pace: 'ownership' },
  });
  route(app, endpoints.removeOwnership, async (request) => library.removeOwnership(request.viewer.id, request.params.albumId), {
    config: { pace: 'ownership' },
  });
  route(app, endpoints.owned, async (request) => library.owned(request.viewer.id, request.query));

  route(app, endpoints.favorites, async (request) => library.favorites(request.viewer.id, request.query));
  route(app, endpoints.listenLater, async (request) => library.listenLater(request.viewer.id, request.query));
};
