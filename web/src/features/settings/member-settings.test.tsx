import type { MemberSettings } from '@hearsay/contracts/settings';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberSettings } from '../../shared/test/fixtures.ts';
import { renderHookWithProviders } from '../../shared/test/render.tsx';
import { withChange } from './member-settings-controls.tsx';
import { memberSettingsQueryOptions, useUpdateMemberSettings } from './member-settings.ts';

const defaults = memberSettings();

/** The server: each PATCH is answered when the test says so, with the settings as they then stand. */
let stored: MemberSettings;
let answers: (() => void)[];
beforeEach(() => {
  stored = defaults;
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          answers.push(() => {
            stored = withChange(stored, JSON.parse(String(init?.body)));
            resolve(new Response(JSON.stringify(stored), { status: 200, headers: { 'content-type': 'application/json' } }));
          });
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('saving member settings', () => {
  it('sends changes one after another, so the later one is what stays, on the server and on screen', async () => {
    const { result, queryClient } = renderHookWithProviders(() => useUpdateMemberSettings(), {
      cache: (client) => client.setQueryData(memberSettingsQueryOptions.queryKey, defaults),
    });
    const language = () => queryClient.getQueryData(memberSettingsQueryOptions.queryKey)?.appearance.language;
    act(() => {
      result.current.mutate({ appearance: { language: 'en' } });
      result.current.mutate({ appearance: { language: 'de' } });
    });
    // The second waits for the first: it has not been sent.
    await waitFor(() => expect(answers).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).toHaveLength(1);
    act(() => answers[0]!());
    await waitFor(() => expect(answers).toHaveLength(2));
    act(() => answers[1]!());
    await waitFor(() => expect(language()).toBe('de'));
    expect(stored.appearance.language).toBe('de');
  });
});
