import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button, SubmitButton } from '../../shared/ui/button.tsx';
import { EmailField } from '../../shared/ui/input.tsx';
import { useForgotPassword } from './api.ts';
import { AuthCard, AuthForm } from './auth-layout.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(t('forgot.empty'));
    setError(null);
    forgot.mutate(email.trim(), {
      onError: (cause) => setError(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('forgot.failed')),
    });
  };

  if (forgot.isSuccess) {
    return (
      <AuthCard title={t('forgot.sentTitle')}>
        <div role="status" className="flex flex-col items-start gap-4">
          <MailCheck aria-hidden className="size-10 text-success" />
          <p className="text-ink">{t('forgot.sentBody', { email: email.trim() })}</p>
          <p className="text-sm text-ink-muted">{t('forgot.spam')}</p>
          <Button asChild variant="outline">
            <Link to="/login">{t('forgot.backToLogin')}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <AuthForm onSubmit={submit} error={error}>
        <EmailField id="forgot-email" label={t('fields.email')} value={email} onValueChange={setEmail} />
        <SubmitButton size="lg" pending={forgot.isPending} pendingLabel={t('forgot.submitting')}>
          {t('forgot.submit')}
        </SubmitButton>
        <Link to="/login" className="text-center text-sm font-medium text-accent hover:underline">
          {t('forgot.backToLogin')}
        </Link>
      </AuthForm>
    </AuthCard>
  );
}
