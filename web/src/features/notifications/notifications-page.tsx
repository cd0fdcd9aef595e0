import type { NotificationGroup } from '@hearsay/contracts/notifications';
import { REPORT_REASONS } from '@hearsay/contracts/constants';
import { paths } from '@hearsay/contracts/paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BellOff, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../shared/lib/cn.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { EmptyState, ErrorState, Spinner } from '../../shared/ui/skeleton.tsx';
import { usePullToRefresh } from '../../shared/hooks/use-pull-to-refresh.ts';
import { PullToRefreshIndicator } from '../../shared/ui/pull-to-refresh.tsx';
import { ensureInfinite, queryLoader } from '../../shared/lib/route-data.ts';
import { notificationsQueryOptions, useMarkRead } from './api.ts';

/** A moderator's decision: told by the site, not by a person. */
const isModerationNotice = (group: NotificationGroup) => group.reason !== null;

/**
 * A moderator's reason as the reader reads it: one of the report reasons (`spam`, `hate`…) in their language, else the
 * moderator's own words.
 */
function useReadableReason(reason: string | null): string {
  const { t } = useTranslation('moderation');
  if (reason === null) return '';
  return (REPORT_REASONS as readonly string[]).includes(reason) ? t(`reasons.${reason}`) : reason;
}

/** "Ana liked your review of Blue", "Ana and 3 others liked your review of Blue". */
function Sentence({ group }: { group: NotificationGroup }) {
  const { t } = useTranslation('notifications');
  const reason = useReadableReason(group.reason);
  const [first] = group.actors;
  const name = first?.name ?? t('someone');
  const others = Math.max(0, group.actorCount - 1);
  const who = others > 0 ? t('who.andOthers', { name, count: others }) : name;
  return <>{t(`kinds.${group.kind}`, { who, subject: group.subject ?? '', reason })}</>;
}

/** The person a notification is from, when they are of another site (`username` is then `name@host`). */
function remoteActor(group: NotificationGroup) {
  const first = group.actors[0];
  return first && !isModerationNotice(group) && (first.remoteUrl || first.username.includes('@')) ? first : null;
}

/**
 * Where a notification leads: a site path; or, when it is about a person of another site (who followed you), their
 * page here (what this site knows of them, with a link to their own site).
 */
function RowLink({ group, className, children }: { group: NotificationGroup; className: string; children: ReactNode }) {
  const remote = remoteActor(group);
  const href = remote && group.href === paths.profile(remote.username) ? paths.remotePerson(remote.id) : group.href;
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

function NotificationRow({ group }: { group: NotificationGroup }) {
  const { t } = useTranslation('notifications');
  const formatDate = useFormatDate();
  const first = group.actors[0];
  // A person of another site is known by their handle there.
  const remote = remoteActor(group);
  return (
    <li>
      <RowLink
        group={group}
        className={cn('flex items-start gap-3 rounded-xl px-3 py-3 hover:bg-surface-2', group.unread && 'bg-accent-soft')}
      >
        {isModerationNotice(group) ? (
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-danger-soft text-danger">
            <ShieldAlert aria-hidden className="size-5" />
          </span>
        ) : (
          <Avatar name={first?.name ?? '?'} src={first?.avatarUrl} size="md" />
        )}
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm text-ink', group.unread && 'font-semibold')}>
            <Sentence group={group} />
          </span>
          {remote ? <span className="block text-xs text-ink-muted [overflow-wrap:anywhere]">@{remote.username}</span> : null}
          <span className="mt-0.5 block text-xs text-ink-muted">
            <time dateTime={group.latestAt}>{formatDate(group.latestAt, 'dateTime')}</time>
            {group.unread ? (
              <span className="ml-2 rounded-full bg-accent px-2 py-0.5 font-semibold text-accent-ink">{t('unread')}</span>
            ) : null}
          </span>
        </span>
      </RowLink>
    </li>
  );
}

/** /notifications: grouped, newest first; what the page shows is marked read; "Mark all read"; more on demand. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const query = useInfiniteQuery(notificationsQueryOptions);
  const markRead = useMarkRead({ refreshList: true });
  const markSeen = useMarkRead({ refreshList: false });
  const groups = query.data?.pages.flatMap((page) => page.items) ?? [];

  // Seen is read: once shown, the unread ones up to the newest shown are marked read (once per newest time).
  const markedUpTo = useRef<string | null>(null);
  const newestUnread = groups.find((group) => group.unread)?.latestAt ?? null;
  const { mutate } = markSeen;
  useEffect(() => {
    if (!newestUnread || markedUpTo.current === newestUnread) return;
    markedUpTo.current = newestUnread;
    mutate({ upTo: newestUnread });
  }, [newestUnread, mutate]);
  const pull = usePullToRefresh(() => query.refetch());

  return (
    <Container className="max-w-3xl py-8 sm:py-12">
      <PullToRefreshIndicator
        pull={pull}
        words={{ pull: t('pullToRefresh.pull'), release: t('pullToRefresh.release'), refreshing: t('pullToRefresh.refreshing') }}
      />
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="secondary" onClick={() => markRead.mutate({})} disabled={markRead.isPending}>
            {t('markAllRead')}
          </Button>
        }
      />
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState icon={<BellOff />} title={t('empty.title')} description={t('empty.description')} />
      ) : (
        <>
          <ul aria-label={t('title')} className="mt-4 flex flex-col gap-1">
            {groups.map((group) => (
              <NotificationRow key={group.id} group={group} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Container>
  );
}

/** The first page of notifications, fetched before the page is rendered (on the server, for the member). */
export const loader = queryLoader(({ client, signedIn }) =>
  signedIn ? ensureInfinite(client, notificationsQueryOptions) : Promise.resolve(),
);
