import type { PlayedNotRatedItem } from '@hearsay/contracts/listening';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { Headphones } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { useTimeAgo } from '../../shared/hooks/use-format-date.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { RatingInput } from '../../shared/ui/rating-input.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { PLAYED_ON_HOME, playedNotRatedQueryOptions, useRatePlayedAlbum } from './api.ts';

const LIBRARY_LIMIT = 50;

function PlayedAlbum({ item }: { item: PlayedNotRatedItem }) {
  const { t } = useTranslation('listening');
  const timeAgo = useTimeAgo();
  const errorText = useErrorText();
  const rate = useRatePlayedAlbum();
  const { album } = item;
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-line p-3 sm:flex-row sm:items-center">
      <Link to={paths.album(album.slug)} className="flex min-w-0 flex-1 items-center gap-3">
        <AlbumCover src={album.coverUrl} alt="" className="size-14 shrink-0 rounded-lg" sizes="56px" />
        <span className="min-w-0">
          <span className="block truncate font-medium text-ink">{album.title}</span>
          <span className="block truncate text-sm text-ink-muted">{album.artistCredit}</span>
          <span className="block text-xs text-ink-muted">{t('played.plays', { count: item.plays, ago: timeAgo(item.lastPlayedAt) })}</span>
        </span>
      </Link>
      <RatingInput
        value={rate.variables?.albumId === album.id && rate.isPending ? rate.variables.rating : null}
        disabled={rate.isPending}
        label={t('played.rateLabel', { title: album.title, artist: album.artistCredit })}
        onChange={(rating) =>
          rate.mutate(
            { albumId: album.id, rating },
            {
              onSuccess: () => toast.success(t('played.rated', { title: album.title })),
              onError: (cause) => toast.error(errorText(cause, t('played.rateFailed'))),
            },
          )
        }
      />
    </li>
  );
}

/**
 * "Played, not rated yet": albums the member played lately and has not rated, each rated with one tap, after which it
 * leaves the list. On the home page it shows only when there is something (`compact`); the Library's tab says how
 * the list fills.
 */
export function PlayedNotRated({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('listening');
  const list = useQuery(playedNotRatedQueryOptions(compact ? PLAYED_ON_HOME : LIBRARY_LIMIT));
  const items = list.data?.items ?? [];
  if (compact && items.length === 0) return null;

  const body = list.isPending ? (
    <Skeleton className="h-24 w-full" />
  ) : list.isError && !list.data ? (
    <ErrorState title={t('played.loadFailed')} onRetry={() => void list.refetch()} />
  ) : items.length === 0 ? (
    <EmptyState
      icon={<Headphones aria-hidden className="size-6" />}
      title={t('played.emptyTitle')}
      description={
        <>
          {t('played.emptyDescription', { days: list.data.days })}{' '}
          <Link to={paths.settings('listening')} className="font-medium text-accent underline underline-offset-4">
            {t('played.connect')}
          </Link>
        </>
      }
    />
  ) : (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <PlayedAlbum key={item.album.id} item={item} />
      ))}
    </ul>
  );

  return compact ? (
    <Card className="mb-8 p-4 sm:p-5">
      <section aria-labelledby="played-not-rated">
        <h2 id="played-not-rated" className="font-display text-xl font-semibold text-ink">
          {t('played.title')}
        </h2>
        <p className="mb-4 mt-1 text-sm text-ink-muted">{t('played.description', { days: list.data?.days ?? 30 })}</p>
        {body}
        <p className="mt-3 text-sm">
          <Link to="/library?tab=played" className="font-medium text-accent underline underline-offset-4">
            {t('played.seeAll')}
          </Link>
        </p>
      </section>
    </Card>
  ) : (
    <section aria-label={t('played.title')}>
      <p className="mb-4 text-sm text-ink-muted">{t('played.description', { days: list.data?.days ?? 30 })}</p>
      {body}
    </section>
  );
}
