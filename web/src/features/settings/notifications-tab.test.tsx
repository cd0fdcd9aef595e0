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
beforeEach(() => {
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH' && url === '/api/me/settings') {
        const patch = JSON.parse(String(init.body)) as { notifications?: { email?: object; about?: object }; messages?: object };
        patches.push(patch);
        const next: MemberSettings = {
          notifications: {
            ...defaults.notifications,
            email: { ...defaults.notifications.email, ...patch.notifications?.email },
            about: { ...defaults.notifications.about, ...patch.notifications?.about },
          },
          messages: { ...defaults.messages, ...patch.messages },
          sharing: defaults.sharing,
          appearance: defaults.appearance,
        };
        return new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } });
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
    expect(screen.getByRole('switch', { name: 'Browser push notifications' })).toHaveAccessibleDescription(/Not available yet/);
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.parentElement?.textContent)).toEqual([
      'New followers',
      'Comments on your reviews',
      'Mentions',
      'New music recommendations (new reviews from people you follow)',
    ]);
    await user.click(digest);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Weekly Digest' })).toHaveAttribute('aria-checked', 'false'));
    // The controls are disabled while a change is being saved: a person's next click lands once they are back.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mentions' })).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: 'Mentions' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mentions' })).not.toBeChecked());
    expect(patches).toEqual([{ notifications: { email: { weeklyDigest: false } } }, { notifications: { about: { mentions: false } } }]);
  });

  it('offers who may message you, and saves the choice', async () => {
    const { user } = renderWithProviders(<MessagePrivacySection />, withSettings);
    expect(screen.getByRole('radio', { name: 'People you follow or who follow you' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Nobody' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Nobody' })).toBeChecked());
    expect(patches).toEqual([{ messages: { allowFrom: 'nobody' } }]);
  });
});
