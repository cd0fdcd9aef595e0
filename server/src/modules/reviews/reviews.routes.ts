import { reviewsEndpoints as endpoints } from '@hearsay/contracts/reviews';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { ReviewsService } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsync<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  route(app, endpoints.albumReviews, async (request) => reviews.forAlbum(request.params.albumId, request.query, request.viewer?.id));

  route(
    app,
    endpoints.publish,
    async (request, reply) => {
      const review = await reviews.publish(request.viewer.id, request.params.albumId, request.body);
      reply.status(201);
      return review;
    },
    { config: { pace: 'review' } },
  );

  route(app, endpoints.mine, async (request) => reviews.mine(request.viewer.id, request.params.albumId));

  route(app, endpoints.saveDraft, async (request) => reviews.saveDraft(request.viewer.id, request.params.albumId, request.body));

  route(app, endpoints.discardDraft, async (request) => reviews.discardDraft(request.viewer.id, request.params.albumId));

  route(app, endpoints.review, async (request) => reviews.one(request.params.reviewId, request.viewer?.id));

  route(app, endpoints.edit, async (request) => reviews.edit(request.viewer.id, request.params.reviewId, request.body));

  route(app, endpoints.remove, async (request) => reviews.remove(request.viewer.id, request.params.reviewId));

  route(app, endpoints.revisions, async (request) => reviews.revisions(request.params.reviewId, request.viewer?.id));

  route(app, endpoints.like, async (request) => reviews.setLike(request.viewer.id, request.params.reviewId, true));

  route(app, endpoints.unlike, async (request) => reviews.setLike(request.viewer.id, request.params.reviewId, false));

  route(app, endpoints.comments, async (request) => reviews.comments(request.params.reviewId, request.query, request.viewer?.id));

  route(
    app,
    endpoints.addComment,
    async (request, reply) => {
      const comment = await reviews.addComment(request.viewer.id, request.params.reviewId, request.body.body, request.body.replyTo);
      reply.status(201);
      return comment;
    },
    { config: { pace: 'comment' } },
  );

  route(app, endpoints.editComment, async (request) => reviews.editComment(request.viewer.id, request.params.commentId, request.body.body));

  route(app, endpoints.removeComment, async (request) => reviews.removeComment(request.viewer.id, request.params.commentId));

  route(app, endpoints.myReviews, async (request) => {
    const viewer = request.viewer;
    return reviews.byPerson(viewer.id, request.query, viewer.id);
  });

  route(app, endpoints.likedReviews, async (request) => reviews.likedBy(request.viewer.id, request.query));
};
