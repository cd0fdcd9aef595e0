import type { Profile } from '@hearsay/contracts/profiles';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Card } from '../../shared/ui/card.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { RatingDistribution } from '../../shared/ui/rating-distribution.tsx';
import { EmptyState, Spinner } from '../../shared/ui/skeleton.tsx';
import { distributionQueryOptions, profileRatingsQueryOptions, topTracksQueryOptions } from './api.ts';
import { formatRating } from '../../shared/i18n/index.ts';

/** The profile's Ratings tab: how their ratings spread over the scale, and every rating, newest first. */
export function RatingsTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const formatDate = useFormatDate();
  const [page, setPage] = useState(1);
  const distribution = useQuery(distributionQueryOptions(profile.username));
  const ratings = useQuery(profileRatingsQueryOptions(profile.username, { sort: 'date', page }, 20));
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <div className="flex flex-col gap-6">
        <Card className="h-fit p-5">
          {distribution.data ? (
            <RatingDistribution buckets={distribution.data.buckets} title={t('distribution')} emptyText={t('emptyRatings')} />
          ) : (
            <Spinner />
          )}
        </Card>
        <TopTracks profile={profile} />
      </div>
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
                  {formatDate(item.ratedAt)}
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

/** The tracks they rated highest (decision 078), ten at a time, each with its album. */
function TopTracks({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState(1);
  const tracks = useQuery(topTracksQueryOptions(profile.username, page));
  return (
    <Card className="h-fit p-5">
      <section aria-labelledby="top-tracks-title">
        <h2 id="top-tracks-title" className="mb-3 font-display text-lg font-semibold text-ink">
          {t('topTracks')}
        </h2>
        {!tracks.data ? <Spinner /> : null}
        {tracks.data?.items.length === 0 ? <p className="text-sm text-ink-muted">{t('emptyTopTracks')}</p> : null}
        <ol className="flex flex-col divide-y divide-line">
          {tracks.data?.items.map((item) => (
            <li key={item.track.id} className="flex items-center justify-between gap-3 py-2">
              <Link to={paths.album(item.album.slug)} className="min-w-0">
                <span className="block truncate font-medium text-ink hover:text-accent">{item.track.title}</span>
                <span className="block truncate text-xs text-ink-muted">
                  {t('topTrackAlbum', { album: item.album.title, artist: item.album.artistCredit })}
                </span>
              </Link>
              <span className="shrink-0 font-display text-lg font-semibold tabular-nums text-ink">{formatRating(item.rating)}</span>
            </li>
          ))}
        </ol>
        {tracks.data && tracks.data.totalPages > 1 ? (
          <Pagination page={page} pages={tracks.data.totalPages} onPageChange={setPage} />
        ) : null}
      </section>
    </Card>
  );
}
