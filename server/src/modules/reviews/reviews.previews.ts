import type { PreviewRoute } from '../../platform/http/link-previews.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Open Graph preview for a shared review link: who reviewed what, the rating, and the opening words. */
export function reviewPreviews(reviews: ReviewsService): PreviewRoute[] {
  return [
    {
      pattern: /^\/review\/([^/]+)\/?$/,
      async resolve(match) {
        const review = await reviews.one(decodeURIComponent(match[1] ?? ''), undefined);
        return {
          title: `${review.author.name} on ${review.album.title} — ${review.rating.toFixed(1)}/10`,
          description: `${review.title ? `${review.title}: ` : ''}${review.excerpt}`,
          image: review.album.coverUrl,
          type: 'article',
        };
      },
    },
  ];
}
