import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client.ts';
import { reviewsEndpoints } from '../lib/endpoints.ts';
import { refreshAnswersShowing, writeIntoAnswersShowing } from '../lib/refresh.ts';

/**
 * Like or unlike a review, wherever it is shown. The answer (liked, like count) is written into every cached answer
 * that holds the review, the feed as well as its page and the lists; the other answers showing likes refresh.
 */
export function useLikeReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, liked }: { reviewId: string; liked: boolean }) =>
      call(liked ? reviewsEndpoints.like : reviewsEndpoints.unlike, { params: { reviewId } }),
    onSuccess: (answer, { reviewId }) => {
      const updated = writeIntoAnswersShowing(queryClient, ['likes'], (node) =>
        node.id === reviewId && 'likedByViewer' in node ? { ...node, likedByViewer: answer.liked, likeCount: answer.likeCount } : undefined,
      );
      return refreshAnswersShowing(queryClient, ['likes'], updated);
    },
  });
}
