import type { Review } from '@hearsay/contracts/reviews';
import { paths } from '@hearsay/contracts/paths';
import { MessageCircle, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { RichText } from '../../shared/ui/rich-text.tsx';
import { BlockDialog } from '../../shared/ui/block-dialog.tsx';
import { LikeReviewButton } from '../../shared/ui/like-review-button.tsx';
import { ReportDialog } from '../../shared/ui/report-dialog.tsx';

/** Author, rating, date (and "edited"), title, text, likes and comments of one review. */
export function ReviewCard({ review, full = false, showAlbum = false }: { review: Review; full?: boolean; showAlbum?: boolean }) {
  const { t } = useTranslation('reviews');
  const formatDate = useFormatDate();
  // Shown whole, the review is its page's subject, right under the album's name; in a list, under the list's heading.
  const Heading = full ? 'h2' : 'h3';
  return (
    <article aria-labelledby={`review-${review.id}-heading`} className="rounded-2xl border border-line bg-surface p-5">
      <header className="flex flex-wrap items-center gap-3">
        <Avatar name={review.author.name} src={review.author.avatarUrl} size="md" />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-ink">
            <Link to={paths.profile(review.author.username)} className="hover:text-accent">
              {review.author.name}
            </Link>{' '}
            <span className="text-sm font-normal text-ink-muted">@{review.author.username}</span>
          </p>
          <p className="text-sm text-ink-muted">
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            {review.editedAt ? ` · ${t('card.edited')}` : ''}
          </p>
        </div>
        <RatingStars value={review.rating} size="sm" />
        <ReviewMenu review={review} />
      </header>
      {review.hiddenReason ? (
        <p role="status" className="mt-3 rounded-xl bg-danger-soft px-3 py-2 text-sm text-ink">
          {t('card.hidden', { reason: review.hiddenReason })}
        </p>
      ) : null}
      {showAlbum ? (
        <p className="mt-3 text-sm text-ink-muted">
          {t('card.on')}{' '}
          <Link to={paths.album(review.album.slug)} className="font-medium text-ink hover:text-accent">
            {review.album.title}
          </Link>{' '}
          · {review.album.artistCredit}
        </p>
      ) : null}
      <Heading id={`review-${review.id}-heading`} className="mt-3 font-display text-lg font-semibold text-ink [overflow-wrap:anywhere]">
        {full ? (
          review.title || t('card.untitled', { name: review.author.name })
        ) : (
          <Link to={paths.review(review.id)} className="hover:text-accent">
            {review.title || t('card.untitled', { name: review.author.name })}
          </Link>
        )}
      </Heading>
      {full ? (
        <RichText html={review.contentHtml} className="mt-2" />
      ) : (
        <RichText html={review.contentHtml} className="mt-2 line-clamp-6" />
      )}
      <footer className="mt-4 flex items-center gap-4 text-sm text-ink-muted">
        <LikeReviewButton review={review} />
        <Link to={`${paths.review(review.id)}#comments`} className="inline-flex items-center gap-1.5 hover:text-ink">
          <MessageCircle aria-hidden className="size-4" />
          {t('card.comments', { count: review.commentCount })}
        </Link>
        {!full ? (
          <Link to={paths.review(review.id)} className="ml-auto font-medium text-accent hover:underline">
            {t('card.read')}
          </Link>
        ) : null}
      </footer>
    </article>
  );
}

/** What a reader can do about someone else's review: report it, or block its author (signed-in readers). */
function ReviewMenu({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const session = useSession();
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  if (session.status !== 'signed-in' || review.isOwner) return null;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label={t('card.more', { name: review.author.name })}
            className="rounded-lg p-1.5 text-ink-muted hover:bg-surface-2 hover:text-ink"
          >
            <MoreHorizontal aria-hidden className="size-4" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" className="z-50 min-w-40 rounded-xl border border-line bg-surface p-1 shadow-pop">
            <DropdownMenu.Item
              onSelect={() => setReporting(true)}
              className="cursor-pointer rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-2"
            >
              {t('card.report')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              onSelect={() => setBlocking(true)}
              className="cursor-pointer rounded-lg px-3 py-2 text-sm text-danger outline-none data-[highlighted]:bg-danger-soft"
            >
              {t('card.block', { username: review.author.username })}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <BlockDialog person={review.author} open={blocking} onOpenChange={setBlocking} />
      <ReportDialog subject={{ type: 'review', id: review.id }} open={reporting} onOpenChange={setReporting} />
    </>
  );
}
