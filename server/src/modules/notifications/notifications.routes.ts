import { notificationsEndpoints as endpoints, type EmailTopic } from '@hearsay/contracts/notifications';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import { escapeMarkup } from '../../platform/text.ts';
import type { NotificationsService } from './notifications.service.ts';

const TOPIC_NAMES: Record<EmailTopic, string> = {
  newFollowers: 'new followers',
  reviewComments: 'comments on your reviews',
  commentReplies: 'replies to your comments',
  mentions: 'mentions',
  recommendations: 'new music recommendations',
  weeklyDigest: 'the Weekly Digest',
};

const page = (title: string, text: string, form = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — Hearsay</title></head>` +
  `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5"><h1>${title}</h1><p>${text}</p>${form}` +
  `<p><a href="/settings?tab=notifications">Your notification settings</a></p></body></html>`;

const unsubscribedPage = (topic: EmailTopic) =>
  page('You are unsubscribed', `You will no longer get e-mails about ${TOPIC_NAMES[topic]}. You can turn them back on in your settings.`);

export const notificationsRoutes: FastifyPluginAsync<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  // Mail programs post one-click unsubscribes (RFC 8058) as a form; only these routes read such bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, undefined));

  route(app, endpoints.list, async (request) => notifications.list(request.viewer.id, request.query));

  route(app, endpoints.unreadCount, async (request) => notifications.unreadCount(request.viewer.id));

  route(app, endpoints.markRead, async (request) => notifications.markRead(request.viewer.id, request.body));

  // Opening the link changes nothing: mail scanners open every link in a message. The page asks, and its button
  // posts to the one-click address, which answers the page a browser asked for.
  route(app, endpoints.unsubscribe, async (request, reply) => {
    const topic = notifications.unsubscribeTopic(request.query.token);
    const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
    const form =
      `<form method="post" action="${escapeMarkup(action)}"><button type="submit" style="font: inherit; padding: 0.5rem 1rem">` +
      `Unsubscribe</button></form>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Unsubscribe?', `Stop e-mails about ${TOPIC_NAMES[topic]}? You can turn them back on in your settings.`, form));
  });

  route(app, endpoints.unsubscribeOneClick, async (request, reply) => {
    const topic = await notifications.unsubscribe(request.query.token);
    if (request.headers.accept?.includes('text/html')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(unsubscribedPage(topic));
    }
    return { ok: true as const };
  });
};
