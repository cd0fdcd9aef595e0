import type { DraftBody, ReviewBody } from '@hearsay/contracts/reviews';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { federationEndpoints, reviewsEndpoints } from '../../shared/lib/endpoints.ts';
import { refreshAnswersShowing, type Shown } from '../../shared/lib/refresh.ts';
import { ensure } from '../../shared/lib/route-data.ts';
import { useSession } from '../../shared/auth/session.ts';
import { sendOrKeep, useOfflineReady } from '../../shared/offline/outbox.ts';

export type ReviewSort = 'popular' | 'recent';
/** How an album page first lists its reviews. */
export const FIRST_REVIEW_SORT: ReviewSort = 'popular';

export const albumReviewsQueryOptions = (albumId: string, sort: ReviewSort, page: number) =>
  endpointQuery(reviewsEndpoints.albumReviews, { params: { albumId }, query: { sort, page, limit: 10 } });

/** An album's reviews from other sites, five to a page (shown under its own). */
export const albumRemoteReviewsQueryOptions = (albumId: string, page: number) =>
  endpointQuery(federationEndpoints.albumReviews, { params: { albumId }, query: { page, limit: 5 } });

/** Your own review of an album, or null: the album page edits it instead of offering to write a second one. */
export const myAlbumReviewQueryOptions = (albumId: string) =>
  queryOptions({ ...endpointQuery(reviewsEndpoints.mine, { params: { albumId } }), select: (answer) => answer.review });

/**
 * What an album page's reviews section shows first (part of the album route's data): its reviews, a member's own, and
 * the first reviews from other sites.
 */
export const prefetchAlbumReviews = (client: QueryClient, albumId: string, signedIn: boolean) =>
  Promise.all([
    ensure(client, albumReviewsQueryOptions(albumId, FIRST_REVIEW_SORT, 1)),
    ensure(client, albumRemoteReviewsQueryOptions(albumId, 1)),
    signedIn && ensure(client, myAlbumReviewQueryOptions(albumId)),
  ]);

/** Your draft review of an album (an imported text too short to publish), or null: the review form opens with it. */
export const myAlbumDraftQueryOptions = (albumId: string) =>
  queryOptions({ ...endpointQuery(reviewsEndpoints.mine, { params: { albumId } }), select: (answer) => answer.draft });

export const reviewQueryOptions = (reviewId: string) => endpointQuery(reviewsEndpoints.review, { params: { reviewId } });

export const revisionsQueryOptions = (reviewId: string) => endpointQuery(reviewsEndpoints.revisions, { params: { reviewId } });

export const commentsQueryOptions = (reviewId: string, page: number) =>
  endpointQuery(reviewsEndpoints.comments, { params: { reviewId }, query: { page, limit: 20 } });

export const myReviewsQueryOptions = (page: number) => endpointQuery(reviewsEndpoints.myReviews, { query: { page, limit: 20 } });

export const likedReviewsQueryOptions = (page: number) => endpointQuery(reviewsEndpoints.likedReviews, { query: { page, limit: 10 } });

/** A change to reviews refreshes every answer showing them (and, for a published, edited or deleted one, ratings). */
function useReviewMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>, changes: readonly Shown[]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAnswersShowing(queryClient, changes) });
}

export const usePublishReview = () =>
  useReviewMutation(
    ({ albumId, body }: { albumId: string; body: ReviewBody }) => call(reviewsEndpoints.publish, { params: { albumId }, body }),
    ['reviews', 'ratings'],
  );

export const useEditReview = () =>
  useReviewMutation(
    ({ reviewId, body }: { reviewId: string; body: ReviewBody }) => call(reviewsEndpoints.edit, { params: { reviewId }, body }),
    ['reviews', 'ratings'],
  );

/**
 * Saves the review form's text as your draft of the album's review, to finish later. Offline, it is kept on the
 * device (decision 085) and answers null; the form and the album page read it from there until it is sent.
 */
export function useSaveDraft(album: { id: string; title: string; artistCredit: string }) {
  const queryClient = useQueryClient();
  const session = useSession();
  useOfflineReady(reviewsEndpoints.saveDraft);
  return useMutation({
    // Run offline too, rather than wait paused for the network: sendOrKeep keeps the write on the device then.
    networkMode: 'always',
    mutationFn: (body: DraftBody) => {
      const input = { params: { albumId: album.id }, body };
      if (!session.user) return call(reviewsEndpoints.saveDraft, input);
      const label = `${album.title} — ${album.artistCredit}`;
      const write = { kind: 'review-draft', albumRef: album.id, label, endpoint: reviewsEndpoints.saveDraft, input } as const;
      return sendOrKeep({ ...write, memberId: session.user.id });
    },
    onSuccess: (draft) => (draft ? queryClient.invalidateQueries({ queryKey: endpointKey(reviewsEndpoints.mine) }) : undefined),
  });
}

/** A draft is shown only by your own review of its album. */
export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (albumId: string) => call(reviewsEndpoints.discardDraft, { params: { albumId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(reviewsEndpoints.mine) }),
  });
}

export const useDeleteReview = () =>
  useReviewMutation((reviewId: string) => call(reviewsEndpoints.remove, { params: { reviewId } }), ['reviews', 'ratings']);

export const useAddComment = () =>
  useReviewMutation(
    ({ reviewId, body, replyTo }: { reviewId: string; body: string; replyTo?: string }) =>
      call(reviewsEndpoints.addComment, { params: { reviewId }, body: { body, ...(replyTo && { replyTo }) } }),
    ['reviews'],
  );

export const useEditComment = () =>
  useReviewMutation(
    ({ commentId, body }: { commentId: string; body: string }) =>
      call(reviewsEndpoints.editComment, { params: { commentId }, body: { body } }),
    ['reviews'],
  );

export const useDeleteComment = () =>
  useReviewMutation((commentId: string) => call(reviewsEndpoints.removeComment, { params: { commentId } }), ['reviews']);
