import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../shared/ui/button.tsx';
import { Container } from '../shared/ui/card.tsx';
import { NotFound } from '../shared/ui/not-found.tsx';
import { TakenOver } from '../shared/lib/taken-over.ts';

/** The router fallback of spec §2: shown when a screen throws while rendering or loading. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  // When the layout itself fails this page replaces it, and then nothing else marks the page as taken over.
  const takenOver = <TakenOver />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <NotFound />
        {takenOver}
      </>
    );
  }
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      {takenOver}
      <p className="font-display text-sm font-bold tracking-[0.18em] text-ink-subtle">{t('brand')}</p>
      <h1 className="mt-4 font-display text-3xl font-semibold text-ink">{t('errors.unexpected')}</h1>
      <p className="mt-3 max-w-md text-ink-muted">{t('errors.unexpectedHint')}</p>
      <div className="mt-6 flex gap-3">
        <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
        <Button asChild variant="outline">
          <a href="/">{t('actions.goHome')}</a>
        </Button>
      </div>
    </Container>
  );
}
