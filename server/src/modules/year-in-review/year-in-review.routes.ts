import { yearInReviewEndpoints as endpoints } from '@hearsay/contracts/year-in-review';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { YearInReviewService } from './year-in-review.service.ts';

/**
 * The year page is open to visitors when the profile is, like the profile. Its card is for link previews (fetched by chat and social
 * sites without a session): a visitor's view, public to cache for visitors; a signed-in asker revalidates every time.
 */
export const yearInReviewRoutes: FastifyPluginAsync<{ yearInReview: YearInReviewService }> = async (app, { yearInReview }) => {
  route(app, endpoints.year, async (request) => yearInReview.year(request.params.username, request.params.year, request.viewer));

  route(app, endpoints.card, async (request, reply) => {
    const card = await yearInReview.card(request.params.username, request.params.year, request.viewer);
    reply
      .header('etag', card.etag)
      .header('cache-control', request.viewer ? 'private, no-cache' : 'public, max-age=600')
      .header('vary', 'Cookie')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === card.etag) return reply.status(304).send();
    return reply.type('image/png').send(card.png);
  });
};
