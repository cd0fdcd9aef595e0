import type { CurrentUser } from '@hearsay/contracts/accounts';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessagesLink } from '../../features/conversations/messages-link.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { useOutbox } from '../../shared/offline/use-outbox.ts';
import { AccountMenu } from './account-menu.tsx';

/** A member's part of the header: messages, the bell, quick-add and the avatar's menu; and their outbox, sent from here. */
export function MemberActions({ user, onQuickAdd, onSignOut }: { user: CurrentUser; onQuickAdd: () => void; onSignOut: () => void }) {
  const { t } = useTranslation();
  useOutbox(user.id);
  return (
    <>
      <MessagesLink className="hidden sm:inline-flex sm:size-10" />
      <NotificationBell className="size-9 sm:size-10" />
      <Button size="icon" className="size-9 sm:size-10" aria-label={t('nav.quickAdd')} title={t('nav.quickAdd')} onClick={onQuickAdd}>
        <Plus className="size-5" />
      </Button>
      <AccountMenu user={user} onSignOut={onSignOut} />
    </>
  );
}
