import { OkSchema } from '@hearsay/contracts/accounts';
import {
  CommentPageSchema,
  CommentSchema,
  ReviewLikeSchema,
  ReviewPageSchema,
  ReviewRevisionsSchema,
  ReviewSchema,
  type Review,
  type ReviewBody,
} from '@hearsay/contracts/reviews';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/lib/api-client.ts';

export type ReviewSort = 'popular' | 'recent';

export const albumReviewsQueryOptions = (albumId: string, sort: ReviewSort, page: number) =>
  queryOptions({
    queryKey: ['reviews', 'album', albumId, sort, page],
    queryFn: ({ signal }) => api(`/api/albums/${albumId}/reviews?sort=${sort}&page=${page}&limit=10`, { schema: ReviewPageSchema, signal }),
  });

export const reviewQueryOptions = (reviewId: string) =>
  queryOptions({
    queryKey: ['reviews', 'one', reviewId],
    queryFn: ({ signal }) => api(`/api/reviews/${encodeURIComponent(reviewId)}`, { schema: ReviewSchema, signal }),
  });

export const revisionsQueryOptions = (reviewId: string) =>
  queryOptions({
    queryKey: ['reviews', 'revisions', reviewId],
    queryFn: ({ signal }) => api(`/api/reviews/${encodeURIComponent(reviewId)}/revisions`, { schema: ReviewRevisionsSchema, signal }),
  });

export const commentsQueryOptions = (reviewId: string, page: number) =>
  queryOptions({
    queryKey: ['reviews', 'comments', reviewId, page],
    queryFn: ({ signal }) =>
      api(`/api/reviews/${encodeURIComponent(reviewId)}/comments?page=${page}&limit=20`, { schema: CommentPageSchema, signal }),
  });

export const myReviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['reviews', 'mine', page],
    queryFn: ({ signal }) => api(`/api/me/reviews?page=${page}&limit=20`, { schema: ReviewPageSchema, signal }),
  });

export const likedReviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['reviews', 'liked', page],
    queryFn: ({ signal }) => api(`/api/me/liked-reviews?page=${page}&limit=10`, { schema: ReviewPageSchema, signal }),
  });

/** Reviews change what album pages, cards and charts show: refresh both. */
function useReviewMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['reviews'] });
      await queryClient.invalidateQueries({ queryKey: ['album'] });
      await queryClient.invalidateQueries({ queryKey: ['albums'] });
    },
  });
}

export const usePublishReview = () =>
  useReviewMutation(({ albumId, body }: { albumId: string; body: ReviewBody }) =>
    api(`/api/albums/${albumId}/reviews`, { method: 'POST', body, schema: ReviewSchema }),
  );

export const useEditReview = () =>
  useReviewMutation(({ reviewId, body }: { reviewId: string; body: ReviewBody }) =>
    api(`/api/reviews/${encodeURIComponent(reviewId)}`, { method: 'PUT', body, schema: ReviewSchema }),
  );

export const useDeleteReview = () =>
  useReviewMutation((reviewId: string) => api(`/api/reviews/${encodeURIComponent(reviewId)}`, { method: 'DELETE', schema: OkSchema }));

export const useLikeReview = () =>
  useReviewMutation(({ review, liked }: { review: Review; liked: boolean }) =>
    api(`/api/reviews/${encodeURIComponent(review.id)}/like`, { method: liked ? 'PUT' : 'DELETE', schema: ReviewLikeSchema }),
  );

export const useAddComment = () =>
  useReviewMutation(({ reviewId, body }: { reviewId: string; body: string }) =>
    api(`/api/reviews/${encodeURIComponent(reviewId)}/comments`, { method: 'POST', body: { body }, schema: CommentSchema }),
  );

export const useEditComment = () =>
  useReviewMutation(({ commentId, body }: { commentId: string; body: string }) =>
    api(`/api/comments/${encodeURIComponent(commentId)}`, { method: 'PUT', body: { body }, schema: CommentSchema }),
  );

export const useDeleteComment = () =>
  useReviewMutation((commentId: string) => api(`/api/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE', schema: OkSchema }));
