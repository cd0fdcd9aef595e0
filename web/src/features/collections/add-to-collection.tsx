import { useQuery } from '@tanstack/react-query';
import { Check, FolderPlus, Lock, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import type { AlbumExtensionProps } from '../../shared/lib/album-extensions.tsx';

import { Button } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { Spinner } from '../../shared/ui/skeleton.tsx';
import { albumChoicesQueryOptions, useAddToCollection } from './api.ts';
import { CreateCollection } from './create-collection.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/** "Add to Collection" on an album page: pick one of yours (those holding it are marked) or start a new one with it. */
export function AddToCollectionAction({ album }: AlbumExtensionProps) {
  const { t } = useTranslation('collections');
  const errorText = useErrorText();
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const choices = useQuery({ ...albumChoicesQueryOptions(album.id), enabled: open });
  const add = useAddToCollection();

  return (
    <>
      <Button variant="outline" onClick={() => (session.status === 'signed-in' ? setOpen(true) : sendToSignIn())}>
        <FolderPlus aria-hidden />
        {t('add.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={t('add.title')} description={t('add.description', { title: album.title })}>
          {choices.isPending ? <Spinner /> : null}
          {choices.data ? (
            <ul className="flex flex-col gap-1">
              {choices.data.collections.map((collection) => (
                <li key={collection.id}>
                  <button
                    type="button"
                    disabled={collection.hasAlbum || add.isPending}
                    onClick={() =>
                      add.mutate(
                        { id: collection.id, albumId: album.id },
                        {
                          onSuccess: () => toast.success(t('add.added', { name: collection.title })),
                          onError: (cause) => toast.error(errorText(cause, t('failed'))),
                        },
                      )
                    }
                    className="flex w-full items-center justify-between gap-3 rounded-xl p-3 text-left hover:bg-surface-2 disabled:cursor-default disabled:hover:bg-transparent"
                  >
                    <span className="min-w-0">
                      <span className="flex items-center gap-1.5 truncate font-medium text-ink">
                        {collection.isPrivate ? <Lock aria-label={t('private')} className="size-3.5" /> : null}
                        {collection.title}
                      </span>
                      <span className="text-sm text-ink-muted">{t('albums', { count: collection.albumCount })}</span>
                    </span>
                    {collection.hasAlbum ? (
                      <span className="flex items-center gap-1 text-sm text-success">
                        <Check aria-hidden className="size-4" />
                        {t('add.already')}
                      </span>
                    ) : (
                      <Plus aria-hidden className="size-4 text-ink-muted" />
                    )}
                  </button>
                </li>
              ))}
              {!choices.data.collections.length ? <p className="p-3 text-sm text-ink-muted">{t('add.none')}</p> : null}
            </ul>
          ) : null}
          <Button
            variant="outline"
            className="mt-4"
            onClick={() => {
              setOpen(false);
              setCreating(true);
            }}
          >
            <Plus aria-hidden />
            {t('add.new')}
          </Button>
        </DialogContent>
      </Dialog>
      <CreateCollection open={creating} onOpenChange={setCreating} initialAlbums={[album]} />
    </>
  );
}
