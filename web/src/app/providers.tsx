import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { AlbumExtensionsProvider } from '../shared/lib/album-extensions.tsx';
import { createQueryClient } from '../shared/lib/query-client.ts';
import { RealtimeProvider } from '../shared/realtime/realtime.tsx';
import '../shared/i18n/index.ts';
import { albumExtensions } from './album-extensions.tsx';

/** Everything every screen relies on: the query cache (spec §9 defaults), live updates, translations and toasts (at most 20). */
export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <AlbumExtensionsProvider value={albumExtensions}>{children}</AlbumExtensionsProvider>
      </RealtimeProvider>
      <Toaster
        visibleToasts={20}
        position="bottom-center"
        closeButton
        theme="system"
        toastOptions={{ classNames: { toast: '!bg-surface !text-ink !border-line', description: '!text-ink-muted' } }}
        offset={{ bottom: 80 }}
      />
    </QueryClientProvider>
  );
}
