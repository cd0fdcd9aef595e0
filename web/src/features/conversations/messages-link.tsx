import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent, useRealtimeReconnect } from '../../shared/realtime/realtime.tsx';
import { IconLinkWithCount } from '../../shared/ui/icon-link-with-count.tsx';
import { unreadConversationsQueryOptions } from './api.ts';

/** The header's way to /messages, with how many conversations have unread messages, kept live over the socket. */
export function MessagesLink({ className }: { className?: string }) {
  const { t } = useTranslation('conversations');
  const queryClient = useQueryClient();
  const { data } = useQuery(unreadConversationsQueryOptions);
  const unread = data?.conversations ?? 0;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: unreadConversationsQueryOptions.queryKey });
  useRealtimeEvent('message.created', refresh);
  useRealtimeReconnect(refresh);

  const label = unread > 0 ? t('link.labelUnread', { count: unread }) : t('link.label');
  return (
    <IconLinkWithCount to="/messages" icon={MessageCircle} label={label} count={unread} testId="messages-count" className={className} />
  );
}
