import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { NewPasswordFields } from '../../shared/ui/password-input.tsx';
import { useResetPassword } from './api.ts';
import { AuthCard, FormError } from './auth-layout.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const secret = params.get('secret');
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
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
    if (password !== confirm) return setError(t('register.mismatch'));
    if ([...password].length < 8) return setError(t('register.tooShort'));
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
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={error} />
        <NewPasswordFields
          idPrefix="reset"
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          passwordLabel={t('fields.newPassword')}
          confirmLabel={t('fields.confirmNewPassword')}
        />
        <Button type="submit" size="lg" disabled={reset.isPending || !userId || !secret}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
        <Link to="/forgot-password" className="text-center text-sm font-medium text-accent hover:underline">
          {t('reset.requestNew')}
        </Link>
      </form>
    </AuthCard>
  );
}
