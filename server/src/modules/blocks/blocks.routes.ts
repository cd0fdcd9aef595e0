import { blocksEndpoints as endpoints } from '@hearsay/contracts/blocks';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { BlocksService } from './blocks.service.ts';

/** Settings → Privacy's lists. Blocking and muting themselves are actions on a profile (profiles routes). */
export const blocksRoutes: FastifyPluginAsync<{ blocks: BlocksService }> = async (app, { blocks }) => {
  route(app, endpoints.blocked, async (request) => blocks.blocked(request.viewer.id, request.query));
  route(app, endpoints.muted, async (request) => blocks.muted(request.viewer.id, request.query));
};
