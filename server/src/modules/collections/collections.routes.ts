import { collectionsEndpoints as endpoints } from '@hearsay/contracts/collections';
import { favouritesEndpoints } from '@hearsay/contracts/favourites';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { CollectionsService } from './collections.service.ts';

export const collectionsRoutes: FastifyPluginAsync<{ collections: CollectionsService }> = async (app, { collections }) => {
  route(app, endpoints.list, async (request) => collections.browse(request.query, request.viewer?.id));

  route(
    app,
    endpoints.create,
    async (request, reply) => {
      reply.status(201);
      return collections.create(request.viewer.id, request.body);
    },
    { config: { pace: 'collection' } },
  );

  route(app, endpoints.mine, async (request) => {
    const viewer = request.viewer;
    return collections.ofOwner(viewer.id, viewer.id, request.query);
  });

  route(app, favouritesEndpoints.albumLists, async (request) =>
    collections.albumLists(request.params.albumId, request.viewer?.id, request.query),
  );

  route(app, endpoints.albumChoices, async (request) => collections.choicesForAlbum(request.viewer.id, request.params.albumId));

  route(app, endpoints.collection, async (request) => collections.detail(request.params.collectionId, request.viewer?.id));

  route(app, endpoints.update, async (request) => collections.update(request.viewer.id, request.params.collectionId, request.body));

  route(app, endpoints.remove, async (request) => collections.remove(request.viewer.id, request.params.collectionId));

  route(app, endpoints.addAlbum, async (request) =>
    collections.addAlbum(request.viewer.id, request.params.collectionId, request.body.albumId, request.body.note),
  );

  route(app, endpoints.reorder, async (request) =>
    collections.reorder(request.viewer.id, request.params.collectionId, request.body.albumIds),
  );

  route(app, endpoints.setNote, async (request) =>
    collections.setNote(request.viewer.id, request.params.collectionId, request.params.albumId, request.body.note),
  );

  route(app, endpoints.removeAlbum, async (request) =>
    collections.removeAlbum(request.viewer.id, request.params.collectionId, request.params.albumId),
  );

  route(app, endpoints.like, async (request) => collections.setLike(request.viewer.id, request.params.collectionId, true));
  route(app, endpoints.unlike, async (request) => collections.setLike(request.viewer.id, request.params.collectionId, false));
};
