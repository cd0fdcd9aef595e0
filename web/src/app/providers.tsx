import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { AlbumExtensionsProvider } from '../shared/lib/album-extensions.tsx';
import { createQueryClient } from '../shared/lib/query-client.ts';
import { RealtimeProvider } from '../shared/realtime/realtime.tsx';
import '../shared/i18n/index.ts';
import { albumExtensions } from './album-extensions.tsx';

// Fetched as the app starts, outside the entry bundle; toasts made before it is there show when it mounts.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** Everything every screen relies on: the query cache (spec §9 defaults), live updates, translations and toasts (at most 20). */
export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <AlbumExtensionsProvider value={albumExtensions}>{children}</AlbumExtensionsProvider>
      </RealtimeProvider>
      <Suspense fallback={null}>
        <Toaster
          visibleToasts={20}
          position="bottom-center"
          closeButton
          theme="system"
          toastOptions={{ classNames: { toast: '!bg-surface !text-ink !border-line', description: '!text-ink-muted' } }}
          offset={{ bottom: 80 }}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
