import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { Collection } from '@hearsay/contracts/collections';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSession } from '../../shared/auth/session.ts';
import { AlbumSearch } from '../../shared/catalog/album-search.tsx';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Button, FormButtons } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { TextareaField, TextField } from '../../shared/ui/input.tsx';
import { useCreateCollection } from './api.ts';
import { COLLECTION_NAME_MAX } from '@hearsay/contracts/constants';

/**
 * Spec §2 Create Collection: name (required, ≤ 50), optional description, private switch, album search over the
 * catalog, the selected albums with remove; Create is disabled without a name or an album. It resets on close.
 */
export function CreateCollectionDialog({
  open,
  onOpenChange,
  initialAlbums = [],
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialAlbums?: AlbumCard[];
  onCreated?: (collection: Collection) => void;
}) {
  const { t } = useTranslation('collections');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('create.title')} className="max-w-2xl">
        {open ? <CreateCollectionForm initialAlbums={initialAlbums} onClose={() => onOpenChange(false)} onCreated={onCreated} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateCollectionForm({
  initialAlbums,
  onClose,
  onCreated,
}: {
  initialAlbums: AlbumCard[];
  onClose: () => void;
  onCreated?: (collection: Collection) => void;
}) {
  const { t } = useTranslation('collections');
  const session = useSession();
  const create = useCreateCollection();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<AlbumCard[]>(initialAlbums);
  const [error, setError] = useState<string | null>(null);

  const toggle = (album: AlbumCard) =>
    setSelected((current) =>
      current.some((entry) => entry.id === album.id) ? current.filter((entry) => entry.id !== album.id) : [...current, album],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (session.status !== 'signed-in') return setError(t('create.mustSignIn'));
    if (!name.trim() || !selected.length) return;
    setError(null);
    create.mutate(
      { name: name.trim(), description: description.trim(), isPrivate, albumIds: selected.map((album) => album.id) },
      {
        onSuccess: (collection) => {
          toast.success(t('create.success'));
          onCreated?.(collection);
          onClose();
        },
        onError: () => setError(t('create.failed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormMessage error={error} />
      <TextField
        id="collection-name"
        label={t('create.name')}
        hint={t('create.nameCount', { count: name.length, max: COLLECTION_NAME_MAX })}
        value={name}
        onValueChange={setName}
        maxLength={COLLECTION_NAME_MAX}
        required
      />
      <TextareaField
        id="collection-description"
        label={t('create.description')}
        value={description}
        onValueChange={setDescription}
        maxLength={500}
        rows={2}
      />
      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-1 size-4" checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} />
        <span>
          <span className="block text-sm font-medium text-ink">{t('create.private')}</span>
          <span className="block text-xs text-ink-muted">{t('create.privateHint')}</span>
        </span>
      </label>
      <AlbumSearch
        id="collection-album-search"
        label={t('create.search')}
        query={query}
        onQueryChange={setQuery}
        onPick={toggle}
        isPicked={(album) => selected.some((entry) => entry.id === album.id)}
      />
      <section aria-labelledby="selected-albums">
        <h3 id="selected-albums" className="mb-2 text-sm font-semibold text-ink">
          {t('create.selected', { count: selected.length })}
        </h3>
        {selected.length ? (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
            {selected.map((album) => (
              <li key={album.id} className="relative">
                <AlbumCover src={album.coverUrl} alt="" className="aspect-square w-full rounded-lg" />
                <p className="mt-1 truncate text-xs text-ink">{album.title}</p>
                <button
                  type="button"
                  onClick={() => toggle(album)}
                  aria-label={t('create.remove', { title: album.title })}
                  className="absolute right-1 top-1 rounded-full bg-black/60 p-1 text-white hover:bg-black/80"
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">{t('create.none')}</p>
        )}
      </section>
      <FormButtons cancelLabel={t('create.cancel')} onCancel={onClose}>
        <Button type="submit" disabled={!name.trim() || !selected.length || create.isPending}>
          {t('create.submit')}
        </Button>
      </FormButtons>
    </form>
  );
}
