import type { RemotePersonPage as RemotePersonPageData, RemotePost } from '@hearsay/contracts/federation';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { PageLoadError } from '../../shared/ui/not-found.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { RemotePostContent } from '../../shared/ui/remote-post-content.tsx';
import { PageLoading } from '../../shared/ui/skeleton.tsx';
import { remotePersonQueryOptions, useRemotePersonAction } from './api.ts';

/**
 * A person of another site as this site knows them: who they are, a link to their own site, Follow, Block, and their
 * ratings and reviews that reached this site, newest first.
 */
export function RemotePersonPage() {
  const { t } = useTranslation('search');
  const { personId = '' } = useParams();
  const [page, setPage] = useState(1);
  const query = useQuery(remotePersonQueryOptions(personId, page));
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageLoadError query={query} title={t('remotePage.notFound')} description={t('remotePage.notFoundHint')} />;
  return <RemotePersonView data={query.data} onPageChange={setPage} />;
}

function RemotePersonView({ data, onPageChange }: { data: RemotePersonPageData; onPageChange: (page: number) => void }) {
  const { t } = useTranslation('search');
  const errorText = useErrorText();
  const act = useRemotePersonAction();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const { person, blocked, posts } = data;
  const run = (action: 'follow' | 'unfollow' | 'block' | 'unblock', done?: string) =>
    act.mutate(
      { personId: person.id, action },
      {
        onSuccess: () => {
          setConfirmBlock(false);
          if (done) toast.success(done);
        },
        onError: (cause) => toast.error(errorText(cause, t('remote.followFailed'))),
      },
    );
  return (
    <Container className="max-w-3xl py-8 sm:py-12">
      <title>{`${person.name} (@${person.handle}) · Hearsay`}</title>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 gap-4">
          <Avatar name={person.name} src={person.avatarUrl} size="lg" />
          <div className="min-w-0 [overflow-wrap:anywhere]">
            <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">{person.name}</h1>
            <p className="text-sm text-ink-muted">@{person.handle}</p>
            <p className="mt-1 flex w-fit max-w-full items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-ink-muted">
              <Globe aria-hidden className="size-3" />
              {t('remote.from', { host: person.host })}
            </p>
            {person.summary ? <p className="mt-3 whitespace-pre-line text-sm text-ink">{person.summary}</p> : null}
            {person.url ? (
              <a
                href={person.url}
                target="_blank"
                rel="noopener nofollow ugc"
                className="mt-3 flex w-fit items-center gap-1.5 text-sm font-medium text-accent hover:underline"
              >
                {t('remote.theirPage', { host: person.host })}
                <ExternalLink aria-hidden className="size-3.5" />
              </a>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col sm:items-end">
          {blocked ? (
            <Button
              variant="outline"
              size="sm"
              disabled={act.isPending}
              onClick={() => run('unblock', t('remotePage.unblocked', { name: person.name }))}
            >
              {t('remotePage.unblock')}
            </Button>
          ) : (
            <>
              <Button
                size="sm"
                variant={person.follow === 'none' ? 'primary' : 'outline'}
                disabled={act.isPending}
                aria-label={t(`remote.${person.follow}Name`, { name: person.name })}
                onClick={() => run(person.follow === 'none' ? 'follow' : 'unfollow')}
              >
                {t(`remote.${person.follow}`)}
              </Button>
              <Button variant="ghost" size="sm" className="text-danger" disabled={act.isPending} onClick={() => setConfirmBlock(true)}>
                {t('remotePage.block')}
              </Button>
            </>
          )}
        </div>
      </header>
      {blocked ? (
        <p className="mt-4 rounded-xl bg-surface-2 p-3 text-sm text-ink-muted">{t('remotePage.blockedNote', { name: person.name })}</p>
      ) : null}

      <section aria-labelledby="remote-posts" className="mt-8">
        <h2 id="remote-posts" className="font-display text-lg font-semibold text-ink">
          {t('remotePage.posts')}
        </h2>
        {posts.items.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{t('remotePage.noPosts', { name: person.name })}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3">
            {posts.items.map((post) => (
              <RemotePostRow key={post.id} post={post} host={person.host} />
            ))}
          </ul>
        )}
        <Pagination page={posts.page} pages={posts.totalPages} onPageChange={onPageChange} />
      </section>

      <ConfirmDialog
        open={confirmBlock}
        onOpenChange={setConfirmBlock}
        title={t('remotePage.blockTitle', { name: person.name })}
        description={t('remotePage.blockDescription', { name: person.name, host: person.host })}
        cancelLabel={t('remotePage.cancel')}
        confirmLabel={t('remotePage.block')}
        pending={act.isPending}
        onConfirm={() => run('block', t('remotePage.blockedDone', { name: person.name }))}
      />
    </Container>
  );
}

/** One rating or review of theirs: the album (ours when it could be matched), the rating, the words, and where it lives. */
function RemotePostRow({ post, host }: { post: RemotePost; host: string }) {
  const { t } = useTranslation('search');
  const formatDate = useFormatDate();
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-surface p-4">
      <RemotePostContent post={post}>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 text-xs text-ink-muted">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          {post.url ? (
            <a
              href={post.url}
              target="_blank"
              rel="noopener nofollow ugc"
              className="inline-flex items-center gap-1 text-accent hover:underline"
            >
              {t('remotePage.viewOn', { host })}
              <ExternalLink aria-hidden className="size-3" />
            </a>
          ) : null}
        </p>
      </RemotePostContent>
    </li>
  );
}

/** The route's data: the person and the first page of their posts (members only: a visitor's answer asks them to sign in). */
export const loader = queryLoader(({ client, params: { personId = '' } }) => ensure(client, remotePersonQueryOptions(personId, 1)));
