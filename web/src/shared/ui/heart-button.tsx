import { Heart } from 'lucide-react';
import { useSendToSignIn, useSession } from '../auth/session.ts';
import { cn } from '../lib/cn.ts';

/**
 * The one heart of the site: pressed once liked, a visitor sent to sign in first. What a press does (a review of this
 * site, a post of another) is the caller's; a count is shown when there is one.
 */
export function HeartButton({
  liked,
  pending,
  label,
  count,
  onToggle,
}: {
  liked: boolean;
  pending: boolean;
  label: string;
  count?: number;
  onToggle: (liked: boolean) => void;
}) {
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  return (
    <button
      type="button"
      aria-pressed={liked}
      disabled={pending}
      onClick={() => (session.status === 'signed-in' ? onToggle(!liked) : sendToSignIn())}
      className={cn('inline-flex items-center gap-1.5 hover:text-ink', liked && 'text-accent')}
    >
      <Heart aria-hidden className={cn('size-4', liked && 'fill-current')} />
      <span className="sr-only">{label}</span>
      {count === undefined ? null : <span className="tabular-nums">{count}</span>}
    </button>
  );
}
