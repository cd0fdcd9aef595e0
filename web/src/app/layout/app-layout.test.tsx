import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { standingQueryOptions } from '../../features/moderation/api.ts';
import { memberSettingsQueryOptions } from '../../features/settings/member-settings.ts';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { currentUser, memberSettings } from '../../shared/test/fixtures.ts';
import { AppLayout } from './app-layout.tsx';

// Commits of the header and of the page, counted. The header stands for everything the layout renders: it is given
// new callbacks whenever the layout renders.
const renders = vi.hoisted(() => ({ header: 0, page: 0 }));
vi.mock('./header.tsx', async () => {
  const { Profiler } = await import('react');
  return {
    Header: () => (
      <Profiler id="header" onRender={() => (renders.header += 1)}>
        <header />
      </Profiler>
    ),
  };
});

function Page() {
  return (
    <Profiler id="page" onRender={() => (renders.page += 1)}>
      <h1>The page</h1>
    </Profiler>
  );
}

const settings = memberSettings({ appearance: { theme: 'dark', language: 'en' } });

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe('the app layout', () => {
  it("applies the member's settings when they arrive without rendering the page around them again", async () => {
    // Asked for, and answered only when the test says so.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    // The layout restores the scroll position, which jsdom does not implement.
    vi.stubGlobal('scrollTo', () => undefined);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(sessionQueryOptions.queryKey, { user: currentUser() });
    queryClient.setQueryData(standingQueryOptions.queryKey, { sanction: null, warnings: [] });
    const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: '*', element: <Page /> }] }]);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    const before = { ...renders };

    // As the page starts, React renders a query's update at once and in one piece: in the layout, that would be the
    // whole page again, before the browser may do anything else.
    act(() => queryClient.setQueryData(memberSettingsQueryOptions.queryKey, settings));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(renders).toEqual(before);
  });
});
