import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSendToSignIn, useSession } from '../auth/session.ts';
import { useFollow } from '../hooks/use-follow.ts';
import { ApiError } from '../lib/api-client.ts';
import { Button } from './button.tsx';

/** Follow or unfollow someone shown in a list of people; a visitor is sent to sign in first. */
export function FollowButton({ person }: { person: { username: string; name: string; isFollowing: boolean } }) {
  const { t } = useTranslation('profile');
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const follow = useFollow();
  const toggle = () => {
    if (session.status !== 'signed-in') return sendToSignIn();
    follow.mutate(
      { username: person.username, follow: !person.isFollowing },
      {
        // A profile that is not public waits for its owner's approval.
        onSuccess: (state) => {
          if (state.requested) toast.success(t('requestSent', { name: person.name }));
        },
        onError: (cause) => toast.error(cause instanceof ApiError ? cause.message : t('failed')),
      },
    );
  };
  return (
    <Button
      size="sm"
      variant={person.isFollowing ? 'outline' : 'primary'}
      disabled={follow.isPending}
      aria-label={t(person.isFollowing ? 'unfollowName' : 'followName', { name: person.name })}
      onClick={toggle}
    >
      {person.isFollowing ? t('unfollow') : t('follow')}
    </Button>
  );
}
