import type { Profile } from '@hearsay/contracts/profiles';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { favouriteAlbumsQueryOptions } from './api.ts';

// The editor searches the catalog: its code loads when its owner opens it, not with every profile.
const FavouriteAlbumsEditor = lazy(() =>
  import('./favourite-albums-editor.tsx').then((module) => ({ default: module.FavouriteAlbumsEditor })),
);

/**
 * The four favourite albums at the top of a profile (decision 082), in their member's order. Someone else's profile
 * without any shows nothing; one's own offers to choose them, and its Edit opens the editor.
 */
export function FavouriteAlbums({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const favourites = useQuery(favouriteAlbumsQueryOptions(profile.username));
  const [editing, setEditing] = useState(false);
  const albums = favourites.data?.items ?? [];
  if (!profile.isOwner && albums.length === 0) return null;
  return (
    <section aria-labelledby="favourite-albums-title" className="mt-6">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="favourite-albums-title" className="text-sm font-semibold uppercase tracking-[0.14em] text-ink-muted">
          {t('favourites.title')}
        </h2>
        {profile.isOwner && albums.length ? (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            {t('favourites.edit')}
          </Button>
        ) : null}
      </div>
      {albums.length ? (
        <ol className="grid grid-cols-4 gap-2 sm:gap-4">
          {albums.map((album) => (
            <li key={album.id} className="min-w-0">
              <Link to={paths.album(album.slug)} className="group block" title={`${album.title} — ${album.artistCredit}`}>
                <AlbumCover
                  src={album.coverUrl}
                  alt={t('common:album.coverAlt', { title: album.title, artist: album.artistCredit })}
                  sizes="(min-width: 640px) 12rem, 25vw"
                  className="w-full rounded-lg shadow-card group-hover:opacity-90"
                />
                <span className="mt-1.5 block truncate text-xs font-medium text-ink sm:text-sm">{album.title}</span>
                <span className="block truncate text-xs text-ink-muted">{album.artistCredit}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <button
          type="button"
          onClick={() => setEditing(true)}
          className="w-full rounded-2xl border border-dashed border-line-strong px-5 py-6 text-center text-sm text-ink-muted hover:bg-surface-2 hover:text-ink"
        >
          <span className="block font-medium text-ink">{t('favourites.choose')}</span>
          {t('favourites.chooseHint')}
        </button>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <FavouriteAlbumsEditor username={profile.username} albums={albums} open={editing} onOpenChange={setEditing} />
        </Suspense>
      ) : null}
    </section>
  );
}
