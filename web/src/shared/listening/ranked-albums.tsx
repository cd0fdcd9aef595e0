import type { AlbumCard } from '@hearsay/contracts/catalog';
import { paths } from '@hearsay/contracts/paths';
import { Link } from 'react-router';
import { AlbumCover } from '../ui/album-cover.tsx';

/**
 * Albums ranked by how often they were played (a year's most listened, a period's top albums): each with its place,
 * cover, title and artist, and its count in the words `count` gives.
 */
export function RankedAlbums({ items, count }: { items: { album: AlbumCard; listens: number }[]; count: (listens: number) => string }) {
  return (
    <ol className="flex flex-col gap-3">
      {items.map((item, index) => (
        <li key={item.album.id} className="flex items-center gap-3">
          <span className="w-5 shrink-0 text-right font-display text-lg font-semibold tabular-nums text-ink-muted">{index + 1}</span>
          <AlbumCover src={item.album.coverUrl} alt="" className="size-12 shrink-0 rounded-lg" sizes="48px" />
          <Link to={paths.album(item.album.slug)} className="min-w-0 flex-1">
            <span className="block truncate font-medium text-ink hover:text-accent">{item.album.title}</span>
            <span className="block truncate text-sm text-ink-muted">{item.album.artistCredit}</span>
          </Link>
          <span className="shrink-0 text-sm tabular-nums text-ink-muted">{count(item.listens)}</span>
        </li>
      ))}
    </ol>
  );
}
