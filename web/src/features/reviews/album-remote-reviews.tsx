import type { RemotePost } from '@hearsay/contracts/federation';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Flag, Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { ReportDialog } from '../../shared/ui/report-dialog.tsx';
import { RichText } from '../../shared/ui/rich-text.tsx';
import { albumRemoteReviewsQueryOptions } from './api.ts';

/**
 * "From other sites": reviews of the album that people of other sites shared with people here, under this site's own
 * and paged apart from them (newest first), each with its site and a link to it there. They are not in the album's
 * averages, which the section says. Nothing shows while there are none.
 */
export function AlbumRemoteReviews({ albumId }: { albumId: string }) {
  const { t } = useTranslation('reviews');
  const [page, setPage] = useState(1);
  const reviews = useQuery(albumRemoteReviewsQueryOptions(albumId, page));
  if (!reviews.data?.total) return null;
  return (
    <section aria-labelledby="remote-reviews-title" className="mt-8">
      <h3 id="remote-reviews-title" className="flex items-center gap-2 font-display text-xl font-semibold text-ink">
        <Globe aria-hidden className="size-5 text-ink-muted" />
        {t('remote.title')}
        <span className="text-base font-normal text-ink-muted">({reviews.data.total})</span>
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{t('remote.hint')}</p>
      <div className="mt-4 flex flex-col gap-4">
        {reviews.data.items.map((post) => (
          <RemoteReviewCard key={post.id} post={post} />
        ))}
        <Pagination page={page} pages={reviews.data.totalPages} onPageChange={setPage} />
      </div>
    </section>
  );
}

/** Opens a page of another site in a new tab; what that site says is not vouched for (`ugc`, `nofollow`). */
const outLink = { target: '_blank', rel: 'noopener nofollow ugc' } as const;

function RemoteReviewCard({ post }: { post: RemotePost }) {
  const { t } = useTranslation('reviews');
  const formatDate = useFormatDate();
  const session = useSession();
  const [reporting, setReporting] = useState(false);
  const { person } = post;
  return (
    <article
      aria-label={t('remote.label', { name: person.name, host: person.host })}
      className="rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <header className="flex items-center gap-3">
        <Avatar name={person.name} src={person.avatarUrl} size="sm" className="shrink-0" />
        <div className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
          {person.url ? (
            <a href={person.url} {...outLink} className="font-semibold text-ink hover:text-accent">
              {person.name}
            </a>
          ) : (
            <span className="font-semibold text-ink">{person.name}</span>
          )}
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-muted">
            <span>@{person.handle}</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5">
              <Globe aria-hidden className="size-3" />
              {t('remote.fromHost', { host: person.host })}
            </span>
          </p>
        </div>
        <time dateTime={post.publishedAt} className="shrink-0 text-xs text-ink-muted">
          {formatDate(post.publishedAt)}
        </time>
      </header>
      <div className="mt-3 min-w-0 [overflow-wrap:anywhere]">
        {post.title ? <h4 className="font-display text-base font-semibold text-ink">{post.title}</h4> : null}
        {post.rating !== null ? <RatingStars value={post.rating} size="xs" className="mt-1" /> : null}
        {/* Sanitised by the server when it arrived, as this site's own reviews are. */}
        {post.contentHtml ? <RichText html={post.contentHtml} className="mt-2 line-clamp-6 text-sm text-ink" /> : null}
      </div>
      <footer className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-muted">
        {session.status === 'signed-in' ? (
          <>
            <button type="button" className="inline-flex items-center gap-1.5 hover:text-ink" onClick={() => setReporting(true)}>
              <Flag aria-hidden className="size-3.5" />
              {t('remote.report')}
            </button>
            <ReportDialog
              subject={{ type: 'remote_post', id: post.id }}
              forwardHost={person.host}
              open={reporting}
              onOpenChange={setReporting}
            />
          </>
        ) : null}
        {post.url ? (
          <a href={post.url} {...outLink} className="ml-auto inline-flex items-center gap-1.5 font-medium text-accent hover:underline">
            {t('remote.viewOn', { host: person.host })}
            <ExternalLink aria-hidden className="size-3.5" />
          </a>
        ) : null}
      </footer>
    </article>
  );
}
