import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { readPageState, restoreAnswers, type PageState } from './page-state.ts';
import { Providers } from './providers.tsx';
import { createRouter, loadRoutesFor } from './router.tsx';
import { allStringsOf, languageReady } from '../shared/i18n/index.ts';
import { cn } from '../shared/lib/cn.ts';
import { loadParts } from '../shared/lib/deferred.tsx';
import { expectTakeover } from '../shared/lib/taken-over.ts';
import { createQueryClient } from '../shared/lib/query-client.ts';
import { trackInputModality } from '../shared/lib/input-modality.ts';
import { yieldToBrowser } from '../shared/lib/yield-to-browser.ts';
import { RenderedAt, RenderedTimeZone, rememberTimeZone } from '../shared/hooks/use-format-date.ts';

/** Starts the app: takes over the page the server rendered, or renders it from the shell (main.tsx imports this). */

trackInputModality();
rememberTimeZone();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/**
 * Takes over a page the server rendered, with the same data, strings and code it was rendered with. Each step below is
 * a task of its own (each is a long task alone on a slow phone, decision 036), then hydration slices its work: the
 * main thread is never held long while the page is already readable.
 */
async function hydratePage(element: HTMLElement, state: PageState): Promise<void> {
  await yieldToBrowser();
  const client = createQueryClient();
  restoreAnswers(client, state);
  await yieldToBrowser();
  await Promise.all([allStringsOf(state.language), loadRoutesFor(location.pathname), loadParts(state.parts)]);
  await yieldToBrowser();
  // Tailwind-merge builds its tables on its first call, one piece of work too big to share a task with a render.
  cn();
  await yieldToBrowser();
  const router = createRouter(client, { loaderData: state.loaderData });
  // React takes the page's first <title> (the server wrote the screen's) as the screen's own and removes it with the
  // screen; the site's name stays behind for a screen without one, not the title of the page the visit began on.
  const fallback = document.createElement('title');
  fallback.textContent = 'Hearsay';
  document.head.append(fallback);
  await yieldToBrowser();
  // The page is marked ready once the screen and every deferred part on it are taken over, not with the screen alone.
  expectTakeover();
  // As a transition, hydration yields to the browser every few milliseconds (the page is already painted and
  // readable), instead of holding the main thread for the whole page.
  startTransition(() => {
    hydrateRoot(
      element,
      <StrictMode>
        <RenderedTimeZone value={state.timeZone}>
          <RenderedAt value={state.renderedAt}>
            <Providers client={client}>
              <RouterProvider router={router} />
            </Providers>
          </RenderedAt>
        </RenderedTimeZone>
      </StrictMode>,
    );
  });
}

/** Renders the app here, from the shell (or over a page whose code could not be fetched: the router then says so). */
async function renderApp(element: HTMLElement): Promise<void> {
  const client = createQueryClient();
  const router = createRouter(client);
  // The first render is in the reader's language: its strings (one small chunk) arrive first.
  await languageReady;
  createRoot(element).render(
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

const pageState = readPageState();
if (pageState) await hydratePage(root, pageState).catch(() => renderApp(root));
else await renderApp(root);
