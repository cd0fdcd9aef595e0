import { ReportDialog } from '../../shared/ui/report-dialog.tsx';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Collection } from '@hearsay/contracts/collections';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Check, Flag, GripVertical, Heart, Lock, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { AlbumSearch } from '../../shared/catalog/album-search.tsx';

import { cn } from '../../shared/lib/cn.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { CoverStack } from '../../shared/ui/collection-card.tsx';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Checkbox, Input, TextareaField, TextField } from '../../shared/ui/input.tsx';
import { PageLoadError } from '../../shared/ui/not-found.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { ShareButton } from '../../shared/ui/share-button.tsx';
import { PageLoading } from '../../shared/ui/skeleton.tsx';
import {
  collectionQueryOptions,
  useAddToCollection,
  useCollectionNote,
  useDeleteCollection,
  useLikeCollection,
  useRemoveFromCollection,
  useReorderCollection,
  useUpdateCollection,
} from './api.ts';
import { dropEntry, moveEntry } from './entry-order.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';

/**
 * /lists/{id}: a collection's albums in order, with notes. Its owner sees it as visitors do, and switches to Edit
 * (kept in the address as ?edit, so it survives a reload) to change details, reorder (drag or buttons), write notes,
 * add or remove albums, or delete it.
 */
export function CollectionPage() {
  const { t } = useTranslation('collections');
  const { listId = '' } = useParams();
  const collection = useQuery(collectionQueryOptions(listId));
  if (collection.isPending) return <PageLoading />;
  if (collection.isError) return <PageLoadError query={collection} title={t('page.notFound')} description={t('page.notFoundHint')} />;
  return <CollectionView collection={collection.data} />;
}

function CollectionView({ collection }: { collection: Collection }) {
  const { t } = useTranslation('collections');
  const errorText = useErrorText();
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const like = useLikeCollection(collection.id);
  const [params, setParams] = useSearchParams();
  const [reporting, setReporting] = useState(false);
  const editing = collection.isOwner && params.has('edit');
  const setEditing = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('edit', '');
        else next.delete('edit');
        return next;
      },
      { replace: true },
    );
  const [editingDetails, setEditingDetails] = useState(false);
  // Notes typed in edit mode, by album, until saved: Done saves them rather than throwing them away.
  const [noteDrafts, setNoteDrafts] = useState<ReadonlyMap<string, string>>(new Map());
  const setNoteDraft = (albumId: string, note: string | null) =>
    setNoteDrafts((drafts) => {
      const next = new Map(drafts);
      if (note === null) next.delete(albumId);
      else next.set(albumId, note);
      return next;
    });
  const unsavedNotes = collection.entries.filter((entry) => {
    const draft = noteDrafts.get(entry.album.id);
    return draft !== undefined && draft !== entry.note;
  });
  const saveNotes = useCollectionNote(collection.id);
  const finishEditing = async () => {
    if (unsavedNotes.length > 0) {
      try {
        await Promise.all(
          unsavedNotes.map((entry) => saveNotes.mutateAsync({ albumId: entry.album.id, note: noteDrafts.get(entry.album.id)! })),
        );
      } catch (cause) {
        toast.error(errorText(cause, t('page.notesFailed')));
        return;
      }
      toast.success(t('page.notesSaved', { count: unsavedNotes.length }));
    }
    setNoteDrafts(new Map());
    setEditing(false);
  };
  // Leaving the page (closing it, reloading) with notes not yet saved asks first.
  const leavingLosesNotes = editing && unsavedNotes.length > 0;
  useEffect(() => {
    if (!leavingLosesNotes) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [leavingLosesNotes]);

  return (
    <Container className="max-w-4xl py-8 sm:py-12">
      <title>{`${collection.title} · Hearsay`}</title>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <CoverStack
          urls={collection.coverUrls}
          count={3}
          step={[16, 4]}
          className="relative h-28 w-36 shrink-0"
          coverClassName="absolute size-24 rounded-xl object-cover shadow-card"
        />
        <div className="min-w-0 flex-1">
          <h1 className="flex items-center gap-2 font-display text-3xl font-semibold text-ink sm:text-4xl">
            {collection.isPrivate ? <Lock aria-label={t('private')} className="size-6 text-ink-muted" /> : null}
            {collection.title}
          </h1>
          <p className="mt-2 flex items-center gap-2 text-ink-muted">
            <Avatar name={collection.owner.name} src={collection.owner.avatarUrl} size="sm" />
            {t('page.by')}{' '}
            <Link to={paths.profile(collection.owner.username)} className="font-medium text-ink hover:text-accent">
              {collection.owner.name}
            </Link>
            · {t('albums', { count: collection.albumCount })}
          </p>
          {collection.description ? <p className="mt-3 max-w-2xl whitespace-pre-wrap text-ink">{collection.description}</p> : null}
        </div>
      </header>
      <div className="mt-6 flex flex-wrap gap-2">
        <Button
          variant="outline"
          aria-pressed={collection.likedByViewer}
          disabled={like.isPending}
          onClick={() => (session.status === 'signed-in' ? like.mutate(!collection.likedByViewer) : sendToSignIn())}
        >
          <Heart aria-hidden className={cn(collection.likedByViewer && 'fill-current text-accent')} />
          <span className="sr-only">{t('page.like')}</span>
          <span className="tabular-nums">{collection.likeCount}</span>
        </Button>
        {!collection.isPrivate ? <ShareButton title={collection.title} label={t('page.share')} /> : null}
        {collection.isOwner ? (
          <Button
            variant={editing ? 'primary' : 'outline'}
            disabled={saveNotes.isPending}
            onClick={() => (editing ? void finishEditing() : setEditing(true))}
          >
            {editing ? <Check aria-hidden /> : <Pencil aria-hidden />}
            {editing ? t('page.doneEditing') : t('page.editMode')}
          </Button>
        ) : null}
        {editing ? (
          <Button variant="outline" aria-expanded={editingDetails} onClick={() => setEditingDetails(!editingDetails)}>
            {t('page.edit')}
          </Button>
        ) : null}
        {!collection.isOwner && session.status === 'signed-in' ? (
          <>
            <Button variant="ghost" onClick={() => setReporting(true)}>
              <Flag aria-hidden />
              {t('page.report')}
            </Button>
            <ReportDialog subject={{ type: 'collection', id: collection.id }} open={reporting} onOpenChange={setReporting} />
          </>
        ) : null}
      </div>
      {editing && editingDetails ? <EditDetails collection={collection} onDone={() => setEditingDetails(false)} /> : null}
      {/* The list's albums are taken over apart from its head and actions (decision 089). */}
      <HydratesApart>
        <Entries collection={collection} editing={editing} noteDrafts={noteDrafts} onNoteDraft={setNoteDraft} />
      </HydratesApart>
      {editing ? <AddAlbums collection={collection} /> : null}
    </Container>
  );
}

