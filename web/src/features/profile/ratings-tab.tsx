import type { Profile } from '@hearsay/contracts/profiles';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../shared/lib/format-date.ts';
import { Card } from '../../shared/ui/card.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { RatingDistribution } from '../../shared/ui/rating-distribution.tsx';
import { EmptyState, Spinner } from '../../shared/ui/skeleton.tsx';
import { distributionQueryOptions, profileRatingsQueryOptions } from './api.ts';
import { formatRating } from '../../shared/i18n/index.ts';

/** The profile's Ratings tab: how their ratings spread over the scale, and every rating, newest first. */
export function RatingsTab({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const [page, setPage] = useState(1);
  const distribution = useQuery(distributionQueryOptions(profile.username));
  const ratings = useQuery(profileRatingsQueryOptions(profile.username, { sort: 'date', page }, 20));
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <Card className="h-fit p-5">
        {distribution.data ? (
          <RatingDistribution buckets={distribution.data.buckets} title={t('distribution')} emptyText={t('emptyRatings')} />
        ) : (
          <Spinner />
        )}
      </Card>
      <section aria-label={t('tabs.ratings')}>
        {ratings.data?.items.length === 0 ? <EmptyState title={t('emptyRatings')} /> : null}
        <ol className="flex flex-col gap-2">
          {ratings.data?.items.map((item) => (
            <li key={item.album.id} className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface p-3">
              <Link to={paths.album(item.album.slug)} className="min-w-0">
                <span className="block truncate font-medium text-ink hover:text-accent">{item.album.title}</span>
                <span className="block truncate text-sm text-ink-muted">{item.album.artistCredit}</span>
              </Link>
              <span className="shrink-0 text-right">
                <span className="block font-display text-lg font-semibold tabular-nums text-ink">{formatRating(item.rating)}</span>
                <time dateTime={item.ratedAt} className="block text-xs text-ink-muted">
                  {formatDate(item.ratedAt, i18n.language)}
                </time>
              </span>
            </li>
          ))}
        </ol>
        {ratings.data ? <Pagination page={page} pages={ratings.data.totalPages} onPageChange={setPage} /> : null}
      </section>
    </div>
  );
}
