import { Suspense, type ReactNode } from 'react';
import { PartTakenOver, usePartTakeover } from './taken-over.ts';

/**
 * A part of a page the server rendered that React takes over in a pass of its own (decision 089): a Suspense boundary
 * the server wrote is left as it is while the rest of the page is hydrated, then hydrated at idle priority and in
 * slices, each boundary committed alone, so no one task holds a phone's main thread for the whole page. A click or a
 * key on it meanwhile is replayed once it is taken over, and the page is marked ready (`data-ready`) only after it.
 * For what is below the fold or not interactive; what the reader acts on first stays outside.
 */
export function HydratesApart({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const takeover = usePartTakeover();
  return (
    <Suspense fallback={fallback}>
      {children}
      <PartTakenOver part={takeover} />
    </Suspense>
  );
}
