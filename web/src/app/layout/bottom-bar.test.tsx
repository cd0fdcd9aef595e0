import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unreadConversationsQueryOptions } from '../../features/conversations/api.ts';
import { unreadCountQueryOptions } from '../../features/notifications/api.ts';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { currentUser } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { BottomBar } from './bottom-bar.tsx';
// Fetched by the bar for members: here in memory already, so no test waits on the transform.
import './member-tabs.tsx';

function renderBar(signedIn: boolean, counts = { unread: 3, conversations: 0 }) {
  return renderWithProviders(<BottomBar />, {
    cache: (queryClient) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: signedIn ? currentUser() : null });
      queryClient.setQueryData(unreadCountQueryOptions.queryKey, { unread: counts.unread });
      queryClient.setQueryData(unreadConversationsQueryOptions.queryKey, { conversations: counts.conversations });
    },
  });
}

describe('the bottom bar', () => {
  it('shows a visitor the four primary links', () => {
    renderBar(false);
    const bar = screen.getByRole('navigation', { name: 'Primary' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Discover', 'Search', 'Profile']);
  });

  it('shows a member their messages and notifications with the unread counts, kept as the counts change', async () => {
    const { queryClient } = renderBar(true);
    const bar = screen.getByRole('navigation', { name: 'Primary' });
    expect(await within(bar).findByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute('href', '/notifications');
    expect(within(bar).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    expect(within(bar).getByTestId('bottom-notification-count')).toHaveAttribute('data-count', '3');
    expect(within(bar).queryByTestId('bottom-messages-count')).toBeNull();
    // What the header's live updates write into the counts' queries.
    act(() => {
      queryClient.setQueryData(unreadConversationsQueryOptions.queryKey, { conversations: 2 });
      queryClient.setQueryData(unreadCountQueryOptions.queryKey, { unread: 0 });
    });
    expect(await within(bar).findByRole('link', { name: 'Messages: 2 conversations with unread messages' })).toBeInTheDocument();
    expect(within(bar).getByTestId('bottom-messages-count')).toHaveAttribute('data-count', '2');
    expect(within(bar).getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });
});
