import { siteEndpoints as endpoints } from '@hearsay/contracts/site';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { SiteService } from './site.service.ts';

export const siteRoutes: FastifyPluginAsync<{ site: SiteService }> = async (app, { site }) => {
  route(app, endpoints.landing, async (request) => site.landing(request.viewer?.id));

  route(app, endpoints.stats, async () => site.stats());
};
