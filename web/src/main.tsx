import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { languageReady } from './shared/i18n/index.ts';
import { trackInputModality } from './shared/lib/input-modality.ts';
import './shared/styles/index.css';

trackInputModality();
const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The first render is in the reader's language: its strings (one small chunk) arrive first.
await languageReady;
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
