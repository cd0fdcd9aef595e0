import { genresEndpoints as endpoints } from '@hearsay/contracts/genres';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { GenresService } from './genres.service.ts';

export const genresRoutes: FastifyPluginAsync<{ genres: GenresService }> = async (app, { genres }) => {
  route(app, endpoints.taxonomy, async () => genres.taxonomy());
  route(app, endpoints.albumVotes, async (request) => genres.albumVotes(request.params.albumId, request.viewer));
  route(app, endpoints.voteGenre, async (request) => genres.voteGenre(request.viewer, request.params.albumId, request.body), {
    config: { pace: 'vote' },
  });
  route(app, endpoints.voteDescriptor, async (request) => genres.voteDescriptor(request.viewer, request.params.albumId, request.body), {
    config: { pace: 'vote' },
  });
  route(app, endpoints.voteLog, async (request) => genres.voteLog(request.viewer, request.params.albumId));
  route(app, endpoints.genre, async (request) => genres.genrePage(request.params.genre, request.viewer?.id));
  route(app, endpoints.descriptor, async (request) => genres.descriptorPage(request.params.descriptor, request.viewer?.id));
};
