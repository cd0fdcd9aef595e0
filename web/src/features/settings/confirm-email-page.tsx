import { ConfirmEmailBodySchema } from '@hearsay/contracts/accounts';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Card, Container } from '../../shared/ui/card.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { Spinner } from '../../shared/ui/skeleton.tsx';
import { useConfirmEmail } from './api.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/**
 * /settings/confirm-email?token=… — the link mailed to a new address. It sends the token once on arrival (signed in
 * or not, on any device) and says what became of it.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const parsed = ConfirmEmailBodySchema.safeParse({ token: params.get('token') ?? '' });
  const token = parsed.success ? parsed.data.token : null;
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  const session = useSession();
  const sent = useRef(false);

  useEffect(() => {
    // Once only, also when development mode runs effects twice: a link works a single time.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const error = !token
    ? t('accountChanges.confirm.missing')
    : confirm.error
      ? confirm.error instanceof ApiError && confirm.error.status !== 0
        ? errorText(confirm.error)
        : t('accountChanges.confirm.failed')
      : null;

  return (
    <Container className="flex justify-center py-10 sm:py-16">
      <title>{`${t('accountChanges.confirm.title')} · Hearsay`}</title>
      <Card className="flex w-full max-w-md flex-col gap-5 p-6 sm:p-8">
        <h1 className="font-display text-3xl font-semibold text-ink">{t('accountChanges.confirm.title')}</h1>
        {confirm.isSuccess ? (
          <p role="status" className="flex items-center gap-3 text-ink">
            <CheckCircle2 aria-hidden className="size-8 shrink-0 text-success" />
            {t('accountChanges.confirm.done', { email: confirm.data.email })}
          </p>
        ) : error ? (
          <FormMessage error={error} />
        ) : (
          <Spinner label={t('accountChanges.confirm.working')} />
        )}
        {confirm.isSuccess || error ? (
          <Button asChild variant="outline" className="self-start">
            {session.status === 'signed-in' ? (
              <Link to="/settings">{t('accountChanges.confirm.toSettings')}</Link>
            ) : (
              <Link to="/">{t('accountChanges.confirm.toHome')}</Link>
            )}
          </Button>
        ) : null}
      </Card>
    </Container>
  );
}
