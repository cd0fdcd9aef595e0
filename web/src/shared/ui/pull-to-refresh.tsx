import { RefreshCw } from 'lucide-react';
import type { PullToRefresh } from '../hooks/use-pull-to-refresh.ts';
import { cn } from '../lib/cn.ts';

/** The pull's indicator above a page: an arrow that turns as the page is pulled, then spins while refreshing. */
export function PullToRefreshIndicator({
  pull,
  words,
}: {
  pull: PullToRefresh;
  words: { pull: string; release: string; refreshing: string };
}) {
  const shown = pull.refreshing || pull.distance > 0;
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-2 overflow-hidden text-sm text-ink-muted', !shown && 'sr-only')}
      style={shown ? { height: pull.refreshing ? 48 : pull.distance } : undefined}
    >
      {shown ? (
        <>
          <RefreshCw
            aria-hidden
            className={cn('size-4', pull.refreshing && 'animate-spin motion-reduce:animate-none')}
            style={pull.refreshing ? undefined : { transform: `rotate(${pull.distance * 3}deg)` }}
          />
          <span>{pull.refreshing ? words.refreshing : pull.ready ? words.release : words.pull}</span>
        </>
      ) : null}
    </div>
  );
}
