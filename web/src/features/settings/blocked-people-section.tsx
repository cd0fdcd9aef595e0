import { paths } from '@hearsay/contracts/paths';
import type { PersonCard } from '@hearsay/contracts/profiles';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useSetBlock, useSetMute } from '../../shared/hooks/use-block.ts';

import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { ErrorState, Spinner } from '../../shared/ui/skeleton.tsx';
import { SettingsSection } from './settings-section.tsx';
import { blockedPeopleQueryOptions, remoteBlockedQueryOptions, useRemoteUnblock } from './api.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';

const PAGE_SIZE = 20;

/** Settings → Privacy: the people you blocked and the people you muted, each with the way to undo it. */
export function BlockedPeopleSection() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const setBlock = useSetBlock();
  const setMute = useSetMute();
  const failed = (cause: unknown) => toast.error(errorText(cause, t('failed')));
  return (
    <>
      <SettingsSection id="privacy-blocked" title={t('blocked.title')} description={t('blocked.description')}>
        <PeopleList
          kind="blocked"
          empty={t('blocked.empty')}
          actionLabel={(person) => t('blocked.unblock', { name: person.name })}
          pending={setBlock.isPending}
          onAction={(person) =>
            setBlock.mutate(
              { username: person.username, block: false },
              { onSuccess: () => toast.success(t('blocked.unblocked', { name: person.name })), onError: failed },
            )
          }
        />
        <RemoteBlockedPeople />
      </SettingsSection>
      <SettingsSection id="privacy-muted" title={t('muted.title')} description={t('muted.description')}>
        <PeopleList
          kind="muted"
          empty={t('muted.empty')}
          actionLabel={(person) => t('muted.unmute', { name: person.name })}
          pending={setMute.isPending}
          onAction={(person) =>
            setMute.mutate(
              { username: person.username, mute: false },
              { onSuccess: () => toast.success(t('muted.unmuted', { name: person.name })), onError: failed },
            )
          }
        />
      </SettingsSection>
    </>
  );
}

function PeopleList({
  kind,
  empty,
  actionLabel,
  pending,
  onAction,
}: {
  kind: 'blocked' | 'muted';
  empty: string;
  actionLabel: (person: PersonCard) => string;
  pending: boolean;
  onAction: (person: PersonCard) => void;
}) {
  const { t } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const people = useQuery(blockedPeopleQueryOptions(kind, page, PAGE_SIZE));
  if (people.isPending) return <Spinner />;
  if (people.isError) return <ErrorState title={t('loadFailed')} onRetry={() => void people.refetch()} />;
  if (people.data.items.length === 0) return <p className="text-sm text-ink-muted">{empty}</p>;
  return (
    <>
      <ul className="divide-y divide-line">
        {people.data.items.map((person) => (
          <li key={person.id} className="flex items-center gap-3 py-3">
            <Avatar name={person.name} src={person.avatarUrl} size="sm" />
            <span className="min-w-0 flex-1">
              <Link to={paths.profile(person.username)} className="font-medium text-ink hover:text-accent">
                {person.name}
              </Link>{' '}
              <span className="text-sm text-ink-muted">@{person.username}</span>
            </span>
            <Button variant="outline" size="sm" disabled={pending} onClick={() => onAction(person)}>
              {actionLabel(person)}
            </Button>
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={people.data.totalPages} onPageChange={setPage} />
    </>
  );
}

/** The people of other sites you blocked, each leading to their page here, with Unblock; nothing when there are none. */
function RemoteBlockedPeople() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const people = useQuery(remoteBlockedQueryOptions);
  const unblock = useRemoteUnblock();
  const list = people.data?.people ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="privacy-blocked-remote" className="mt-6">
      <h3 id="privacy-blocked-remote" className="text-sm font-semibold text-ink">
        {t('blocked.remoteTitle')}
      </h3>
      <ul className="divide-y divide-line">
        {list.map((person) => (
          <li key={person.id} className="flex flex-wrap items-center gap-3 py-3">
            <Avatar name={person.name} src={person.avatarUrl} size="sm" />
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              <Link to={paths.remotePerson(person.id)} className="font-medium text-ink hover:text-accent">
                {person.name}
              </Link>{' '}
              <span className="text-sm text-ink-muted">@{person.handle}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={unblock.isPending}
              onClick={() =>
                unblock.mutate(person.id, {
                  onSuccess: () => toast.success(t('blocked.unblocked', { name: person.name })),
                  onError: (cause) => toast.error(errorText(cause, t('failed'))),
                })
              }
            >
              {t('blocked.unblock', { name: person.name })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
