import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Field, Input, Label } from '../../shared/ui/input.tsx';
import { PasswordInput } from '../../shared/ui/password-input.tsx';
import { safeRedirect, useSignIn } from './api.ts';
import { AuthCard, FormError } from './auth-layout.tsx';

export function LoginPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return setError(t('login.fillAll'));
    setError(null);
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => {
          // A registrant who has not finished onboarding goes there first (spec §2 Layout).
          if (sessionStorage.getItem('needs_onboarding')) {
            sessionStorage.removeItem('needs_onboarding');
            void navigate('/onboarding', { replace: true });
          } else void navigate(safeRedirect(params.get('redirect')), { replace: true });
        },
        onError: (cause) =>
          setError(cause instanceof ApiError && cause.status !== 0 && cause.status !== 401 ? cause.message : t('login.failed')),
      },
    );
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={error} />
        <Field id="login-email" label={t('fields.email')}>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            maxLength={254}
          />
        </Field>
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor="login-password">{t('fields.password')}</Label>
            <Link to="/forgot-password" className="text-sm font-medium text-accent hover:underline">
              {t('login.forgot')}
            </Link>
          </div>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <Button type="submit" size="lg" disabled={signIn.isPending}>
          {signIn.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
        <p className="text-center text-sm text-ink-muted">
          {t('login.noAccount')}{' '}
          <Link to="/register" className="font-medium text-accent hover:underline">
            {t('login.signUp')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
