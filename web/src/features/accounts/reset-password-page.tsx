import { ResetPasswordBodySchema } from '@hearsay/contracts/accounts';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { SubmitButton } from '../../shared/ui/button.tsx';
import { NewPasswordFields, useNewPassword } from '../../shared/ui/password-input.tsx';
import { useResetPassword } from './api.ts';
import { AuthCard, AuthForm, useMissingFields } from './auth-layout.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The link from the e-mail carries both; anything else in the address is not a link we sent.
  const link = ResetPasswordBodySchema.pick({ userId: true, secret: true }).safeParse({
    userId: params.get('userId'),
    secret: params.get('secret'),
  });
  const userId = link.success ? link.data.userId : null;
  const secret = link.success ? link.data.secret : null;
  const reset = useResetPassword();
  const newPassword = useNewPassword();
  const { password, confirm } = newPassword;
  const [error, setError] = useState<string | null>(userId && secret ? null : t('reset.invalidLink'));
  const missing = useMissingFields(Boolean(password && confirm), t('reset.fillAll'));

  // Spec §4: after success the page moves on to sign-in after 3 seconds.
  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), 3000);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId || !secret) return setError(t('reset.invalidLink'));
    setError(null);
    if (!password || !confirm) return missing.show();
    if (newPassword.problem) return setError(t(`register.${newPassword.problem}`));
    reset.mutate(
      { userId, secret, password },
      {
        // A refused link (expired, used, or never ours) gets the spec's words; a weak password gets the server's.
        onError: (cause) =>
          setError(
            cause instanceof ApiError && cause.status !== 0 && cause.code !== 'reset_link_invalid' ? errorText(cause) : t('reset.failed'),
          ),
      },
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
      <AuthForm onSubmit={submit} error={missing.message ?? error}>
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
