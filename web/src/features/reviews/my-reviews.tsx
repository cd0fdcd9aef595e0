import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { myReviewsQueryOptions } from './api.ts';
import { ReviewCard } from './review-card.tsx';

/** Your reviews, newest first. */
export function MyReviews() {
  const { t } = useTranslation('reviews');
  const [page, setPage] = useState(1);
  const mine = useQuery(myReviewsQueryOptions(page));
  if (mine.isPending) return <Skeleton className="h-40 w-full" />;
  if (mine.isError) return <ErrorState onRetry={() => void mine.refetch()} />;
  if (!mine.data.items.length) return <EmptyState title={t('mine.empty')} description={t('mine.emptyHint')} />;
  return (
    <div className="flex flex-col gap-4">
      {mine.data.items.map((review) => (
        <ReviewCard key={review.id} review={review} showAlbum />
      ))}
      <Pagination page={page} pages={mine.data.totalPages} onPageChange={setPage} />
    </div>
  );
}