function EditDetails({ collection, onDone }: { collection: Collection; onDone: () => void }) {
  const { t } = useTranslation('collections');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const update = useUpdateCollection(collection.id);
  const remove = useDeleteCollection(collection.id);
  const [name, setName] = useState(collection.title);
  const [description, setDescription] = useState(collection.description);
  const [confirming, setConfirming] = useState(false);
  const fail = (cause: Error) => toast.error(errorText(cause, t('failed')));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ name, description }, { onSuccess: onDone, onError: fail });
  };

  return (
    <section aria-label={t('page.edit')} className="mt-6 rounded-2xl border border-line bg-surface p-5">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField id="edit-collection-name" label={t('page.name')} value={name} onValueChange={setName} maxLength={50} />
        <TextareaField
          id="edit-collection-description"
          label={t('page.description')}
          value={description}
          onValueChange={setDescription}
          maxLength={500}
        />
        <Checkbox
          label={t('page.private')}
          checked={collection.isPrivate}
          onCheckedChange={(isPrivate) => update.mutate({ isPrivate }, { onError: fail })}
        />
        <Checkbox
          label={t('page.ranked')}
          checked={collection.ranked}
          onCheckedChange={(ranked) => update.mutate({ ranked }, { onError: fail })}
        />
        <div className="flex flex-wrap justify-between gap-2">
          <Button type="button" variant="ghost" className="text-danger" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            {t('page.delete')}
          </Button>
          <div className="flex gap-2">
            <Button type="button" variant="ghost" onClick={onDone}>
              {t('page.cancel')}
            </Button>
            <Button type="submit" disabled={!name.trim() || update.isPending}>
              {t('page.save')}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('page.deleteTitle')}
        description={t('page.deleteDescription')}
        cancelLabel={t('page.cancel')}
        confirmLabel={t('page.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('page.deleted'));
              void navigate('/lists', { replace: true });
            },
            onError: fail,
          })
        }
      />
    </section>
  );
}

function Entries({
  collection,
  editing,
  noteDrafts,
  onNoteDraft,
}: {
  collection: Collection;
  editing: boolean;
  noteDrafts: ReadonlyMap<string, string>;
  onNoteDraft: (albumId: string, note: string | null) => void;
}) {
  const { t } = useTranslation('collections');
  const errorText = useErrorText();
  const reorder = useReorderCollection(collection.id);
  const [order, setOrder] = useState<string[] | null>(null);
  const ids = order ?? collection.entries.map((entry) => entry.album.id);
  const byId = new Map(collection.entries.map((entry) => [entry.album.id, entry]));
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const save = (next: string[] | null) => {
    if (!next) return;
    setOrder(next);
    reorder.mutate(next, {
      onSuccess: () => {
        setOrder(null);
        toast.success(t('page.reordered'));
      },
      onError: (cause) => {
        setOrder(null);
        toast.error(errorText(cause, t('failed')));
      },
    });
  };
  const onDragEnd = (event: DragEndEvent) => save(dropEntry(ids, String(event.active.id), event.over ? String(event.over.id) : null));

  if (!ids.length) return <p className="mt-8 text-ink-muted">{t('page.empty')}</p>;
  const list = (
    <ol aria-label={collection.title} className="mt-8 flex flex-col gap-2">
      {ids.map((id, index) => {
        const entry = byId.get(id);
        return entry ? (
          <EntryRow
            key={id}
            collection={collection}
            entry={entry}
            index={index}
            last={index === ids.length - 1}
            onMove={(to) => save(moveEntry(ids, index, to))}
            busy={reorder.isPending}
            editing={editing}
            note={noteDrafts.get(id) ?? entry.note}
            onNoteChange={(note) => onNoteDraft(id, note)}
          />
        ) : null;
      })}
    </ol>
  );
  if (!editing) return list;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {list}
      </SortableContext>
    </DndContext>
  );
}

