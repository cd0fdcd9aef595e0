import { useQuery } from '@tanstack/react-query';
import { Bell, MessageCircle, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { unreadConversationsQueryOptions } from '../../features/conversations/api.ts';
import { unreadCountQueryOptions } from '../../features/notifications/api.ts';
import { cn } from '../../shared/lib/cn.ts';

function Tab({
  to,
  icon: Icon,
  text,
  label,
  count,
  testId,
}: {
  to: string;
  icon: LucideIcon;
  text: string;
  label: string;
  count: number;
  testId: string;
}) {
  return (
    <li>
      <NavLink
        to={to}
        aria-label={label}
        className={({ isActive }) =>
          cn('flex flex-col items-center gap-0.5 py-2 text-xs font-medium text-ink-muted', isActive && 'text-accent')
        }
      >
        <span className="relative">
          <Icon aria-hidden className="size-5" />
          {count > 0 ? (
            // The count is drawn, not written: the link's name says it, and its words stay the ones shown.
            <span
              aria-hidden
              data-testid={testId}
              data-count={count > 99 ? '99+' : count}
              className="absolute -right-2.5 -top-1.5 min-w-4 rounded-full bg-accent px-1 text-center text-[0.625rem] font-semibold leading-4 text-accent-ink after:content-[attr(data-count)]"
            />
          ) : null}
        </span>
        <span className="max-w-full truncate px-1 text-[0.6875rem]">{text}</span>
      </NavLink>
    </li>
  );
}

/**
 * A member's messages and notifications in the bottom bar, with their unread counts: the header's queries, which the
 * header's bell and messages link keep live over the realtime socket (so the counts here change with them).
 */
export function MemberTabs() {
  const { t } = useTranslation(['notifications', 'conversations', 'common']);
  const notifications = useQuery(unreadCountQueryOptions).data?.unread ?? 0;
  const conversations = useQuery(unreadConversationsQueryOptions).data?.conversations ?? 0;
  return (
    <>
      <Tab
        to="/messages"
        icon={MessageCircle}
        text={t('common:nav.messages')}
        label={conversations > 0 ? t('conversations:link.labelUnread', { count: conversations }) : t('conversations:link.label')}
        count={conversations}
        testId="bottom-messages-count"
      />
      <Tab
        to="/notifications"
        icon={Bell}
        text={t('notifications:bell.label')}
        label={notifications > 0 ? t('notifications:bell.labelUnread', { count: notifications }) : t('notifications:bell.label')}
        count={notifications}
        testId="bottom-notification-count"
      />
    </>
  );
}
