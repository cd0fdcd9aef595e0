import type { MemberSettings } from '@hearsay/contracts/settings';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberSettings } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { memberSettingsQueryOptions } from './member-settings.ts';
import { NotificationsTab } from './notifications-tab.tsx';
import { MessagePrivacySection } from './privacy-sections.tsx';

const defaults = memberSettings({ appearance: { theme: 'system', language: 'en' } });

let patches: unknown[];
/** What the server has saved: each change lands on the ones before it. */
let stored: MemberSettings;
/** While set, the server holds its answers until it resolves. */
let held: Promise<void> | null;
/** Changes of these settings of the e-mail section fail on the server. */
let failing: string[];
beforeEach(() => {
  patches = [];
  stored = defaults;
  held = null;
  failing = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH' && url === '/api/me/settings') {
        const patch = JSON.parse(String(init.body)) as { notifications?: { email?: object; about?: object }; messages?: object };
        patches.push(patch);
        await held;
        if (Object.keys(patch.notifications?.email ?? {}).some((key) => failing.includes(key))) {
          return new Response(JSON.stringify({ error: { code: 'internal', message: 'Could not save that.' } }), { status: 503 });
        }
        stored = {
          ...stored,
          notifications: {
            ...stored.notifications,
            email: { ...stored.notifications.email, ...patch.notifications?.email },
            about: { ...stored.notifications.about, ...patch.notifications?.about },
          },
          messages: { ...stored.messages, ...patch.messages },
        };
        return new Response(JSON.stringify(stored), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const withSettings = {
  cache: (queryClient: QueryClient) => queryClient.setQueryData(memberSettingsQueryOptions.queryKey, defaults),
};

describe('Settings → Notifications', () => {
  it('shows each setting of the spec and saves a change as soon as it is made', async () => {
    const { user } = renderWithProviders(<NotificationsTab />, withSettings);
    const digest = screen.getByRole('switch', { name: 'Weekly Digest' });
    expect(screen.getByRole('switch', { name: 'New followers' })).toHaveAttribute('aria-checked', 'true');
    // This test's browser has no service worker: pushes cannot reach it, and the switch says so.
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Browser push notifications' })).toHaveAccessibleDescription(
        'Not available in this browser.',
      ),
    );
    expect(screen.getByRole('switch', { name: 'Browser push notifications' })).toBeDisabled();
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.parentElement?.textContent)).toEqual([
      'New followers',
      'Comments on your reviews',
      'Replies to your comments',
      'Mentions',
      'New music recommendations (new reviews from people you follow)',
    ]);
    await user.click(digest);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Weekly Digest' })).toHaveAttribute('aria-checked', 'false'));
    await waitFor(() => expect(patches).toEqual([{ notifications: { email: { weeklyDigest: false } } }]));
  });

  it('keeps changes made while an earlier one is still saving, and sends them in order', async () => {
    let answer!: () => void;
    held = new Promise((resolve) => (answer = resolve));
    const { user } = renderWithProviders(<NotificationsTab />, withSettings);
    await user.click(screen.getByRole('switch', { name: 'Weekly Digest' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mentions' }));
    await user.click(screen.getByRole('switch', { name: 'New followers' }));
    expect(screen.getByRole('switch', { name: 'Weekly Digest' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('checkbox', { name: 'Mentions' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'New followers' })).toHaveAttribute('aria-checked', 'false');
    answer();
    await waitFor(() =>
      expect(patches).toEqual([
        { notifications: { email: { weeklyDigest: false } } },
        { notifications: { about: { mentions: false } } },
        { notifications: { email: { newFollowers: false } } },
      ]),
    );
    await waitFor(() => expect(stored.notifications.email.newFollowers).toBe(false));
    expect(screen.getByRole('switch', { name: 'Weekly Digest' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('checkbox', { name: 'Mentions' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'New followers' })).toHaveAttribute('aria-checked', 'false');
  });

  it('undoes only the change that failed when a later one was made meanwhile', async () => {
    let answer!: () => void;
    held = new Promise((resolve) => (answer = resolve));
    failing = ['weeklyDigest'];
    const { user } = renderWithProviders(<NotificationsTab />, withSettings);
    await user.click(screen.getByRole('switch', { name: 'Weekly Digest' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mentions' }));
    answer();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Weekly Digest' })).toHaveAttribute('aria-checked', 'true'));
    await waitFor(() => expect(stored.notifications.about.mentions).toBe(false));
    expect(screen.getByRole('checkbox', { name: 'Mentions' })).not.toBeChecked();
  });

  it('offers who may message you, and saves the choice', async () => {
    const { user } = renderWithProviders(<MessagePrivacySection />, withSettings);
    expect(screen.getByRole('radio', { name: 'People you follow or who follow you' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Nobody' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Nobody' })).toBeChecked());
    expect(patches).toEqual([{ messages: { allowFrom: 'nobody' } }]);
  });
});
