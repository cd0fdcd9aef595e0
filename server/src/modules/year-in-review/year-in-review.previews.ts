import type { PreviewRoute } from '../../platform/http/link-previews.ts';
import type { YearInReviewService } from './year-in-review.service.ts';
import { countOf } from '../../platform/text.ts';

/** Open Graph preview for a shared year in review: as a visitor would see it, with its card; closed years get the default. */
export function yearInReviewPreviews(yearInReview: YearInReviewService): PreviewRoute[] {
  return [
    {
      pattern: /^\/profile\/([^/]+)\/year\/(\d{4})\/?$/,
      async resolve(match) {
        const year = await yearInReview.preview(decodeURIComponent(match[1] ?? ''), Number(match[2]));
        if (!year) return undefined;
        const average = year.averageRating === null ? '' : `, an average of ${year.averageRating.toFixed(1)}/10`;
        const genres = year.topGenres
          .slice(0, 3)
          .map((genre) => genre.name)
          .join(', ');
        return {
          title: `${year.person.name}'s ${year.year} in music — Hearsay`,
          description: `${countOf(year.rated, 'album')} rated${average}${genres ? `. Most of all: ${genres}` : ''}.`,
          image: `/api/users/${encodeURIComponent(year.person.username)}/year/${year.year}/card.png`,
          type: 'profile',
        };
      },
    },
  ];
}
