import type { FeedReview } from '@hearsay/contracts/feed';
import type { Review } from '@hearsay/contracts/reviews';
import { presentAlbumCard } from './albums.presenter.ts';
import type { HydratedReview, ShownReview } from './hydrator.ts';
import { presentPerson } from './people.presenter.ts';
import { presented } from './presented.ts';

/** The one place a review becomes a card: an album's, a person's, liked ones, the feed and its sidebar, the landing page. */

/** The start of a text, cut at a word, for a review's card. */
export function excerptOf(text: string, length = 240): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length - 20)).trimEnd()}…`;
}

/** The feed's excerpt is longer: the entry has the room. */
const FEED_EXCERPT = 280;

/**
 * A review with its album and author. `html` makes the stored HTML safe to show as it is read (the reviews module's
 * pictures through the image proxy, decision 014).
 */
export function presentReview({ review, author, album }: ShownReview, html: (stored: string) => string): Review {
  return presented({
    id: review.id,
    album: presentAlbumCard(album),
    author: presentPerson(author),
    rating: review.rating,
    title: review.title,
    contentHtml: html(review.contentHtml),
    excerpt: excerptOf(review.contentText),
    createdAt: review.createdAt,
    editedAt: review.editedAt,
    likeCount: review.likeCount,
    commentCount: review.commentCount,
    likedByViewer: review.viewer.liked,
    isOwner: review.viewer.own,
    // Only its author is told a moderator hid it, and why.
    hiddenReason: review.viewer.own ? review.hiddenReason : null,
  });
}

/** A review in the feed and its sidebar, beside its album's and author's cards. */
export function presentReviewSummary(review: HydratedReview): FeedReview {
  return presented({
    id: review.id,
    title: review.title,
    excerpt: excerptOf(review.contentText, FEED_EXCERPT),
    rating: review.rating,
    likeCount: review.likeCount,
    commentCount: review.commentCount,
    likedByViewer: review.viewer.liked,
    createdAt: review.createdAt,
  });
}
