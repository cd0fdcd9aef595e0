import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSendToSignIn, useSession } from '../auth/session.ts';
import { useFollow } from '../hooks/use-follow.ts';

import { Button } from './button.tsx';
import { useErrorText } from '../i18n/error-text.ts';

interface FollowedPerson {
  username: string;
  name: string;
  isFollowing: boolean;
  /** A profile says whether a follow request waits, and whether following needs one. */
  requested?: boolean;
  visibility?: 'public' | 'followers' | 'private';
}

/**
 * The one Follow button: in a list of people (small, named after the person), or on a profile (`onProfile`: it also
 * shows a request waiting, or that following needs one). A visitor is sent to sign in first.
 */
export function FollowButton({ person, onProfile = false }: { person: FollowedPerson; onProfile?: boolean }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const follow = useFollow();
  const following = person.isFollowing || Boolean(person.requested);
  const toggle = () => {
    if (session.status !== 'signed-in') return sendToSignIn();
    follow.mutate(
      { username: person.username, follow: !following },
      {
        // A profile that is not public waits for its owner's approval.
        onSuccess: (state) => {
          if (state.requested) toast.success(t('requestSent', { name: person.name }));
        },
        onError: (cause) => toast.error(errorText(cause, t('failed'))),
      },
    );
  };
  if (onProfile) {
    return (
      <Button
        variant={following ? 'outline' : 'primary'}
        disabled={follow.isPending}
        title={person.requested ? t('cancelRequest') : undefined}
        onClick={toggle}
      >
        {person.isFollowing
          ? t('unfollow')
          : person.requested
            ? t('requested')
            : person.visibility === 'public'
              ? t('follow')
              : t('requestFollow')}
      </Button>
    );
  }
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
