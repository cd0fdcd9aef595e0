import type { RemotePerson } from '@hearsay/contracts/federation';
import { paths } from '@hearsay/contracts/paths';
import { REMOTE_HANDLE_PATTERN } from '@hearsay/contracts/remote-handle';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/skeleton.tsx';
import { remoteLookupQueryOptions, useRemoteFollow } from './api.ts';

/** A handle as people write it (`@bob@example.com`); an address stays as it is. */
export function shownHandle(query: string): string {
  const text = query.trim();
  return REMOTE_HANDLE_PATTERN.test(text) ? `@${text.replace(/^@/, '')}` : text;
}

/**
 * What was searched names a person of another site: a member can have their site asked for them (at once when they
 * chose it in the header's suggestions, `findNow`), then follow them; a visitor is asked to sign in first.
 */
export function RemoteLookup({ query, findNow = false }: { query: string; findNow?: boolean }) {
  const { t } = useTranslation('search');
  const errorText = useErrorText();
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const q = query.trim();
  const member = session.status === 'signed-in';
  const [asked, setAsked] = useState(findNow);
  const lookup = useQuery(remoteLookupQueryOptions(q, member && asked));
  const handle = shownHandle(q);

  return (
    <section aria-label={t('remote.label')} aria-live="polite" className="mt-6 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        <Globe aria-hidden className="size-4 shrink-0" />
        <span className="min-w-0 [overflow-wrap:anywhere]">{t('remote.intro', { handle })}</span>
      </p>
      {!member ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink">{t('remote.signIn')}</p>
          <Button size="sm" onClick={sendToSignIn}>
            {t('remote.signInAction')}
          </Button>
        </div>
      ) : !asked ? (
        <Button size="sm" className="mt-3 max-w-full" onClick={() => setAsked(true)}>
          <span className="truncate">{t('remote.find', { handle })}</span>
        </Button>
      ) : lookup.isError ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-ink">
            {errorText(lookup.error, t('remote.failed'))}
          </p>
          <Button size="sm" variant="outline" onClick={() => void lookup.refetch()}>
            {t('remote.retry')}
          </Button>
        </div>
      ) : !lookup.data ? (
        <Spinner label={t('remote.finding', { handle })} className="py-4" />
      ) : (
        <RemotePersonCard
          person={lookup.data.person}
          query={q}
          onFailed={(cause) => toast.error(errorText(cause, t('remote.followFailed')))}
        />
      )}
    </section>
  );
}

/** A person of another site: avatar, name, handle, their site, what they say of themselves, a link there, and Follow. */
export function RemotePersonCard({
  person,
  query,
  onFailed,
}: {
  person: RemotePerson;
  query: string;
  onFailed?: (cause: unknown) => void;
}) {
  const { t } = useTranslation('search');
  const follow = useRemoteFollow(query);
  const following = person.follow !== 'none';
  const toggle = () => follow.mutate({ personId: person.id, follow: !following }, { onError: onFailed });
  return (
    <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 gap-4">
        <Avatar name={person.name} src={person.avatarUrl} size="lg" />
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h2 className="font-semibold text-ink">
            <Link to={paths.remotePerson(person.id)} className="hover:text-accent">
              {person.name}
            </Link>
          </h2>
          <p className="text-sm text-ink-muted">@{person.handle}</p>
          <p className="text-xs text-ink-muted">{t('remote.from', { host: person.host })}</p>
          {person.summary ? <p className="mt-2 line-clamp-4 whitespace-pre-line text-sm text-ink">{person.summary}</p> : null}
          {person.url ? (
            <a
              href={person.url}
              target="_blank"
              rel="noopener nofollow ugc"
              className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline"
            >
              {t('remote.theirPage', { host: person.host })}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          ) : null}
        </div>
      </div>
      <Button
        size="sm"
        variant={following ? 'outline' : 'primary'}
        disabled={follow.isPending}
        aria-label={t(`remote.${person.follow}Name`, { name: person.name })}
        title={person.follow === 'requested' ? t('remote.withdraw') : undefined}
        onClick={toggle}
        className="self-start"
      >
        {t(`remote.${person.follow}`)}
      </Button>
    </div>
  );
}
