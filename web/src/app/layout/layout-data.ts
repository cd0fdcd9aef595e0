import { standingQueryOptions } from '../../features/moderation/api.ts';
import { memberSettingsQueryOptions } from '../../features/settings/member-settings.ts';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';

/**
 * The layout around every page: who is signed in (every page asks before anything else), and for a member what the
 * header and the page's frame show of them (their settings, unread counts, moderation access, standing). The queries
 * only a member's header reads come with its code, not with the app's.
 */
export const layoutLoader = queryLoader(async ({ client, signedIn }) => {
  const session = ensure(client, sessionQueryOptions);
  if (!signedIn) return session;
  const member = Promise.all([
    import('../../features/conversations/api.ts'),
    import('../../features/notifications/api.ts'),
    import('../../features/moderation/access-api.ts'),
  ]).then(([conversations, notifications, moderation]) =>
    Promise.all([
      ensure(client, conversations.unreadConversationsQueryOptions),
      ensure(client, notifications.unreadCountQueryOptions),
      ensure(client, moderation.moderationAccessQueryOptions),
    ]),
  );
  return Promise.all([session, ensure(client, memberSettingsQueryOptions), ensure(client, standingQueryOptions), member]);
});
