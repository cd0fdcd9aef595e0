import { useQuery } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import type { AlbumReviewsProps } from '../../shared/lib/album-extensions.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import {
  albumReviewsQueryOptions,
  FIRST_REVIEW_SORT,
  myAlbumDraftQueryOptions,
  myAlbumReviewQueryOptions,
  useDiscardDraft,
  type ReviewSort,
} from './api.ts';
import { useWaitingDraft, WaitingToSend } from '../../shared/offline/waiting-to-send.tsx';
import { AlbumRemoteReviews } from './album-remote-reviews.tsx';
import { ReviewCard } from './review-card.tsx';
import { ReviewDialog } from './review-dialog.tsx';

/**
 * The Reviews section of an album page: most liked or newest first, paged, with Write Review (or edit yours). The
 * "Write a Review" modal is the page's to open, so that "Rate & Review" at the top opens the same one.
 */
export function AlbumReviews({ album, writing, onWritingChange }: AlbumReviewsProps) {
  const { t } = useTranslation('reviews');
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const [sort, setSort] = useState<ReviewSort>(FIRST_REVIEW_SORT);
  const [page, setPage] = useState(1);
  const reviews = useQuery(albumReviewsQueryOptions(album.id, sort, page));
  // Your own review, wherever it is in the list: the button edits it instead of writing a second one.
  const mine = useQuery({ ...myAlbumReviewQueryOptions(album.id), enabled: session.status === 'signed-in' });
  // A draft saved earlier or kept from an import, while there is no review: the form starts from it.
  const draft = useQuery({ ...myAlbumDraftQueryOptions(album.id), enabled: session.status === 'signed-in' });
  // One saved offline and not sent yet is newer than the server's.
  const waitingDraft = useWaitingDraft(album.id);
  const pendingDraft = mine.data ? null : waitingDraft ? { ...waitingDraft, updatedAt: '' } : (draft.data ?? null);
  const discard = useDiscardDraft();

  const write = () => {
    if (session.status !== 'signed-in') return sendToSignIn();
    onWritingChange(true);
  };

  return (
    <section id="reviews" aria-labelledby="reviews-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-title" className="font-display text-2xl font-semibold text-ink">
          {t('section.title')}
          {reviews.data ? <span className="ml-2 text-base font-normal text-ink-muted">({reviews.data.total})</span> : null}
        </h2>
        <div className="flex items-center gap-2">
          <div role="group" aria-label={t('section.sort')} className="flex rounded-full bg-surface-2 p-0.5 text-sm">
            {(['popular', 'recent'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={sort === option}
                onClick={() => {
                  setSort(option);
                  setPage(1);
                }}
                className="rounded-full px-3 py-1 font-medium text-ink-muted aria-pressed:bg-surface aria-pressed:text-ink aria-pressed:shadow-sm"
              >
                {t(`section.${option}`)}
              </button>
            ))}
          </div>
          <Button variant="outline" size="sm" onClick={write}>
            <MessageSquareText aria-hidden />
            {mine.data ? t('section.editYours') : pendingDraft ? t('section.continueDraft') : t('section.write')}
          </Button>
        </div>
      </div>
      {pendingDraft ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-ink">
            {t('section.draftNotice')}
            {waitingDraft ? <WaitingToSend /> : null}
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={write}>
              {t('section.continueDraft')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={discard.isPending || waitingDraft !== null}
              onClick={() => discard.mutate(album.id)}
            >
              {t('section.discardDraft')}
            </Button>
          </div>
        </div>
      ) : null}
      {reviews.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : reviews.isError ? (
        <ErrorState onRetry={() => void reviews.refetch()} />
      ) : reviews.data.items.length === 0 ? (
        <EmptyState title={t('section.empty')} description={t('section.emptyHint')} />
      ) : (
        <div className="flex flex-col gap-4">
          {reviews.data.items.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
          <Pagination page={page} pages={reviews.data.totalPages} onPageChange={setPage} />
        </div>
      )}
      <AlbumRemoteReviews albumId={album.id} />
      <ReviewDialog
        album={album}
        existing={mine.data ?? undefined}
        draft={pendingDraft}
        initialRating={album.viewerRating}
        open={writing}
        onOpenChange={onWritingChange}
      />
    </section>
  );
}
