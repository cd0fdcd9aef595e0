import type { Collection } from '@hearsay/contracts/collections';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { albumCard } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { collectionQueryOptions } from './api.ts';
import { CollectionPage } from './collection-page.tsx';

type Handlers = { onSuccess: () => void; onError: (cause: Error) => void };

// Saving the order is stood in for; the test plays the server's answer.
const reorder = vi.hoisted(() => ({ mutate: vi.fn<(albumIds: string[], handlers: Handlers) => void>(), isPending: false }));
// Saving notes likewise: each call answers as the test sets `notes.answer`.
const notes = vi.hoisted(() => ({
  answer: 'saved' as 'saved' | 'failed',
  mutateAsync: vi.fn<(input: { albumId: string; note: string }) => Promise<void>>(),
  mutate: vi.fn(),
  isPending: false,
}));
vi.mock('./api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useReorderCollection: () => reorder,
  useCollectionNote: () => notes,
}));

const ALBUMS = [
  albumCard({ id: 'kind-of-blue', title: 'Kind of Blue' }),
  albumCard({ id: 'giant-steps', title: 'Giant Steps', artistCredit: 'John Coltrane' }),
  albumCard({ id: 'mingus-ah-um', title: 'Mingus Ah Um', artistCredit: 'Charles Mingus' }),
];

function collectionOf(albums: typeof ALBUMS, isOwner = true): Collection {
  return {
    id: 'late-night',
    title: 'Late night',
    albumCount: albums.length,
    ownerUsername: 'ada',
    ownerName: 'Ada',
    coverUrls: [],
    description: '',
    isPrivate: false,
    ranked: true,
    likeCount: 0,
    createdAt: '2026-01-05T12:00:00Z',
    updatedAt: '2026-01-05T12:00:00Z',
    owner: { id: 'user-1', username: 'ada', name: 'Ada', avatarUrl: null },
    entries: albums.map((album, index) => ({ position: index + 1, note: '', album })),
    likedByViewer: false,
    isOwner,
  };
}

/** The page as its owner sees it in edit mode (`?edit`), or, with `edit: false`, as it first opens. */
function renderCollection(collection = collectionOf(ALBUMS), { edit = true } = {}) {
  const rendered = renderWithProviders(<CollectionPage />, {
    url: `/lists/${collection.id}${edit ? '?edit' : ''}`,
    path: '/lists/:listId',
    cache: (queryClient) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: null });
      queryClient.setQueryData(collectionQueryOptions(collection.id).queryKey, collection);
    },
  });
  const list = screen.getByRole('list', { name: collection.title });
  const shownOrder = () =>
    within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
  const lastHandlers = () => reorder.mutate.mock.lastCall![1];
  return { ...rendered, list, shownOrder, lastHandlers };
}

