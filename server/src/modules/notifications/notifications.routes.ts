import { notificationsEndpoints as endpoints, type EmailTopic } from '@hearsay/contracts/notifications';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { NotificationsService } from './notifications.service.ts';

const TOPIC_NAMES: Record<EmailTopic, string> = {
  newFollowers: 'new followers',
  reviewComments: 'comments on your reviews',
  commentReplies: 'replies to your comments',
  mentions: 'mentions',
  recommendations: 'new music recommendations',
  weeklyDigest: 'the Weekly Digest',
};

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — Hearsay</title></head>` +
  `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5"><h1>${title}</h1><p>${text}</p>` +
  `<p><a href="/settings?tab=notifications">Your notification settings</a></p></body></html>`;

export const notificationsRoutes: FastifyPluginAsync<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  // Mail programs post one-click unsubscribes (RFC 8058) as a form; only these routes read such bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, undefined));

  route(app, endpoints.list, async (request) => notifications.list(request.viewer.id, request.query));

  route(app, endpoints.unreadCount, async (request) => notifications.unreadCount(request.viewer.id));

  route(app, endpoints.markRead, async (request) => notifications.markRead(request.viewer.id, request.body));

  route(app, endpoints.unsubscribe, async (request, reply) => {
    const topic = await notifications.unsubscribe(request.query.token);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          'You are unsubscribed',
          `You will no longer get e-mails about ${TOPIC_NAMES[topic]}. You can turn them back on in your settings.`,
        ),
      );
  });

  route(app, endpoints.unsubscribeOneClick, async (request) => {
    await notifications.unsubscribe(request.query.token);
    return { ok: true as const };
  });
};
