import type { Profile } from '@hearsay/contracts/profiles';
import { paths } from '@hearsay/contracts/paths';
import { MessageCircle, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { Button } from '../../shared/ui/button.tsx';
import { useOpenConversation } from '../../shared/hooks/use-open-conversation.ts';
import { FollowButton } from '../../shared/ui/follow-button.tsx';
import { useSetMute } from '../../shared/hooks/use-block.ts';
import { BlockDialog } from '../../shared/ui/block-dialog.tsx';
import { ReportDialog } from '../../shared/ui/report-dialog.tsx';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/** The buttons beside a profile's name: follow, message, and the menu to block, mute or report. */
export function ProfileActions({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const openConversation = useOpenConversation();
  const setMute = useSetMute();
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  // Following, writing, muting, reporting and blocking need an account: a visitor is sent to sign in, then back here.
  const signedIn = useSession().status === 'signed-in';
  const sendToSignIn = useSendToSignIn();
  const asMember = (action: () => void) => () => (signedIn ? action() : sendToSignIn());
  const toggleMute = () =>
    setMute.mutate(
      { username: profile.username, mute: !profile.muted },
      {
        onSuccess: () => toast.success(t(profile.muted ? 'mute.undone' : 'mute.done', { name: profile.name })),
        onError: (cause) => toast.error(errorText(cause, t('failed'))),
      },
    );
  const share = async () => {
    const url = `${window.location.origin}${paths.profile(profile.username)}`;
    try {
      if (navigator.share) await navigator.share({ title: profile.name, url });
      else {
        await navigator.clipboard.writeText(url);
        toast.success(t('linkCopied'));
      }
    } catch {
      // Closing the share sheet is not an error.
    }
  };
  return (
    <div className="flex items-center gap-2">
      {!profile.isOwner ? (
        <FollowButton person={profile} onProfile />
      ) : (
        <Button asChild variant="outline">
          <Link to="/settings">{t('editProfile')}</Link>
        </Button>
      )}
      {!profile.isOwner ? (
        <Button
          variant="outline"
          title={t('message', { name: profile.name })}
          disabled={openConversation.isPending}
          onClick={asMember(() =>
            openConversation.mutate(profile.username, {
              onError: (cause) => toast.error(errorText(cause, t('failed'))),
            }),
          )}
        >
          <MessageCircle aria-hidden />
          {t('messageButton')}
        </Button>
      ) : null}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" size="icon" aria-label={t('more')}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" className="z-50 min-w-40 rounded-xl border border-line bg-surface p-1 shadow-pop">
            <DropdownMenu.Item
              onSelect={() => void share()}
              className="cursor-pointer rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-2"
            >
              {t('share')}
            </DropdownMenu.Item>
            {profile.isOwner ? null : (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-line" />
                <DropdownMenu.Item
                  onSelect={asMember(toggleMute)}
                  className="cursor-pointer rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-2"
                >
                  {t(profile.muted ? 'mute.undo' : 'mute.action', { username: profile.username })}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  onSelect={asMember(() => setReporting(true))}
                  className="cursor-pointer rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-2"
                >
                  {t('reportAction', { username: profile.username })}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  onSelect={asMember(() => setBlocking(true))}
                  className="cursor-pointer rounded-lg px-3 py-2 text-sm text-danger outline-none data-[highlighted]:bg-danger-soft"
                >
                  {t('blockAction', { username: profile.username })}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {profile.isOwner ? null : (
        <>
          <BlockDialog person={profile} open={blocking} onOpenChange={setBlocking} />
          <ReportDialog subject={{ type: 'profile', id: profile.username }} open={reporting} onOpenChange={setReporting} />
        </>
      )}
    </div>
  );
}
