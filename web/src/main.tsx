import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { readPageState, restoreAnswers } from './app/page-state.ts';
import { Providers } from './app/providers.tsx';
import { createRouter, loadRoutesFor } from './app/router.tsx';
import { allStringsOf, languageReady } from './shared/i18n/index.ts';
import { loadParts } from './shared/lib/deferred.tsx';
import { createQueryClient } from './shared/lib/query-client.ts';
import { trackInputModality } from './shared/lib/input-modality.ts';
import './shared/styles/index.css';

trackInputModality();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const pageState = readPageState();

if (pageState) {
  // The server rendered this page: take over its markup with the same data, strings and route code it was rendered with.
  const client = createQueryClient();
  restoreAnswers(client, pageState.queries);
  await Promise.all([allStringsOf(pageState.language), loadRoutesFor(location.pathname), loadParts(pageState.parts)]);
  const router = createRouter({ loaderData: {} });
  hydrateRoot(
    root,
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
} else {
  const router = createRouter();
  // The first render is in the reader's language: its strings (one small chunk) arrive first.
  await languageReady;
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
