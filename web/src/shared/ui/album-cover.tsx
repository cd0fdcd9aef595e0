import { useState } from 'react';
import { cn } from '../lib/cn.ts';

/** A square album cover that keeps its space while loading (no layout shift). */
export function AlbumCover({ src, alt, className, priority }: { src: string; alt: string; className?: string; priority?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className={cn('relative aspect-square overflow-hidden rounded-xl bg-surface-3 shadow-card', className)}>
      <img
        src={src}
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
