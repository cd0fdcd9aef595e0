import { paths } from '@hearsay/contracts/paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { ExploreLink } from '../../shared/ui/explore-link.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { myReviewsQueryOptions } from './api.ts';

/** Your reviews, newest first, as a compact list (the Library's Reviews tab): cover, title, album, rating, date, excerpt. */
export function MyReviews() {
  const { t } = useTranslation(['reviews', 'common']);
  const formatDate = useFormatDate();
  const [page, setPage] = useState(1);
  const reviews = useQuery({ ...myReviewsQueryOptions(page), placeholderData: keepPreviousData });
  if (reviews.isError) return <ErrorState onRetry={() => void reviews.refetch()} />;
  if (reviews.data && reviews.data.items.length === 0)
    return <EmptyState title={t('mine.empty')} description={t('mine.emptyHint')} action={<ExploreLink label={t('mine.explore')} />} />;
  return (
    <>
      <ol className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
        {reviews.data
          ? reviews.data.items.map((review) => (
              <li key={review.id} className="flex gap-4 p-3 sm:p-4">
                <Link to={paths.album(review.album.slug)} className="shrink-0" tabIndex={-1} aria-hidden>
                  <AlbumCover
                    src={review.album.coverUrl}
                    alt={t('common:album.coverAlt', { title: review.album.title, artist: review.album.artistCredit })}
                    className="size-16 rounded-lg sm:size-20"
                  />
                </Link>
                <div className="min-w-0 flex-1">
                  <Link to={paths.review(review.id)} className="block truncate font-semibold text-ink hover:text-accent">
                    {review.title || t('mine.untitled', { title: review.album.title })}
                  </Link>
                  <p className="truncate text-sm text-ink-muted">
                    {review.album.title} · {review.album.artistCredit}
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-3 text-xs text-ink-subtle">
                    <RatingStars value={review.rating} size="xs" />
                    <span>{formatDate(review.createdAt)}</span>
                  </div>
                  <p className="mt-2 line-clamp-2 text-sm text-ink">{review.excerpt}</p>
                </div>
              </li>
            ))
          : Array.from({ length: 4 }, (_, index) => (
              <li key={index} className="p-4">
                <Skeleton className="h-16 w-full" />
              </li>
            ))}
      </ol>
      {reviews.data ? <Pagination page={reviews.data.page} pages={reviews.data.totalPages} onPageChange={setPage} /> : null}
    </>
  );
}
