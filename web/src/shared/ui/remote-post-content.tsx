import type { RemotePost } from '@hearsay/contracts/federation';
import { paths } from '@hearsay/contracts/paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';
import { AlbumCover } from './album-cover.tsx';
import { RatingStars } from './rating-stars.tsx';
import { RichText } from './rich-text.tsx';

/**
 * A post of another site as every place shows it (the feed, a remote person's page): the album's cover when it is ours,
 * the album and artist, the post's title, rating and words, and what the place adds under them (`children`). The
 * caller lays the two columns out.
 */
export function RemotePostContent({ post, clamp, children }: { post: RemotePost; clamp?: boolean; children?: ReactNode }) {
  const { album } = post;
  const title = album?.title ?? post.albumTitle;
  const artist = album?.artistCredit ?? post.albumArtist;
  return (
    <>
      {album ? (
        <Link to={paths.album(album.slug)} className="w-16 shrink-0 sm:w-20" aria-label={album.title}>
          <AlbumCover src={album.coverUrl} alt="" />
        </Link>
      ) : null}
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <p className="text-sm text-ink-muted">
          {album ? (
            <Link to={paths.album(album.slug)} className="font-medium text-ink hover:text-accent">
              {title}
            </Link>
          ) : (
            <span className="font-medium text-ink">{title}</span>
          )}
          {artist ? ` · ${artist}` : null}
        </p>
        {post.title ? <h3 className="mt-1 font-display text-base font-semibold text-ink">{post.title}</h3> : null}
        {post.rating !== null ? <RatingStars value={post.rating} size="xs" className="mt-1" /> : null}
        {/* Sanitised by the server when it arrived, as this site's own reviews are. */}
        {post.contentHtml ? <RichText html={post.contentHtml} className={cn('mt-2 text-sm text-ink', clamp && 'line-clamp-6')} /> : null}
        {children}
      </div>
    </>
  );
}
