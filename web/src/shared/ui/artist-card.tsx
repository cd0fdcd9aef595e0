import { paths } from '@hearsay/contracts/paths';
import type { ArtistCard as ArtistCardData } from '@hearsay/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';
import { RatingStars } from './rating-stars.tsx';
import { useGenreName } from '../i18n/catalog-words.ts';

/** An artist's picture, described for screen readers by the artist's name; `size` is its intrinsic width and height. */
export function ArtistImage({
  artist,
  size,
  loading,
  className,
}: {
  artist: Pick<ArtistCardData, 'name' | 'imageUrl'>;
  size: number;
  loading?: 'lazy';
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <img
      src={artist.imageUrl}
      alt={t('artist.imageAlt', { name: artist.name })}
      width={size}
      height={size}
      loading={loading}
      decoding="async"
      className={className}
    />
  );
}

/** Artist card of spec §2: image, name, genres, rating and "n albums"; links to the artist page. */
export function ArtistCard({ artist, className }: { artist: ArtistCardData; className?: string }) {
  const { t } = useTranslation();
  const genreName = useGenreName();
  return (
    <Link
      to={paths.artist(artist.slug)}
      className={cn('group flex min-w-0 items-center gap-4 rounded-2xl border border-line bg-surface p-3 hover:bg-surface-2', className)}
    >
      <ArtistImage artist={artist} size={64} loading="lazy" className="size-16 shrink-0 rounded-full bg-surface-3 object-cover" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink group-hover:text-accent">{artist.name}</p>
        <p className="truncate text-sm text-ink-muted">{artist.genres.map(genreName).join(', ')}</p>
        <div className="mt-1 flex items-center gap-3 text-xs text-ink-subtle">
          <RatingStars value={artist.averageRating} size="xs" />
          <span>{t('artist.albums', { count: artist.albumCount })}</span>
        </div>
      </div>
    </Link>
  );
}
