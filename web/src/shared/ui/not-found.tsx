import { useTranslation } from 'react-i18next';
import { paths } from '@hearsay/contracts/paths';
import { Link, Navigate, useLocation } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { useNotFoundStatus } from '../lib/page-status.ts';
import { Button } from './button.tsx';
import { Container } from './card.tsx';
import { ErrorState } from './skeleton.tsx';

/** A clear "nothing here" page, also used by screens whose record does not exist. */
export function NotFound({ title, description }: { title?: string; description?: string }) {
  const { t } = useTranslation();
  // Rendered on the server, the page is then answered with 404.
  useNotFoundStatus();
  const heading = title ?? t('errors.notFoundTitle');
  return (
    <Container className="flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <title>{`${heading} · Hearsay`}</title>
      <p className="font-display text-6xl font-semibold text-accent">404</p>
      <h1 className="mt-4 font-display text-3xl font-semibold text-ink">{heading}</h1>
      <p className="mt-3 max-w-md text-ink-muted">{description ?? t('errors.notFound')}</p>
      <Button asChild className="mt-6">
        <Link to="/">{t('actions.goHome')}</Link>
      </Button>
    </Container>
  );
}

/**
 * A record its owner keeps to members (a profile that is followers-only or private): the visitor is sent to sign in,
 * and brought back after.
 */
export function SignInFirst() {
  const location = useLocation();
  return <Navigate to={paths.login(location.pathname + location.search)} replace />;
}

/**
 * A page whose record would not load: the 404 page (with this title and description) when there is no such
 * record, sign in when the API asks a visitor to, otherwise the state that offers to try again.
 */
export function PageLoadError({
  query,
  title,
  description,
}: {
  query: { error: unknown; refetch: () => unknown };
  title: string;
  description: string;
}) {
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound title={title} description={description} />;
  if (query.error instanceof ApiError && query.error.status === 401) return <SignInFirst />;
  return <ErrorState onRetry={() => void query.refetch()} />;
}
