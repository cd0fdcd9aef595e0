import type { NotificationGroup, NotificationsPage as Page } from '@hearsay/contracts/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { fakeSockets } from '../../shared/realtime/fake-socket.ts';
import { RealtimeProvider } from '../../shared/realtime/realtime.tsx';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { unreadCountQueryOptions } from './api.ts';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import { currentUser } from '../../shared/test/fixtures.ts';

const ana = currentUser();
const person = (name: string) => ({ id: name, username: name.toLowerCase(), name, avatarUrl: null });
const AT = '2026-11-24T10:00:00.000Z';

const likes: NotificationGroup = {
  id: 'review_like:r1',
  kind: 'review_like',
  actors: [person('Bo'), person('Cy'), person('Di')],
  actorCount: 3,
  subject: 'Blue Train',
  reason: null,
  href: '/review/r1',
  latestAt: AT,
  unread: true,
};
const follow: NotificationGroup = {
  id: 'follow:u1',
  kind: 'follow',
  actors: [person('Eve')],
  actorCount: 1,
  subject: null,
  reason: null,
  href: '/profile/eve',
  latestAt: '2026-11-23T10:00:00.000Z',
  unread: false,
};

let requests: { method: string; url: string; body: unknown }[];
let pages: Page[];

beforeEach(() => {
  requests = [];
  pages = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (method === 'GET' && url.startsWith('/api/notifications?')) return json(pages.shift() ?? { items: [], nextCursor: null });
      if (method === 'GET' && url === '/api/notifications') return json(pages.shift() ?? { items: [], nextCursor: null });
      if (method === 'POST' && url === '/api/notifications/read') return json({ unread: 0 });
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  it('shows the unread count and takes new counts live from the realtime socket', async () => {
    const fake = fakeSockets();
    renderWithProviders(
      <RealtimeProvider connect={fake.connect}>
        <NotificationBell />
      </RealtimeProvider>,
      {
        cache: (queryClient) => {
          queryClient.setQueryData(sessionQueryOptions.queryKey, { user: ana });
          queryClient.setQueryData(unreadCountQueryOptions.queryKey, { unread: 3 });
        },
      },
    );
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    // The socket's code loads first.
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    act(() => {
      fake.latest().open();
      fake.latest().receive({ type: 'notifications.unread', unread: 4 });
    });
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    act(() => fake.latest().receive({ type: 'notifications.unread', unread: 0 }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
  });
});

describe('NotificationsPage', () => {
  it('shows groups as sentences, marks what it shows read, and marks all read on demand', async () => {
    pages = [
      { items: [likes, follow], nextCursor: null },
      { items: [{ ...likes, unread: false }, follow], nextCursor: null },
    ];
    const { user } = renderWithProviders(<NotificationsPage />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Bo and 2 others liked your review of Blue Train'),
      expect.stringContaining('Eve followed you'),
    ]);
    expect(rows[0]).toHaveAttribute('href', '/review/r1');
    expect(rows[0]).toHaveTextContent('New');

    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', url: '/api/notifications/read', body: { upTo: AT } }]),
    );
    // What was new when the page opened stays marked for this visit.
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('New');

    requests = [];
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(within(list).getAllByRole('link')[0]).not.toHaveTextContent('New'));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', url: '/api/notifications/read', body: {} }]);
  });

  it('tells of a moderator’s decision with what it was about and the reason in words, and of replies', async () => {
    const me = person('Me');
    const decided = (kind: NotificationGroup['kind'], subject: string, reason: string, href: string): NotificationGroup => ({
      id: `${kind}:${subject}`,
      kind,
      actors: [me],
      actorCount: 1,
      subject,
      reason,
      href,
      latestAt: AT,
      unread: false,
    });
    pages = [
      {
        items: [
          decided('comment_hidden', 'Blue Train', 'wrong_data', '/review/r1'),
          decided('collection_removed', 'Night drives', 'Copied from another site', '/terms#community-rules'),
          { ...likes, id: 'comment_reply:c1', kind: 'comment_reply', actors: [person('Bo')], actorCount: 1, unread: false },
        ],
        nextCursor: null,
      },
    ];
    renderWithProviders(<NotificationsPage />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('A moderator hid your comment on a review of Blue Train. Reason: Wrong data'),
      expect.stringContaining('A moderator deleted your collection Night drives. Reason: Copied from another site'),
      expect.stringContaining('Bo replied to your comment on a review of Blue Train'),
    ]);
    expect(rows[1]).toHaveAttribute('href', '/terms#community-rules');
  });

  it('says so when there is nothing, and loads more pages on demand', async () => {
    const { unmount } = renderWithProviders(<NotificationsPage />);
    expect(await screen.findByText('Nothing new yet')).toBeInTheDocument();
    unmount();

    pages = [
      { items: [{ ...likes, unread: false }], nextCursor: AT },
      { items: [follow], nextCursor: null },
    ];
    const { user } = renderWithProviders(<NotificationsPage />);
    await screen.findByText(/liked your review/);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(/Eve followed you/)).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toContain(`/api/notifications?cursor=${encodeURIComponent(AT)}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('leads to the page of a person of another site here, and names them by their handle', async () => {
    const bob = {
      id: 'p-bob',
      username: 'bob@neodb.example',
      name: 'Bob Stone',
      avatarUrl: null,
      remoteUrl: 'https://neodb.example/users/bob',
    };
    const ivy = { id: 'p-ivy', username: 'ivy@quiet.example', name: 'Ivy', avatarUrl: null, remoteUrl: null };
    pages = [
      {
        items: [
          { ...follow, id: 'follow:p-bob', actors: [bob], href: '/profile/bob%40neodb.example' },
          { ...likes, id: 'review_like:r2', actors: [bob], actorCount: 1, unread: false },
          { ...follow, id: 'follow:p-ivy', actors: [ivy], href: '/profile/ivy%40quiet.example' },
        ],
        nextCursor: null,
      },
    ];
    renderWithProviders(<NotificationsPage />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [followed, liked, quiet] = within(list).getAllByRole('listitem');
    const there = within(followed!).getByRole('link');
    expect(there).toHaveTextContent('Bob Stone followed you');
    expect(there).toHaveTextContent('@bob@neodb.example');
    expect(there).toHaveAttribute('href', '/people/remote/p-bob');
    // A like still leads to the review liked here.
    expect(within(liked!).getByRole('link')).toHaveAttribute('href', '/review/r1');
    expect(liked).toHaveTextContent('@bob@neodb.example');
    // Their site gave no page of theirs: their page here still shows what this site knows of them.
    expect(quiet).toHaveTextContent('Ivy followed you');
    expect(quiet).toHaveTextContent('@ivy@quiet.example');
    expect(within(quiet!).getByRole('link')).toHaveAttribute('href', '/people/remote/p-ivy');
  });
});
