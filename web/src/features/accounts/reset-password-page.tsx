import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { SubmitButton } from '../../shared/ui/button.tsx';
import { NewPasswordFields, useNewPassword } from '../../shared/ui/password-input.tsx';
import { useResetPassword } from './api.ts';
import { AuthCard, AuthForm } from './auth-layout.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const secret = params.get('secret');
  const reset = useResetPassword();
  const newPassword = useNewPassword();
  const { password, confirm } = newPassword;
  const [error, setError] = useState<string | null>(userId && secret ? null : t('reset.invalidLink'));

  // Spec §4: after success the page moves on to sign-in after 3 seconds.
  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), 3000);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId || !secret) return setError(t('reset.invalidLink'));
    if (!password || !confirm) return setError(t('reset.fillAll'));
    if (newPassword.problem) return setError(t(`register.${newPassword.problem}`));
    setError(null);
    reset.mutate(
      { userId, secret, password },
      { onError: (cause) => setError(cause instanceof ApiError && cause.status !== 0 ? cause.message : t('reset.failed')) },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('reset.doneTitle')}>
        <p role="status" className="flex items-center gap-3 text-ink">
          <CheckCircle2 aria-hidden className="size-8 shrink-0 text-success" />
          {t('reset.doneBody')}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')}>
      <AuthForm onSubmit={submit} error={error}>
        <NewPasswordFields idPrefix="reset" value={newPassword} replacing />
        <SubmitButton size="lg" pending={reset.isPending} pendingLabel={t('reset.submitting')} disabled={!userId || !secret}>
          {t('reset.submit')}
        </SubmitButton>
        <Link to="/forgot-password" className="text-center text-sm font-medium text-accent hover:underline">
          {t('reset.requestNew')}
        </Link>
      </AuthForm>
    </AuthCard>
  );
}
