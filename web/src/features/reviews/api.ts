import type { Endpoint } from '@hearsay/contracts/endpoint';
import type { Review, ReviewBody } from '@hearsay/contracts/reviews';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery, type LazyEndpoint } from '../../shared/lib/api-client.ts';
import { ANSWERS_SHOWING_RATINGS } from '../../shared/lib/rating-answers.ts';
import { reviewsEndpoints, siteEndpoints } from '../../shared/lib/endpoints.ts';

export type ReviewSort = 'popular' | 'recent';
/** How an album page first lists its reviews. */
export const FIRST_REVIEW_SORT: ReviewSort = 'popular';

export const albumReviewsQueryOptions = (albumId: string, sort: ReviewSort, page: number) =>
  endpointQuery(reviewsEndpoints.albumReviews, { params: { albumId }, query: { sort, page, limit: 10 } });

/** Your own review of an album, or null: the album page edits it instead of offering to write a second one. */
export const myAlbumReviewQueryOptions = (albumId: string) =>
  queryOptions({ ...endpointQuery(reviewsEndpoints.mine, { params: { albumId } }), select: (answer) => answer.review });

/** Your draft review of an album (an imported text too short to publish), or null: the review form opens with it. */
export const myAlbumDraftQueryOptions = (albumId: string) =>
  queryOptions({ ...endpointQuery(reviewsEndpoints.mine, { params: { albumId } }), select: (answer) => answer.draft });

export const reviewQueryOptions = (reviewId: string) => endpointQuery(reviewsEndpoints.review, { params: { reviewId } });

export const revisionsQueryOptions = (reviewId: string) => endpointQuery(reviewsEndpoints.revisions, { params: { reviewId } });

export const commentsQueryOptions = (reviewId: string, page: number) =>
  endpointQuery(reviewsEndpoints.comments, { params: { reviewId }, query: { page, limit: 20 } });

export const myReviewsQueryOptions = (page: number) => endpointQuery(reviewsEndpoints.myReviews, { query: { page, limit: 20 } });

export const likedReviewsQueryOptions = (page: number) => endpointQuery(reviewsEndpoints.likedReviews, { query: { page, limit: 10 } });

/**
 * Answers that show reviews with their like and comment counts, and the landing page, which quotes well-liked
 * reviews: every change to a review, its likes or its comments refreshes them.
 */
const ANSWERS_SHOWING_REVIEWS: LazyEndpoint<Endpoint>[] = [
  reviewsEndpoints.albumReviews,
  reviewsEndpoints.mine,
  reviewsEndpoints.review,
  reviewsEndpoints.revisions,
  reviewsEndpoints.comments,
  reviewsEndpoints.myReviews,
  reviewsEndpoints.likedReviews,
  siteEndpoints.landing,
];

/**
 * Publishing or editing a review also rates the album, and publishing or deleting one changes review counts, so
 * everything that shows an album's rating or review count, or the author's ratings and counts, refreshes too.
 */
const ANSWERS_SHOWING_REVIEWED_ALBUMS: LazyEndpoint<Endpoint>[] = [...new Set([...ANSWERS_SHOWING_REVIEWS, ...ANSWERS_SHOWING_RATINGS])];

function useReviewMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>, changes: readonly LazyEndpoint<Endpoint>[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(changes.map((declaration) => queryClient.invalidateQueries({ queryKey: endpointKey(declaration) }))),
  });
}

export const usePublishReview = () =>
  useReviewMutation(
    ({ albumId, body }: { albumId: string; body: ReviewBody }) => call(reviewsEndpoints.publish, { params: { albumId }, body }),
    ANSWERS_SHOWING_REVIEWED_ALBUMS,
  );

export const useEditReview = () =>
  useReviewMutation(
    ({ reviewId, body }: { reviewId: string; body: ReviewBody }) => call(reviewsEndpoints.edit, { params: { reviewId }, body }),
    ANSWERS_SHOWING_REVIEWED_ALBUMS,
  );

export const useDiscardDraft = () =>
  useReviewMutation((albumId: string) => call(reviewsEndpoints.discardDraft, { params: { albumId } }), [reviewsEndpoints.mine]);

export const useDeleteReview = () =>
  useReviewMutation((reviewId: string) => call(reviewsEndpoints.remove, { params: { reviewId } }), ANSWERS_SHOWING_REVIEWED_ALBUMS);

export const useLikeReview = () =>
  useReviewMutation(
    ({ review, liked }: { review: Review; liked: boolean }) =>
      call(liked ? reviewsEndpoints.like : reviewsEndpoints.unlike, { params: { reviewId: review.id } }),
    ANSWERS_SHOWING_REVIEWS,
  );

export const useAddComment = () =>
  useReviewMutation(
    ({ reviewId, body, replyTo }: { reviewId: string; body: string; replyTo?: string }) =>
      call(reviewsEndpoints.addComment, { params: { reviewId }, body: { body, ...(replyTo && { replyTo }) } }),
    ANSWERS_SHOWING_REVIEWS,
  );

export const useEditComment = () =>
  useReviewMutation(
    ({ commentId, body }: { commentId: string; body: string }) =>
      call(reviewsEndpoints.editComment, { params: { commentId }, body: { body } }),
    ANSWERS_SHOWING_REVIEWS,
  );

export const useDeleteComment = () =>
  useReviewMutation((commentId: string) => call(reviewsEndpoints.removeComment, { params: { commentId } }), ANSWERS_SHOWING_REVIEWS);
