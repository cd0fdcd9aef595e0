import type { CurrentUser } from '@hearsay/contracts/accounts';
import type { RealtimeEvent } from '@hearsay/contracts/realtime';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionQueryOptions } from '../auth/session.ts';
import { renderWithProviders } from '../test/render.tsx';
import { fakeSockets } from './fake-socket.ts';
import { RealtimeProvider, useRealtimeEvent } from './realtime.tsx';
import { currentUser } from '../test/fixtures.ts';

const ana = currentUser();

function Unread() {
  const [seen, setSeen] = useState<Extract<RealtimeEvent, { type: 'notifications.unread' }>[]>([]);
  useRealtimeEvent('notifications.unread', (event) => setSeen((before) => [...before, event]));
  return <p>{seen.map((event) => event.unread).join(',') || 'none'}</p>;
}

function renderSignedIn(user: CurrentUser | null) {
  const fake = fakeSockets();
  const rendered = renderWithProviders(
    <RealtimeProvider connect={fake.connect}>
      <Unread />
    </RealtimeProvider>,
    { cache: (queryClient) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user }) },
  );
  return { ...rendered, fake };
}

describe('RealtimeProvider and useRealtimeEvent', () => {
  it('opens one socket for a signed-in person and hands its events to the hook', async () => {
    const { fake } = renderSignedIn(ana);
    expect(await screen.findByText('none')).toBeInTheDocument();
    // The socket's code loads first.
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    expect(fake.latest().url).toBe('ws://localhost:3000/realtime');
    act(() => {
      fake.latest().open();
      fake.latest().receive({ type: 'notifications.unread', unread: 2 });
      fake.latest().receive({ type: 'conversation.read', conversationId: 'c', readerId: 'u2', readAt: '2026-11-24T10:00:00.000Z' });
      fake.latest().receive({ type: 'notifications.unread', unread: 3 });
    });
    // Each event is read with its schema, which loads with the first one.
    expect(await screen.findByText('2,3')).toBeInTheDocument();
  });

  it('opens nothing for a visitor, and closes the socket on sign-out', async () => {
    const visitor = renderSignedIn(null);
    expect(await screen.findByText('none')).toBeInTheDocument();
    expect(visitor.fake.sockets).toHaveLength(0);
    visitor.unmount();

    const { fake, queryClient } = renderSignedIn(ana);
    await screen.findByText('none');
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const socket = fake.latest();
    act(() => queryClient.setQueryData(sessionQueryOptions.queryKey, { user: null }));
    await waitFor(() => expect(socket.closed).toBe(true));
    expect(fake.sockets).toHaveLength(1);
  });
});
