import type { RemotePerson } from '@hearsay/contracts/federation';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { remoteFollowRequestsQueryOptions, useAnswerRemoteFollowRequest } from './api.ts';

/**
 * The people of other sites waiting for an answer. None when this site does not federate (a 404 `federation_off`,
 * which is no error to show) or while they load: the section appears only when someone is waiting.
 */
export function useRemoteFollowRequests(): RemotePerson[] {
  const requests = useQuery(remoteFollowRequestsQueryOptions);
  return requests.data?.people ?? [];
}

/**
 * Follow requests → From other sites: people of other sites (Mastodon, NeoDB, another Hearsay…) asking to follow a
 * member whose profile is not public. Each links to their page there; accepting or declining tells their site. Shown
 * only when someone is waiting.
 */
export function RemoteFollowRequests({ people }: { people: RemotePerson[] }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const headingId = useId();
  const answerRequest = useAnswerRemoteFollowRequest();
  if (people.length === 0) return null;
  const answer = (person: RemotePerson, accept: boolean) =>
    answerRequest.mutate(
      { personId: person.id, accept },
      {
        onSuccess: () => toast.success(t(accept ? 'remoteRequests.accepted' : 'remoteRequests.declined', { name: person.name })),
        onError: (cause) => toast.error(errorText(cause, t('failed'))),
      },
    );
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {t('remoteRequests.title')}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{t('remoteRequests.description')}</p>
      <ul className="mt-2 divide-y divide-line" aria-label={t('remoteRequests.title')}>
        {people.map((person) => (
          <li key={person.id} className="flex flex-wrap items-center gap-3 py-3">
            <Avatar name={person.name} src={person.avatarUrl} size="sm" />
            <span className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
              <span className="font-medium text-ink">{person.name}</span> <span className="text-ink-muted">@{person.handle}</span>
              {person.url ? (
                <a
                  href={person.url}
                  target="_blank"
                  rel="noopener nofollow ugc"
                  className="mt-0.5 flex w-fit items-center gap-1 text-xs font-medium text-accent hover:underline"
                >
                  {t('remoteRequests.theirPage', { host: person.host })}
                  <ExternalLink aria-hidden className="size-3" />
                </a>
              ) : null}
            </span>
            <Button
              size="sm"
              disabled={answerRequest.isPending}
              aria-label={t('remoteRequests.accept', { name: person.name })}
              onClick={() => answer(person, true)}
            >
              {t('remoteRequests.acceptShort')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={answerRequest.isPending}
              aria-label={t('remoteRequests.decline', { name: person.name })}
              onClick={() => answer(person, false)}
            >
              {t('remoteRequests.declineShort')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
