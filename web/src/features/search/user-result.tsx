import type { RemotePerson } from '@hearsay/contracts/federation';
import { paths } from '@hearsay/contracts/paths';
import type { UserCard } from '@hearsay/contracts/search';
import { Globe } from 'lucide-react';
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

/** A person of another site this site knows: avatar, name, handle and their site, leading to their page here. */
export function RemoteUserResult({ person }: { person: RemotePerson }) {
  const { t } = useTranslation('search');
  return (
    <Link
      to={paths.remotePerson(person.id)}
      className="flex min-w-0 items-center gap-4 rounded-2xl border border-line bg-surface p-3 hover:bg-surface-2"
    >
      <Avatar name={person.name} src={person.avatarUrl} size="lg" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink">{person.name}</p>
        <p className="truncate text-sm text-ink-muted">@{person.handle}</p>
        <p className="inline-flex max-w-full items-center gap-1 text-xs text-ink-muted">
          <Globe aria-hidden className="size-3 shrink-0" />
          <span className="truncate">
            {t(person.follow === 'following' ? 'remote.fromFollowing' : 'remote.from', { host: person.host })}
          </span>
        </p>
      </div>
    </Link>
  );
}
