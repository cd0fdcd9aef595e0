import type { CurrentUser } from '@hearsay/contracts/accounts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unreadCountQueryOptions } from '../../features/notifications/api.ts';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { Header } from './header.tsx';
// Fetched by the header for members: here in memory already, so no test waits on the transform.
import './member-actions.tsx';
import { albumCard, currentUser } from '../../shared/test/fixtures.ts';
import { unreadConversationsQueryOptions } from '../../features/conversations/api.ts';
import { moderationAccessQueryOptions } from '../../features/moderation/access-api.ts';
import type { ModerationAccess } from '@hearsay/contracts/moderation';

const ana = currentUser();

/** The screen width as CSS media queries see it (jsdom has no matchMedia of its own). */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0) <= width,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}
afterEach(() => vi.unstubAllGlobals());

function renderHeader({ url = '/', user = ana as CurrentUser | null, access = null as ModerationAccess | null } = {}) {
  const onSignOut = vi.fn();
  const rendered = renderWithProviders(<Header onOpenMenu={() => undefined} onQuickAdd={() => undefined} onSignOut={onSignOut} />, {
    url,
    cache: (queryClient) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user });
      queryClient.setQueryData(unreadCountQueryOptions.queryKey, { unread: 3 });
      queryClient.setQueryData(unreadConversationsQueryOptions.queryKey, { conversations: 2 });
      if (access) queryClient.setQueryData(moderationAccessQueryOptions.queryKey, access);
    },
  });
  return { ...rendered, onSignOut };
}

const siteSearch = () => screen.getByRole('combobox', { name: 'Search albums, artists, people and lists' });

describe('the header search box', () => {
  it('opens the search page for what was typed', async () => {
    const { user, address } = renderHeader({ url: '/explore' });
    expect(screen.getByRole('search', { name: 'Site search' })).toBeInTheDocument();
    await user.type(siteSearch(), '  kind of blue {Enter}');
    expect(address()).toBe('/search?q=kind%20of%20blue');
  });

  it('shows the words of the search page and changes only them, keeping the tab', async () => {
    const { user, address, router } = renderHeader({ url: '/search?q=miles&type=artists&page=2' });
    expect(siteSearch()).toHaveValue('miles');
    await user.clear(siteSearch());
    await user.type(siteSearch(), 'coltrane{Enter}');
    expect(address()).toBe('/search?q=coltrane&type=artists');
    await act(() => router.navigate('/trending'));
    expect(siteSearch()).toHaveValue('');
  });

  it('offers to find a handle of another site on its site, and opens the search page asking it at once', async () => {
    // The catalog's own suggestions do not arrive here.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { user, address, router } = renderHeader({ url: '/explore' });
    await user.type(siteSearch(), 'bob@neodb.example');
    const option = await screen.findByRole('option', { name: 'Find @bob@neodb.example on its site' });
    expect(within(screen.getByRole('group', { name: 'Other sites' })).getByRole('option')).toBe(option);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(address()).toBe('/search?q=bob%40neodb.example');
    expect(router.state.location.state).toEqual({ findRemote: true });
  });

  it('opens the album of a pasted music link, ready to rate, and searches as typed for a link of no album', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const address = new URL(url, 'http://hearsay.test');
        if (address.pathname !== '/api/links/resolve') return new Promise<Response>(() => {});
        const link = address.searchParams.get('url') ?? '';
        asked.push(link);
        const album = link.includes('musicbrainz.org') ? albumCard({ id: 'a1', slug: 'pink-floyd-meddle', title: 'Meddle' }) : null;
        return Response.json({
          outcome: album ? 'album' : 'search',
          album,
          added: false,
          via: null,
          service: null,
          query: album ? '' : 'x',
        });
      }),
    );
    const { user, address, router } = renderHeader({ url: '/explore' });
    await user.click(siteSearch());
    await user.paste('https://example.org/not-music');
    await waitFor(() => expect(asked).toEqual(['https://example.org/not-music']));
    expect(siteSearch()).toHaveValue('https://example.org/not-music');
    expect(address()).toBe('/explore');
    await user.clear(siteSearch());
    await user.paste('https://musicbrainz.org/release-group/4e98c9b4-92f6-3049-b9da-a1088b623672');
    await waitFor(() => expect(address()).toBe('/album/pink-floyd-meddle'));
    expect(router.state.location.hash).toBe('#rate');
    expect(siteSearch()).toHaveValue('');
    // Words pasted are only words: nothing is asked for them.
    await user.paste('kind of blue');
    expect(asked).toHaveLength(2);
  });

  it('takes focus on "/" unless someone is typing in a field', async () => {
    const { user } = renderHeader();
    await user.keyboard('/');
    expect(siteSearch()).toHaveFocus();
    expect(siteSearch()).toHaveValue('');
    await user.keyboard('a/c');
    expect(siteSearch()).toHaveValue('a/c');
  });
});

