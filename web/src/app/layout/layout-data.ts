import { unreadConversationsQueryOptions } from '../../features/conversations/api.ts';
import { moderationAccessQueryOptions } from '../../features/moderation/access-api.ts';
import { standingQueryOptions } from '../../features/moderation/api.ts';
import { unreadCountQueryOptions } from '../../features/notifications/api.ts';
import { memberSettingsQueryOptions } from '../../features/settings/member-settings.ts';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';

/**
 * The layout around every page: who is signed in (every page asks before anything else), and for a member what the
 * header and the page's frame show of them (their settings, unread counts, moderation access, standing).
 */
export const layoutLoader = queryLoader(({ client, signedIn }) =>
  Promise.all([
    ensure(client, sessionQueryOptions),
    ...(signedIn
      ? [
          ensure(client, memberSettingsQueryOptions),
          ensure(client, unreadConversationsQueryOptions),
          ensure(client, unreadCountQueryOptions),
          ensure(client, moderationAccessQueryOptions),
          ensure(client, standingQueryOptions),
        ]
      : []),
  ]),
);
