import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Runs the outbox for the signed-in member (decision 085): writes they made offline are sent now and whenever the
 * connection returns. The header's member part calls it, on every page; the outbox's code is fetched then, never part
 * of the entry. Signing out stops it, and the writes kept stay on the device for their member.
 */
export function useOutbox(memberId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    import('./outbox.ts').then(
      ({ startOutbox }) => {
        if (!stopped) stop = startOutbox(queryClient, memberId);
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient, memberId]);
}