/** The field that opens over the header on a phone. */
const phoneField = () =>
  within(document.getElementById('phone-search')!).getByRole('combobox', { name: 'Search albums, artists, people and lists' });

describe('search on a phone', () => {
  it('opens a full-width field from the icon; Escape closes it and focus goes back to the icon', async () => {
    screenWidth(390);
    const { user, address } = renderHeader({ url: '/trending' });
    const icon = screen.getByRole('button', { name: 'Open search' });
    expect(icon).toHaveAttribute('aria-expanded', 'false');
    await user.click(icon);
    expect(icon).toHaveAttribute('aria-expanded', 'true');
    expect(phoneField()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(document.getElementById('phone-search')).toBeNull();
    expect(icon).toHaveFocus();

    await user.keyboard('/');
    expect(phoneField()).toHaveFocus();
    await user.keyboard('bossa nova{Enter}');
    expect(address()).toBe('/search?q=bossa%20nova');
    expect(document.getElementById('phone-search')).toBeNull();
    expect(icon).toHaveFocus();
  });
});

describe("a member's header", () => {
  it('has search, messages, the bell, quick-add and the avatar, in that order', async () => {
    renderHeader();
    const inOrder = [
      siteSearch(),
      screen.getByRole('button', { name: 'Open search' }),
      await screen.findByRole('link', { name: 'Messages: 2 conversations with unread messages' }),
      screen.getByRole('link', { name: 'Notifications, 3 unread' }),
      screen.getByRole('button', { name: 'Write a review' }),
      screen.getByRole('button', { name: 'Account menu for Ana Lima' }),
      screen.getByRole('button', { name: 'Open menu' }),
    ];
    for (const [index, control] of inOrder.slice(1).entries()) {
      expect(inOrder[index]!.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });
});

describe('the account menu', () => {
  it('opens from the avatar with the keyboard and goes where it says', async () => {
    const { user, address } = renderHeader();
    const trigger = await screen.findByRole('button', { name: 'Account menu for Ana Lima' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('@ana')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Library', 'Messages', 'Settings', 'Sign Out']);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile/me');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(address()).toBe('/library');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('leads a catalog editor to Curation, and a moderator to Moderation and Curation', async () => {
    const items = async (access: ModerationAccess) => {
      const { user, unmount } = renderHeader({ access });
      await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Lima' }));
      const menu = await screen.findByRole('menu');
      const names = within(menu)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent, item.getAttribute('href')]);
      unmount();
      return names.slice(4, -1);
    };
    expect(await items({ canModerate: false, isAdmin: false, canCurate: true })).toEqual([['Curation', '/curation']]);
    expect(await items({ canModerate: true, isAdmin: false, canCurate: true })).toEqual([
      ['Moderation', '/moderation'],
      ['Curation', '/curation'],
    ]);
    expect(await items({ canModerate: false, isAdmin: false, canCurate: false })).toEqual([]);
  });

  it('signs out through the same sign-out as the menu panel', async () => {
    const { user, onSignOut } = renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('is not there for a visitor, who gets Sign in and Sign up', () => {
    renderHeader({ user: null });
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });
});
