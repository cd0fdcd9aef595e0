import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-surface-3', className)} {...props} />;
}

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 py-10 text-ink-muted', className)}>
      <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-line-strong border-t-accent" />
      <span className="text-sm">{label ?? t('loading')}</span>
    </div>
  );
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
}: {
  icon?: React.ReactNode;
  title: string;
  description?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-line-strong px-6 py-14 text-center',
        className,
      )}
    >
      {icon ? <div className="mb-3 text-ink-subtle [&_svg]:size-8">{icon}</div> : null}
      <p className="font-display text-lg font-semibold text-ink">{title}</p>
      {description ? <p className="mt-1 max-w-md text-sm text-ink-muted">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

export function ErrorState({ title, description, onRetry }: { title?: string; description?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={title ?? t('errors.loadFailedTitle')}
      description={description ?? t('errors.loadFailed')}
      action={
        onRetry ? (
          <button type="button" onClick={onRetry} className="text-sm font-medium text-accent underline underline-offset-4">
            {t('actions.tryAgain')}
          </button>
        ) : undefined
      }
    />
  );
}
