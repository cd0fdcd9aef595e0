import type { AlbumCard as AlbumCardData } from '@hearsay/contracts/catalog';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';

/** A page of albums as cards in the grid; until the page arrives (`albums` undefined), eight placeholders. */
export function AlbumCardGrid({ albums }: { albums: AlbumCardData[] | undefined }) {
  return (
    <AlbumGrid>
      {albums
        ? albums.map((album) => <AlbumCard key={album.id} album={album} />)
        : Array.from({ length: 8 }, (_, index) => <AlbumCardSkeleton key={index} />)}
    </AlbumGrid>
  );
}
