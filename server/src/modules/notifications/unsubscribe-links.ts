import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailTopic } from '@hearsay/contracts/notifications';
import { EmailTopicSchema } from '@hearsay/contracts/notifications';

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;

/**
 * The links at the foot of every e-mail that turn its kind off without signing in: the person and the topic, signed
 * with the server's secret. Built the same way by the server and by the job thread (the Weekly Digest).
 */
export function createUnsubscribeLinks(secret: string, publicUrl: string) {
  const site = publicUrl.replace(/\/+$/, '');
  const sign = (payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

  function token(userId: string, topic: EmailTopic): string {
    const payload = `${Buffer.from(userId).toString('base64url')}.${topic}`;
    return `${payload}.${sign(payload)}`;
  }

  function url(userId: string, topic: EmailTopic): string {
    return `${site}/api/notifications/unsubscribe?token=${encodeURIComponent(token(userId, topic))}`;
  }

  /** The person and topic a token names, or null when it was not signed here. */
  function read(given: string): { userId: string; topic: EmailTopic } | null {
    const [user, topicText, signature] = given.split('.');
    if (!user || !topicText || !signature) return null;
    const expected = Buffer.from(sign(`${user}.${topicText}`));
    const actual = Buffer.from(signature);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    const topic = EmailTopicSchema.safeParse(topicText);
    if (!topic.success) return null;
    return { userId: Buffer.from(user, 'base64url').toString(), topic: topic.data };
  }

  return { token, url, read };
}
