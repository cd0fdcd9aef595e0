import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deferred } from '../shared/lib/deferred.tsx';
import { AlbumExtensionsProvider } from '../shared/lib/album-extensions.tsx';
import { createQueryClient } from '../shared/lib/query-client.ts';
import { RealtimeProvider } from '../shared/realtime/realtime.tsx';
import '../shared/i18n/index.ts';
import { albumExtensions } from './album-extensions.tsx';

// Fetched as the app starts, outside the entry bundle; toasts made before it is there show when it mounts.
const Toaster = deferred('toaster', () => import('./app-toaster.tsx').then((module) => module.AppToaster));

/** Everything every screen relies on: the query cache (spec §9 defaults), live updates, translations and toasts (at most 20). */
export function Providers({ children, client }: { children: React.ReactNode; client?: QueryClient }) {
  // The app's start brings its client, the one its router's loaders fill (and, for a page rendered on the server,
  // filled with the data it was rendered from).
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <AlbumExtensionsProvider value={albumExtensions}>{children}</AlbumExtensionsProvider>
      </RealtimeProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
