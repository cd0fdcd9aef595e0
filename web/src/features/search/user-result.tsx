import { paths } from '@hearsay/contracts/paths';
import type { UserCard } from '@hearsay/contracts/search';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { FollowButton } from '../../shared/ui/follow-button.tsx';

/** A person found: avatar, name, @username, reviews and collections counts (spec §2 Search), and Follow. */
export function UserResult({ user }: { user: UserCard }) {
  const { t } = useTranslation('search');
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-3 hover:bg-surface-2">
      <Link to={paths.profile(user.username)} className="flex min-w-0 flex-1 items-center gap-4">
        <Avatar name={user.name} src={user.avatarUrl} size="lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{user.name}</p>
          <p className="truncate text-sm text-ink-muted">@{user.username}</p>
          <p className="text-xs text-ink-muted">
            {t('user.reviews', { count: user.reviewCount })} · {t('user.collections', { count: user.collectionCount })}
          </p>
        </div>
      </Link>
      {!user.isViewer ? <FollowButton person={user} /> : null}
    </div>
  );
}
