import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { likedReviewsQueryOptions } from './api.ts';
import { ReviewCard } from './review-card.tsx';

/** Reviews you liked, most recently liked first (shown on /favorites). */
export function LikedReviews() {
  const { t } = useTranslation('reviews');
  const [page, setPage] = useState(1);
  const liked = useQuery(likedReviewsQueryOptions(page));
  if (liked.isPending) return <Skeleton className="h-40 w-full" />;
  if (liked.isError) return <ErrorState onRetry={() => void liked.refetch()} />;
  if (!liked.data.items.length) return <EmptyState title={t('liked.empty')} description={t('liked.emptyHint')} />;
  return (
    <div className="flex flex-col gap-4">
      {liked.data.items.map((review) => (
        <ReviewCard key={review.id} review={review} showAlbum />
      ))}
      <Pagination page={page} pages={liked.data.totalPages} onPageChange={setPage} />
    </div>
  );
}

/** The "Liked reviews" part of /favorites. */
export function LikedReviewsSection() {
  const { t } = useTranslation('reviews');
  return (
    <section aria-labelledby="liked-reviews" className="mt-12">
      <h2 id="liked-reviews" className="mb-4 font-display text-2xl font-semibold text-ink">
        {t('liked.title')}
      </h2>
      <LikedReviews />
    </section>
  );
}
