import { paths } from '@hearsay/contracts/paths';
import type { AlbumCard as AlbumCardData } from '@hearsay/contracts/catalog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';
import { AlbumCover } from './album-cover.tsx';
import { RatingStars } from './rating-stars.tsx';
import { MediaRowSkeleton, Skeleton } from './skeleton.tsx';
import { formatRating } from '../i18n/index.ts';
import { useGenreName } from '../i18n/catalog-words.ts';

/**
 * An album as it appears in grids and lists everywhere: cover first, then title, artist, year and rating. The
 * personal rating shown is the viewer's ("Your rating"), or, with `ratedBy`, that person's ("Ana's rating").
 */
export function AlbumCard({
  album,
  layout = 'grid',
  rank,
  priority,
  className,
  ratedBy,
  rating,
  showPersonalRating = true,
}: {
  album: AlbumCardData;
  layout?: 'grid' | 'list';
  rank?: number;
  priority?: boolean;
  className?: string;
  /** The name of whoever gave `album.viewerRating`, when it is someone else's rating (on their profile). */
  ratedBy?: string;
  /** List layout: what stands in the rating column instead of the average and the personal rating (a chart's own rating). */
  rating?: ReactNode;
  /** False where the page prints the personal rating itself (the Library's "Rated 8.0 on …"), so it is not said twice. */
  showPersonalRating?: boolean;
}) {
  const { t } = useTranslation();
  const personalRating = (value: number) =>
    ratedBy === undefined
      ? t('album.yourRating', { value: formatRating(value) })
      : t('album.theirRating', { name: ratedBy, value: formatRating(value) });
  const alt = t('album.coverAlt', { title: album.title, artist: album.artistCredit });
  const genreName = useGenreName();
  const meta = [album.releaseYear, album.genres[0] && genreName(album.genres[0])].filter(Boolean).join(' · ');
  if (layout === 'list') {
    return (
      <Link
        to={paths.album(album.slug)}
        className={cn('group flex min-w-0 items-center gap-3 rounded-2xl p-2 sm:gap-4 transition-colors hover:bg-surface-2', className)}
      >
        {rank !== undefined ? (
          <span className="w-8 shrink-0 text-right font-display text-xl font-semibold tabular-nums text-ink-subtle">{rank}</span>
        ) : null}
        <AlbumCover src={album.coverUrl} alt={alt} className="size-16 shrink-0 rounded-lg sm:size-20" priority={priority} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-ink group-hover:text-accent">{album.title}</p>
          <p className="truncate text-sm text-ink-muted">{album.artistCredit}</p>
          <p className="truncate text-xs text-ink-subtle">{meta}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          {rating ?? <RatingStars value={album.averageRating} count={album.ratingCount} />}
          {rating === undefined && showPersonalRating && album.viewerRating !== null ? (
            <span className="text-xs font-medium text-accent">{personalRating(album.viewerRating)}</span>
          ) : null}
        </div>
      </Link>
    );
  }
  return (
    <Link to={paths.album(album.slug)} className={cn('group flex flex-col gap-2 rounded-2xl', className)}>
      <div className="relative">
        <AlbumCover
          src={album.coverUrl}
          alt={alt}
          priority={priority}
          className="transition-transform duration-300 group-hover:-translate-y-0.5 group-hover:shadow-lg"
        />
        {rank !== undefined ? (
          <span className="absolute left-2 top-2 rounded-full bg-canvas/90 px-2.5 py-0.5 font-display text-sm font-semibold text-ink shadow">
            {rank}
          </span>
        ) : null}
      </div>
      <div className="min-w-0 px-0.5">
        <p className="truncate font-semibold leading-snug text-ink group-hover:text-accent">{album.title}</p>
        <p className="truncate text-sm text-ink-muted">{album.artistCredit}</p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <RatingStars value={album.averageRating} size="xs" />
          <span className="truncate text-xs text-ink-subtle">{album.releaseYear ?? ''}</span>
        </div>
        {showPersonalRating && album.viewerRating !== null ? (
          <p className="mt-0.5 text-xs font-medium text-accent">{personalRating(album.viewerRating)}</p>
        ) : null}
      </div>
    </Link>
  );
}

/** Placeholder with the card's exact footprint, so nothing moves when data arrives. */
export function AlbumCardSkeleton({ layout = 'grid' }: { layout?: 'grid' | 'list' }) {
  if (layout === 'list') {
    return <MediaRowSkeleton className="p-2" media="size-16 rounded-lg sm:size-20" />;
  }
  return (
    <div className="flex flex-col gap-2">
      <Skeleton className="aspect-square w-full rounded-xl" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-3 w-1/2" />
      <Skeleton className="h-3 w-1/3" />
    </div>
  );
}

/** The album grid of spec §9: 2, 3 and 4 columns on small, medium and large screens. */
export function AlbumGrid({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn('grid grid-cols-2 gap-x-4 gap-y-6 md:grid-cols-3 lg:grid-cols-4', className)}>{children}</div>;
}
