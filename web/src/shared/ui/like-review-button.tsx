import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSendToSignIn, useSession } from '../auth/session.ts';
import { useLikeReview } from '../hooks/use-like-review.ts';

import { cn } from '../lib/cn.ts';
import { useErrorText } from '../i18n/error-text.ts';

/** The one Like button of a review (feed, album page, review page, lists); a visitor is sent to sign in first. */
export function LikeReviewButton({ review }: { review: { id: string; likedByViewer: boolean; likeCount: number } }) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const like = useLikeReview();
  const liked = review.likedByViewer;
  return (
    <button
      type="button"
      aria-pressed={liked}
      disabled={like.isPending}
      onClick={() => {
        if (session.status !== 'signed-in') return sendToSignIn();
        like.mutate({ reviewId: review.id, liked: !liked }, { onError: (cause) => toast.error(errorText(cause, t('card.likeFailed'))) });
      }}
      className={cn('inline-flex items-center gap-1.5 hover:text-ink', liked && 'text-accent')}
    >
      <Heart aria-hidden className={cn('size-4', liked && 'fill-current')} />
      <span className="sr-only">{t('card.like')}</span>
      <span className="tabular-nums">{review.likeCount}</span>
    </button>
  );
}
