import { curationEndpoints as endpoints } from '@hearsay/contracts/curation';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { CurationService } from './curation.service.ts';

export const curationRoutes: FastifyPluginAsync<{ curation: CurationService }> = async (app, { curation }) => {
  const paced = { config: { pace: 'curation' as const } };
  route(app, endpoints.access, async (request) => curation.access(request.viewer));
  route(app, endpoints.duplicates, async (request) => curation.duplicates(request.viewer, request.query));
  route(app, endpoints.dismissDuplicate, async (request) => curation.dismissDuplicate(request.viewer, request.body), paced);
  route(
    app,
    endpoints.merge,
    async (request, reply) => {
      const merge = await curation.merge(request.viewer, request.body);
      reply.status(201);
      return merge;
    },
    paced,
  );
  route(app, endpoints.merges, async (request) => curation.merges(request.viewer, request.query));
  route(app, endpoints.undoMerge, async (request) => curation.undo(request.viewer, request.params.mergeId), paced);
  route(
    app,
    endpoints.suggestCorrection,
    async (request, reply) => {
      const correction = await curation.suggestCorrection(request.viewer, request.params.albumId, request.body);
      reply.status(201);
      return correction;
    },
    { config: { pace: 'correction' } },
  );
  route(app, endpoints.corrections, async (request) => curation.corrections(request.viewer, request.query));
  route(
    app,
    endpoints.decideCorrection,
    async (request) => curation.decideCorrection(request.viewer, request.params.correctionId, request.body),
    paced,
  );
  route(app, endpoints.editors, async (request) => curation.editors(request.viewer));
  route(app, endpoints.appointEditor, async (request) => curation.appointEditor(request.viewer, request.params.username));
  route(app, endpoints.removeEditor, async (request) => curation.removeEditor(request.viewer, request.params.username));
};
