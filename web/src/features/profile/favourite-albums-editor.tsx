import type { AlbumCard } from '@hearsay/contracts/catalog';
import { FAVOURITE_ALBUMS_MAX } from '@hearsay/contracts/favourites';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AlbumSearch } from '../../shared/catalog/album-search.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Button, FormButtons } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { useSetFavouriteAlbums } from './api.ts';

/**
 * Choosing one's favourite albums: up to four found by search, moved up and down, removed, then saved together. The
 * server says why a choice is refused (an album waiting for confirmation); the reason shows above the buttons.
 */
export function FavouriteAlbumsEditor({
  username,
  albums,
  open,
  onOpenChange,
}: {
  username: string;
  albums: AlbumCard[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [chosen, setChosen] = useState<AlbumCard[]>(albums);
  const [query, setQuery] = useState('');
  const save = useSetFavouriteAlbums(username);
  const full = chosen.length >= FAVOURITE_ALBUMS_MAX;

  const pick = (album: AlbumCard) =>
    setChosen((current) =>
      current.some((entry) => entry.id === album.id)
        ? current.filter((entry) => entry.id !== album.id)
        : current.length >= FAVOURITE_ALBUMS_MAX
          ? current
          : [...current, album],
    );
  const move = (index: number, by: -1 | 1) =>
    setChosen((current) => {
      const next = [...current];
      const [album] = next.splice(index, 1);
      next.splice(index + by, 0, album!);
      return next;
    });
  const submit = () =>
    save.mutate(
      chosen.map((album) => album.id),
      {
        onSuccess: () => {
          toast.success(t('favourites.saved'));
          onOpenChange(false);
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('favourites.editTitle')} description={t('favourites.editDescription', { count: FAVOURITE_ALBUMS_MAX })}>
        <section aria-labelledby="favourites-chosen" className="flex flex-col gap-2">
          <h3 id="favourites-chosen" className="text-sm font-semibold text-ink">
            {t('favourites.chosen', { count: chosen.length, max: FAVOURITE_ALBUMS_MAX })}
          </h3>
          {chosen.length ? (
            <ol aria-labelledby="favourites-chosen" className="flex flex-col gap-1">
              {chosen.map((album, index) => (
                <li key={album.id} className="flex items-center gap-2 rounded-xl border border-line p-2">
                  <span className="w-4 text-center text-sm tabular-nums text-ink-muted">{index + 1}</span>
                  <AlbumCover src={album.coverUrl} alt="" className="size-10 shrink-0 rounded-md" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-ink">{album.title}</span>
                    <span className="block truncate text-xs text-ink-muted">{album.artistCredit}</span>
                  </span>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('favourites.moveUp', { title: album.title })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('favourites.moveDown', { title: album.title })}
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('favourites.remove', { title: album.title })}
                    onClick={() => pick(album)}
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-ink-muted">{t('favourites.noneChosen')}</p>
          )}
        </section>
        <div className="mt-4">
          {full ? (
            <p className="text-sm text-ink-muted" role="status">
              {t('favourites.full', { count: FAVOURITE_ALBUMS_MAX })}
            </p>
          ) : (
            <AlbumSearch
              id="favourite-album-search"
              label={t('favourites.search')}
              query={query}
              onQueryChange={setQuery}
              onPick={pick}
              isPicked={(album) => chosen.some((entry) => entry.id === album.id)}
            />
          )}
        </div>
        {save.isError ? (
          <div className="mt-4">
            <FormMessage error={errorText(save.error, t('failed'))} />
          </div>
        ) : null}
        <div className="mt-5">
          <FormButtons cancelLabel={t('favourites.cancel')} onCancel={() => onOpenChange(false)}>
            <Button onClick={submit} disabled={save.isPending}>
              {t('favourites.save')}
            </Button>
          </FormButtons>
        </div>
      </DialogContent>
    </Dialog>
  );
}
