import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';

/** A round header link (the bell, messages) with a count badge when there is something new; the label says the count. */
export function IconLinkWithCount({
  to,
  icon: Icon,
  label,
  count,
  testId,
  className,
}: {
  to: string;
  icon: LucideIcon;
  /** Read by screen readers and shown as the tooltip; should include the count when there is one. */
  label: string;
  count: number;
  testId: string;
  className?: string;
}) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-surface-2 hover:text-ink',
        className,
      )}
    >
      <Icon aria-hidden className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden
          data-testid={testId}
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-accent px-1.5 text-center text-xs font-semibold leading-5 text-accent-ink"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
