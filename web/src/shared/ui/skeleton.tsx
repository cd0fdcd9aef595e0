import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { Container } from './card.tsx';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-surface-3', className)} {...props} />;
}

/**
 * A page's placeholder while its record loads: by default one large block. With a label, the page is marked busy
 * and screen readers hear the label (album, artist).
 */
export function PageLoading({
  label,
  className = 'py-10',
  children = <Skeleton className="h-64 w-full" />,
}: {
  label?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  if (!label) return <Container className={className}>{children}</Container>;
  return (
    <Container className={className} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </Container>
  );
}

/** An image beside two lines of text, waiting for their data (artist and album rows, the artist page's header). */
export function MediaRowSkeleton({
  className,
  media,
  lines = ['h-4 w-1/2', 'h-3 w-1/3'],
  linesClassName = 'space-y-2',
}: {
  className?: string;
  media: string;
  lines?: [string, string];
  linesClassName?: string;
}) {
  return (
    <div className={cn('flex items-center gap-4', className)}>
      <Skeleton className={media} />
      <div className={cn('flex-1', linesClassName)}>
        <Skeleton className={lines[0]} />
        <Skeleton className={lines[1]} />
      </div>
    </div>
  );
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