describe('reordering a collection', () => {
  beforeEach(() => {
    reorder.mutate.mockReset();
    reorder.isPending = false;
  });

  it('offers to move each album up and down, except past the ends', () => {
    renderCollection();
    expect(screen.getByRole('button', { name: 'Move Kind of Blue up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Kind of Blue down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Giant Steps up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Mingus Ah Um down' })).toBeDisabled();
  });

  it('moves an album at once and saves the whole new order', async () => {
    const { user, shownOrder } = renderCollection();
    await user.click(screen.getByRole('button', { name: 'Move Giant Steps up' }));
    expect(shownOrder()).toEqual(['Giant Steps', 'Kind of Blue', 'Mingus Ah Um']);
    expect(reorder.mutate).toHaveBeenCalledExactlyOnceWith(['giant-steps', 'kind-of-blue', 'mingus-ah-um'], expect.anything());
  });

  it('moves with the keyboard alone', async () => {
    const { user, shownOrder } = renderCollection();
    screen.getByRole('button', { name: 'Move Kind of Blue down' }).focus();
    await user.keyboard('{Enter}');
    expect(shownOrder()).toEqual(['Giant Steps', 'Kind of Blue', 'Mingus Ah Um']);
    expect(reorder.mutate).toHaveBeenLastCalledWith(['giant-steps', 'kind-of-blue', 'mingus-ah-um'], expect.anything());
  });

  it('settles on the order the server answers with', async () => {
    const { user, shownOrder, lastHandlers, queryClient } = renderCollection();
    await user.click(screen.getByRole('button', { name: 'Move Mingus Ah Um up' }));
    expect(shownOrder()).toEqual(['Kind of Blue', 'Mingus Ah Um', 'Giant Steps']);
    // Meanwhile the owner moved Mingus Ah Um to the top on another device.
    act(() => {
      queryClient.setQueryData(collectionQueryOptions('late-night').queryKey, collectionOf([ALBUMS[2]!, ALBUMS[0]!, ALBUMS[1]!]));
      lastHandlers().onSuccess();
    });
    await waitFor(() => expect(shownOrder()).toEqual(['Mingus Ah Um', 'Kind of Blue', 'Giant Steps']));
  });

  it('puts the albums back when saving fails', async () => {
    const { user, shownOrder, lastHandlers } = renderCollection();
    await user.click(screen.getByRole('button', { name: 'Move Kind of Blue down' }));
    expect(shownOrder()).toEqual(['Giant Steps', 'Kind of Blue', 'Mingus Ah Um']);
    act(() => lastHandlers().onError(new Error('offline')));
    expect(shownOrder()).toEqual(['Kind of Blue', 'Giant Steps', 'Mingus Ah Um']);
  });

  it('drags an album with the keyboard: Space to lift, arrows to move, Space to drop', async () => {
    const { user, list, shownOrder } = renderCollection();
    // jsdom lays nothing out: stack the rows 100 px apart so that the drag knows which row is below which.
    const rows = within(list).getAllByRole('listitem');
    for (const [index, row] of rows.entries()) {
      vi.spyOn(row, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: index * 100, width: 600, height: 80 }));
    }
    screen.getByRole('button', { name: 'Drag to reorder Kind of Blue' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    expect(reorder.mutate).toHaveBeenCalledExactlyOnceWith(['giant-steps', 'kind-of-blue', 'mingus-ah-um'], expect.anything());
    expect(shownOrder()).toEqual(['Giant Steps', 'Kind of Blue', 'Mingus Ah Um']);
  });

  it('takes no further moves while an order is being saved', () => {
    reorder.isPending = true;
    renderCollection();
    for (const title of ['Kind of Blue', 'Giant Steps', 'Mingus Ah Um']) {
      expect(screen.getByRole('button', { name: `Move ${title} up` })).toBeDisabled();
      expect(screen.getByRole('button', { name: `Move ${title} down` })).toBeDisabled();
    }
  });

  it('numbers the albums in a ranked collection', () => {
    const { list } = renderCollection();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.match(/^\d+/)?.[0]),
    ).toEqual(['1', '2', '3']);
  });

  it('shows visitors the order without any way to change it', () => {
    renderCollection(collectionOf(ALBUMS, false));
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Drag to reorder / })).not.toBeInTheDocument();
  });
});

describe('the owner of a collection', () => {
  it('sees it as visitors do, and switches to Edit to change it, and back', async () => {
    const { user, address } = renderCollection(collectionOf(ALBUMS), { edit: false });
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Drag to reorder / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Note for / })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add albums' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(address()).toBe('/lists/late-night?edit=');
    expect(screen.getByRole('button', { name: 'Move Giant Steps up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Kind of Blue' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note for Kind of Blue' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add albums' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit details' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(address()).toBe('/lists/late-night');
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  });

  it('shows notes as text outside edit mode', () => {
    const collection = collectionOf(ALBUMS);
    collection.entries[0] = { ...collection.entries[0]!, note: 'Start here.' };
    renderCollection(collection, { edit: false });
    expect(screen.getByText('Start here.')).toBeInTheDocument();
  });

  it('saves the notes it typed when it clicks Done, and leaves edit mode once they are saved', async () => {
    notes.mutateAsync.mockReset().mockImplementation(async () => {
      if (notes.answer === 'failed') throw new Error('offline');
    });
    notes.answer = 'failed';
    const toasts = { error: vi.spyOn(toast, 'error'), success: vi.spyOn(toast, 'success') };
    const { user, address } = renderCollection();
    await user.type(screen.getByRole('textbox', { name: 'Note for Kind of Blue' }), 'Start here.');
    await user.type(screen.getByRole('textbox', { name: 'Note for Mingus Ah Um' }), 'Then this.');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    // Saving failed: the owner stays in edit mode with both notes as typed, and is told.
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Your notes could not be saved. They are still here: try again.'));
    expect(address()).toMatch(/\?edit/);
    expect(screen.getByRole('textbox', { name: 'Note for Kind of Blue' })).toHaveValue('Start here.');

    notes.answer = 'saved';
    notes.mutateAsync.mockClear();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(address()).toBe('/lists/late-night'));
    expect(notes.mutateAsync.mock.calls.map(([input]) => input)).toEqual([
      { albumId: 'kind-of-blue', note: 'Start here.' },
      { albumId: 'mingus-ah-um', note: 'Then this.' },
    ]);
    expect(toasts.success).toHaveBeenCalledWith('2 notes saved');
  });

  it('asks before the page is left with a note not yet saved', async () => {
    const { user } = renderCollection();
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leaving()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Note for Giant Steps' }), 'Sheets of sound.');
    expect(leaving()).toBe(true);
  });

  it('gives a visitor no Edit, even with ?edit in the address', () => {
    renderCollection(collectionOf(ALBUMS, false));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  });
});
