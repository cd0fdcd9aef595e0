import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../shared/lib/cn.ts';
import { useRealtimeEvent, useRealtimeReconnect } from '../../shared/realtime/realtime.tsx';
import { notificationsQueryOptions, unreadCountQueryOptions } from './api.ts';

/** The header's bell: the unread count, kept live over the realtime socket; links to /notifications. */
export function NotificationBell({ className }: { className?: string }) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const { data } = useQuery(unreadCountQueryOptions);
  const unread = data?.unread ?? 0;

  useRealtimeEvent('notifications.unread', (event) => {
    const before = queryClient.getQueryData(unreadCountQueryOptions.queryKey)?.unread ?? 0;
    queryClient.setQueryData(unreadCountQueryOptions.queryKey, { unread: event.unread });
    // Something new arrived: an open notifications page shows it too.
    if (event.unread > before) void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
  });
  useRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions.queryKey }));

  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-surface-2 hover:text-ink',
        className,
      )}
    >
      <Bell aria-hidden className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden
          data-testid="notification-count"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-accent px-1.5 text-center text-xs font-semibold leading-5 text-accent-ink"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
