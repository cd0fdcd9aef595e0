import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createContext, use, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

interface ProviderOptions {
  /** The address the screen opens at. */
  url?: string;
  /** The route pattern the screen is mounted on, for screens that read route parameters. */
  path?: string;
  /** Fills the query cache before the first render, so a screen shows its data without asking the server. */
  cache?: (queryClient: QueryClient) => void;
}

// The router is made once per test, so the screen reaches its route through context and can still be re-rendered.
const ScreenContext = createContext<ReactNode>(null);

function Screen() {
  return use(ScreenContext);
}

/**
 * What every screen relies on in the app (the query cache and the router; the real English strings are loaded by
 * vitest.setup.ts). What the cache holds stays fresh, so a screen never asks the server again for data a test gave it,
 * and nothing is retried, so a failure shows at once.
 */
function testProviders({ url = '/', path = '*', cache }: ProviderOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  cache?.(queryClient);
  const router = createMemoryRouter([{ path, element: <Screen /> }], { initialEntries: [url] });
  /** Where the screen has taken the address: path and query, as the address bar shows them. */
  const address = () => `${router.state.location.pathname}${router.state.location.search}`;
  function wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <ScreenContext value={children}>
          <RouterProvider router={router} />
        </ScreenContext>
      </QueryClientProvider>
    );
  }
  return { queryClient, router, address, wrapper };
}

/** Renders a component as the app would. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { wrapper, ...providers } = testProviders(options);
  return { ...render(ui, { wrapper }), ...providers, user: userEvent.setup() };
}

/** Runs a hook as a component on a screen would. */
export function renderHookWithProviders<Result>(hook: () => Result, options: ProviderOptions = {}) {
  const { wrapper, ...providers } = testProviders(options);
  return { ...renderHook(hook, { wrapper }), ...providers };
}
