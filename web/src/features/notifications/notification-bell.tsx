import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent, useRealtimeReconnect } from '../../shared/realtime/realtime.tsx';
import { IconLinkWithCount } from '../../shared/ui/icon-link-with-count.tsx';
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
    <IconLinkWithCount to="/notifications" icon={Bell} label={label} count={unread} testId="notification-count" className={className} />
  );
}
