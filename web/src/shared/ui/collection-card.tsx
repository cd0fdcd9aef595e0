import { paths } from '@hearsay/contracts/paths';
import type { CollectionCard as CollectionCardData } from '@hearsay/contracts/search';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Collections as a grid of cards; a lock marks the private ones (only their owner is ever sent those). */
export function CollectionGrid({ collections }: { collections: (CollectionCardData & { isPrivate?: boolean })[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {collections.map((collection) => (
        <li key={collection.id} className="min-w-0">
          <CollectionCard collection={collection} isPrivate={collection.isPrivate} />
        </li>
      ))}
    </ul>
  );
}

/** A collection in a list: up to two overlapping covers, title, album count and owner (search, /lists, profiles). */
export function CollectionCard({ collection, isPrivate = false }: { collection: CollectionCardData; isPrivate?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.list(collection.id)}
      className="flex min-w-0 items-center gap-4 rounded-2xl border border-line bg-surface p-3 hover:bg-surface-2"
    >
      <CoverStack
        urls={collection.coverUrls}
        count={2}
        step={[8, 8]}
        size={56}
        loading="lazy"
        className="relative size-16 shrink-0"
        coverClassName="absolute size-14 rounded-lg object-cover shadow-card"
      />
      <div className="min-w-0">
        <p className="flex items-center gap-1.5 truncate font-semibold text-ink">
          {isPrivate ? <Lock aria-label={t('collectionCard.private')} className="size-3.5 shrink-0 text-ink-muted" /> : null}
          <span className="truncate">{collection.title}</span>
        </p>
        <p className="text-sm text-ink-muted">{t('collectionCard.albums', { count: collection.albumCount })}</p>
        <p className="truncate text-xs text-ink-muted">{t('collectionCard.by', { name: collection.ownerUsername })}</p>
      </div>
    </Link>
  );
}

/**
 * A collection's first covers fanned out, the first on top and each next one `step` pixels (right, down) further
 * (its card, and the head of its page). `size` is the covers' intrinsic width and height, when known.
 */
export function CoverStack({
  urls,
  count,
  step: [right, down],
  size,
  loading,
  className,
  coverClassName,
}: {
  urls: string[];
  count: number;
  step: [number, number];
  size?: number;
  /** Lazy in lists, where most cards are below the fold. */
  loading?: 'lazy';
  className: string;
  coverClassName: string;
}) {
  return (
    <div className={className}>
      {urls.slice(0, count).map((url, index) => (
        <img
          key={url}
          src={url}
          alt=""
          width={size}
          height={size}
          loading={loading}
          decoding="async"
          className={coverClassName}
          style={{ left: index * right, top: index * down, zIndex: count - index }}
        />
      ))}
    </div>
  );
}
