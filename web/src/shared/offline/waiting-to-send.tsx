import { Clock } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { pendingStore } from './outbox.ts';
import type { OutboxWrite } from './outbox-store.ts';

/** The writes kept on this device that `matches` picks, as they change; none while the page is rendered on the server. */
export function useWaitingWrites(matches: (write: OutboxWrite) => boolean): OutboxWrite[] {
  const all = useSyncExternalStore(pendingStore.subscribe, pendingStore.snapshot, pendingStore.serverSnapshot);
  return all.filter(matches);
}

/**
 * "Waiting to send", with a clock: a write made offline, shown as made, that the server has not had yet. `compact`:
 * the clock alone where a row has no room (a track of a phone's list), its words still read out and shown on hover.
 */
export function WaitingToSend({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('offline');
  return (
    <span
      role="status"
      title={compact ? t('waiting') : undefined}
      className={cn('inline-flex items-center gap-1 text-sm text-ink-muted', className)}
    >
      <Clock aria-hidden className="size-4 shrink-0" />
      <span className={compact ? 'sr-only' : undefined}>{t('waiting')}</span>
    </span>
  );
}

/** The draft of an album's review saved offline and not sent yet, if any (the newest): newer than the server's. */
export function useWaitingDraft(albumId: string): { title: string; contentHtml: string } | null {
  const waiting = useWaitingWrites((write) => write.kind === 'review-draft' && write.albumRef === albumId).at(-1);
  if (!waiting) return null;
  const body = waiting.body as { title?: string; content: string };
  return { title: body.title ?? '', contentHtml: body.content };
}
