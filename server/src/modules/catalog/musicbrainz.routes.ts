import { musicbrainzEndpoints as endpoints } from '@hearsay/contracts/musicbrainz';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { CatalogMusicBrainz } from './catalog-musicbrainz.ts';

export interface MusicBrainzRoutesOptions {
  catalogMusicBrainz: CatalogMusicBrainz;
  /** Whether the enrichment job is on, waiting, running or done (catalog-enrichment.ts). */
  enrichmentState: () => Promise<'off' | 'waiting' | 'running' | 'done'>;
}

export const musicbrainzRoutes: FastifyPluginAsync<MusicBrainzRoutesOptions> = async (app, { catalogMusicBrainz, enrichmentState }) => {
  route(
    app,
    endpoints.search,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return catalogMusicBrainz.search(request.query.q, request.query.limit, request.viewer?.id);
    },
    { config: { pace: 'musicbrainz-search', paceVisitors: true } },
  );

  route(app, endpoints.add, async (request) => catalogMusicBrainz.add(request.params.mbid, request.viewer.id), {
    config: { pace: 'musicbrainz-add' },
  });

  route(app, endpoints.enrichment, async () => catalogMusicBrainz.enrichmentStatus(await enrichmentState()));
};
