import type { Profile } from '@hearsay/contracts/profiles';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { peopleQueryOptions } from './api.ts';
import { FollowButton } from '../../shared/ui/follow-button.tsx';

/** The profile's Followers tab: who follows them and whom they follow, side by side. */
export function PeopleTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <PeopleList profile={profile} direction="followers" title={t('followersTitle', { count: profile.stats.followers })} />
      <PeopleList profile={profile} direction="following" title={t('followingTitle', { count: profile.stats.following })} />
    </div>
  );
}

function PeopleList({ profile, direction, title }: { profile: Profile; direction: 'followers' | 'following'; title: string }) {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState(1);
  const people = useQuery(peopleQueryOptions(profile.username, direction, page));
  return (
    <section aria-label={title}>
      <h2 className="mb-3 font-display text-lg font-semibold text-ink">{title}</h2>
      {people.data?.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t(direction === 'followers' ? 'noFollowers' : 'noFollowing')}</p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {people.data?.items.map((person) => (
          <li key={person.id} className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
            <Avatar name={person.name} src={person.avatarUrl} size="md" />
            <Link to={person.remote ? paths.remotePerson(person.id) : paths.profile(person.username)} className="min-w-0 flex-1">
              <span className="block truncate font-medium text-ink hover:text-accent">{person.name}</span>
              <span className="block truncate text-sm text-ink-muted">@{person.username}</span>
              {person.remote ? (
                <span className="mt-0.5 inline-flex max-w-full items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-ink-muted">
                  <Globe aria-hidden className="size-3 shrink-0" />
                  <span className="truncate">{t('fromHost', { host: person.remote.host })}</span>
                </span>
              ) : null}
            </Link>
            {/* A person of another site is followed from their page here. */}
            {!person.isViewer && !person.remote ? <FollowButton person={person} /> : null}
          </li>
        ))}
      </ul>
      {people.data ? <Pagination page={page} pages={people.data.totalPages} onPageChange={setPage} /> : null}
    </section>
  );
}
