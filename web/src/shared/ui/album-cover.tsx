import { paths } from '@hearsay/contracts/paths';
import { cn } from '../lib/cn.ts';

/**
 * A square album cover that keeps its space while loading (no layout shift): its tile shows until the picture paints.
 * The picture is never hidden waiting for a load event: on a page the server rendered, the browser often loads it
 * before the app takes the page over, and that event is then never seen. Album covers come in the Cover Art
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
        className="size-full object-cover"
      />
    </div>
  );
}
