import { LandingSchema, SiteStatsSchema } from '@hearsay/contracts/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteService } from './site.service.ts';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  app.get(
    '/api/site/landing',
    {
      schema: {
        tags: ['site'],
        summary: 'Everything the landing page shows: real counts, featured albums, genres, quoted reviews',
        response: { 200: LandingSchema },
      },
    },
    async (request) => site.landing(request.viewer?.id),
  );

  app.get(
    '/api/site/stats',
    { schema: { tags: ['site'], summary: 'Members, ratings and albums on this site', response: { 200: SiteStatsSchema } } },
    async () => site.stats(),
  );
};
