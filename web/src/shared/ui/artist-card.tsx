import { paths } from '@hearsay/contracts/paths';
import type { ArtistCard as ArtistCardData } from '@hearsay/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';
import { RatingStars } from './rating-stars.tsx';
import { Skeleton } from './skeleton.tsx';

/** Artist card of spec §2: image, name, genres, rating and "n albums"; links to the artist page. */
export function ArtistCard({ artist, className }: { artist: ArtistCardData; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.artist(artist.slug)}
      className={cn('group flex items-center gap-4 rounded-2xl border border-line bg-surface p-3 hover:bg-surface-2', className)}
    >
      <img
        src={artist.imageUrl}
        alt={t('artist.imageAlt', { name: artist.name })}
        width={64}
        height={64}
        loading="lazy"
        className="size-16 shrink-0 rounded-full bg-surface-3 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink group-hover:text-accent">{artist.name}</p>
        <p className="truncate text-sm text-ink-muted">{artist.genres.map((genre) => genre.name).join(', ')}</p>
        <div className="mt-1 flex items-center gap-3 text-xs text-ink-subtle">
          <RatingStars value={artist.averageRating} size="xs" />
          <span>{t('artist.albums', { count: artist.albumCount })}</span>
        </div>
      </div>
    </Link>
  );
}

export function ArtistCardSkeleton() {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-line p-3">
      <Skeleton className="size-16 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}