/* eslint-disable react-hooks/refs -- dnd-kit's useSortable returns its node ref, transform and listeners as values to spread in render; that is its documented use, not a ref read. */
function EntryRow({
  collection,
  entry,
  index,
  last,
  onMove,
  busy,
  editing,
  note,
  onNoteChange,
}: {
  collection: Collection;
  entry: Collection['entries'][number];
  index: number;
  last: boolean;
  onMove: (to: number) => void;
  busy: boolean;
  /** The owner's edit mode: the handle, the move and remove buttons and the note fields. */
  editing: boolean;
  /** The note as typed (the page keeps it until saved), and where a change goes; null once it is saved. */
  note: string;
  onNoteChange: (note: string | null) => void;
}) {
  const { t } = useTranslation('collections');
  const { album } = entry;
  const sortable = useSortable({ id: album.id, disabled: !editing });
  const remove = useRemoveFromCollection(collection.id);
  const noteMutation = useCollectionNote(collection.id);
  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      className={cn('flex gap-3 rounded-2xl border border-line bg-surface p-3', sortable.isDragging && 'z-10 shadow-pop')}
    >
      {editing ? (
        <button
          type="button"
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={t('page.drag', { title: album.title })}
          className="cursor-grab self-center rounded p-1 text-ink-muted hover:bg-surface-2"
        >
          <GripVertical aria-hidden className="size-4" />
        </button>
      ) : null}
      {collection.ranked ? (
        <span className="w-6 self-center text-right font-display text-lg font-semibold text-ink-muted">{index + 1}</span>
      ) : null}
      <Link to={paths.album(album.slug)} className="shrink-0" tabIndex={-1} aria-hidden>
        <AlbumCover src={album.coverUrl} alt="" className="size-16 rounded-lg" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={paths.album(album.slug)} className="block truncate font-medium text-ink hover:text-accent">
          {album.title}
        </Link>
        <p className="truncate text-sm text-ink-muted">
          {album.artistCredit}
          {album.releaseYear ? ` · ${album.releaseYear}` : ''}
        </p>
        <RatingStars value={album.averageRating} size="sm" />
        {editing ? (
          <form
            className="mt-2 flex gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              noteMutation.mutate(
                { albumId: album.id, note },
                {
                  onSuccess: () => {
                    onNoteChange(null);
                    toast.success(t('page.noteSaved'));
                  },
                },
              );
            }}
          >
            <Input
              aria-label={t('page.noteFor', { title: album.title })}
              placeholder={t('page.note')}
              value={note}
              onChange={(event) => onNoteChange(event.target.value)}
              maxLength={500}
              className="h-9 text-sm"
            />
            {note !== entry.note ? (
              <Button type="submit" size="sm" disabled={noteMutation.isPending}>
                {t('page.saveNote')}
              </Button>
            ) : null}
          </form>
        ) : entry.note ? (
          <p className="mt-1 whitespace-pre-wrap text-sm text-ink">{entry.note}</p>
        ) : null}
      </div>
      {editing ? (
        <div className="flex flex-col items-center gap-1">
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={t('page.moveUp', { title: album.title })}
            disabled={index === 0 || busy}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={t('page.moveDown', { title: album.title })}
            disabled={last || busy}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden />
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={t('page.remove', { title: album.title })}
            disabled={remove.isPending}
            onClick={() => remove.mutate(album.id)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/* eslint-enable react-hooks/refs */

function AddAlbums({ collection }: { collection: Collection }) {
  const { t } = useTranslation('collections');
  const add = useAddToCollection();
  const [query, setQuery] = useState('');
  return (
    <section aria-labelledby="add-albums" className="mt-10">
      <h2 id="add-albums" className="mb-3 font-display text-xl font-semibold text-ink">
        {t('page.addAlbums')}
      </h2>
      <AlbumSearch
        id="collection-add-search"
        label={t('page.searchAdd')}
        query={query}
        onQueryChange={setQuery}
        isPicked={(album) => collection.entries.some((entry) => entry.album.id === album.id)}
        onPick={(album) => {
          if (collection.entries.some((entry) => entry.album.id === album.id)) return;
          add.mutate(
            { id: collection.id, albumId: album.id },
            { onSuccess: () => toast.success(t('add.added', { name: collection.title })) },
          );
        }}
      />
    </section>
  );
}

/** The route's data: the collection, with its albums. */
export const loader = queryLoader(({ client, params }) => ensure(client, collectionQueryOptions(params.listId ?? '')));
