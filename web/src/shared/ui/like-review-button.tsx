import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useLikeReview } from '../hooks/use-like-review.ts';
import { useErrorText } from '../i18n/error-text.ts';
import { HeartButton } from './heart-button.tsx';

/** The Like button of a review (feed, album page, review page, lists), with its count. */
export function LikeReviewButton({ review }: { review: { id: string; likedByViewer: boolean; likeCount: number } }) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const like = useLikeReview();
  return (
    <HeartButton
      liked={review.likedByViewer}
      pending={like.isPending}
      label={t('card.like')}
      count={review.likeCount}
      onToggle={(liked) =>
        like.mutate({ reviewId: review.id, liked }, { onError: (cause) => toast.error(errorText(cause, t('card.likeFailed'))) })
      }
    />
  );
}
