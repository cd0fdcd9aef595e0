import { paths } from '@hearsay/contracts/paths';
import { useState } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * A square album cover that keeps its space while loading (no layout shift). Album covers come in the Cover Art
 * Archive's 250 and 500 px thumbnails; the browser picks by the size the cover is shown at (`sizes`, a card's by
 * default).
 */
export function AlbumCover({
  src,
  alt,
  className,
  priority,
  sizes = '(min-width: 640px) 250px, 50vw',
}: {
  src: string;
  alt: string;
  className?: string;
  priority?: boolean;
  sizes?: string;
}) {
  const sized = src.startsWith('/covers/albums/');
  const [loaded, setLoaded] = useState(false);
  return (
    <div className={cn('relative aspect-square overflow-hidden rounded-xl bg-surface-3 shadow-card', className)}>
      <img
        src={sized ? paths.sizedCover(src, 500) : src}
        srcSet={sized ? `${paths.sizedCover(src, 250)} 250w, ${paths.sizedCover(src, 500)} 500w` : undefined}
        sizes={sized ? sizes : undefined}
        alt={alt}
        width={600}
        height={600}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        onLoad={() => setLoaded(true)}
        className={cn('size-full object-cover transition-opacity duration-300', loaded ? 'opacity-100' : 'opacity-0')}
      />
    </div>
  );
}
