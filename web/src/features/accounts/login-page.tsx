import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button, SubmitButton } from '../../shared/ui/button.tsx';
import { Checkbox, EmailField, Label, TextField } from '../../shared/ui/input.tsx';
import { PasswordInput } from '../../shared/ui/password-input.tsx';
import { safeRedirect, useSignIn, useTwoFactorSignIn } from './api.ts';
import { ProviderButtons } from './provider-buttons.tsx';
import { AuthCard, AuthForm, AuthSwitch, useMissingFields } from './auth-layout.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

export function LoginPage() {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [challenge, setChallenge] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const missing = useMissingFields(Boolean(email.trim() && password), t('login.fillAll'));

  const signedIn = () => {
    // A registrant who has not finished onboarding goes there first (spec §2 Layout).
    if (sessionStorage.getItem('needs_onboarding')) {
      sessionStorage.removeItem('needs_onboarding');
      void navigate('/onboarding', { replace: true });
    } else void navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) return missing.show();
    signIn.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          if ('twoFactorRequired' in result) setChallenge(true);
          else signedIn();
        },
        onError: (cause) =>
          setError(cause instanceof ApiError && cause.status !== 0 && cause.status !== 401 ? errorText(cause) : t('login.failed')),
      },
    );
  };

  if (challenge) return <TwoFactorStep onSignedIn={signedIn} onRestart={() => setChallenge(false)} />;

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <AuthForm onSubmit={submit} error={missing.message ?? error}>
        <EmailField id="login-email" label={t('fields.email')} value={email} onValueChange={setEmail} />
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
        <SubmitButton size="lg" pending={signIn.isPending} pendingLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
        <ProviderButtons redirect={safeRedirect(params.get('redirect'))} onError={setError} />
        <AuthSwitch prompt={t('login.noAccount')} to="/register" action={t('login.signUp')} />
      </AuthForm>
    </AuthCard>
  );
}

/** The second step of signing in when two-factor is on: a code from the app, or one of the backup codes. */
function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const verify = useTwoFactorSignIn();
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.empty'));
    setError(null);
    verify.mutate(
      { method, code, trustDevice },
      {
        onSuccess: onSignedIn,
        onError: (cause) => {
          if (cause instanceof ApiError && cause.code === 'two_factor_expired') setExpired(true);
          setError(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('login.failed'));
        },
      },
    );
  };

  return (
    <AuthCard title={t('twoFactor.title')} subtitle={method === 'totp' ? t('twoFactor.subtitle') : t('twoFactor.backupSubtitle')}>
      <AuthForm onSubmit={submit} error={error}>
        <TextField
          id="two-factor-code"
          label={method === 'totp' ? t('twoFactor.code') : t('twoFactor.backupCode')}
          value={code}
          onValueChange={setCode}
          autoComplete="one-time-code"
          inputMode={method === 'totp' ? 'numeric' : 'text'}
          maxLength={32}
          autoFocus
        />
        <Checkbox label={t('twoFactor.trust')} checked={trustDevice} onCheckedChange={setTrustDevice} />
        {expired ? (
          <Button type="button" size="lg" onClick={onRestart}>
            {t('twoFactor.restart')}
          </Button>
        ) : (
          <SubmitButton size="lg" pending={verify.isPending} pendingLabel={t('twoFactor.verifying')}>
            {t('twoFactor.verify')}
          </SubmitButton>
        )}
        <button
          type="button"
          className="text-center text-sm font-medium text-accent hover:underline"
          onClick={() => {
            setMethod(method === 'totp' ? 'backup' : 'totp');
            setCode('');
            setError(null);
          }}
        >
          {method === 'totp' ? t('twoFactor.useBackup') : t('twoFactor.useApp')}
        </button>
      </AuthForm>
    </AuthCard>
  );
}
