import { Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Field, Input } from '../../shared/ui/input.tsx';
import { PasswordInput, PasswordStrengthMeter } from '../../shared/ui/password-input.tsx';
import { useRegister } from './api.ts';
import { AuthCard, FormError } from './auth-layout.tsx';

export function RegisterPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const register = useRegister();
  const [name, setName] = useState(params.get('name') ?? '');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !email.trim() || !password) return setError(t('register.fillAll'));
    if (password !== confirm) return setError(t('register.mismatch'));
    if ([...password].length < 8) return setError(t('register.tooShort'));
    setError(null);
    sessionStorage.setItem('needs_onboarding', 'true');
    sessionStorage.setItem('registration_complete', 'true');
    register.mutate(
      { name: name.trim(), email: email.trim(), password },
      {
        onSuccess: () => void navigate('/onboarding?from=signup', { replace: true }),
        onError: (cause) => {
          sessionStorage.removeItem('needs_onboarding');
          sessionStorage.removeItem('registration_complete');
          if (cause instanceof ApiError && cause.code === 'email_taken') setError(t('register.taken'));
          else setError(cause instanceof ApiError && cause.status !== 0 ? cause.message : t('register.failed'));
        },
      },
    );
  };

  const matches = confirm.length > 0 && confirm === password;
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={error} />
        <Field id="register-name" label={t('fields.name')}>
          <Input id="register-name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
        </Field>
        <Field id="register-email" label={t('fields.email')}>
          <Input
            id="register-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            maxLength={254}
          />
        </Field>
        <Field id="register-password" label={t('fields.password')}>
          <PasswordInput
            id="register-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby="register-strength"
            maxLength={128}
          />
          <PasswordStrengthMeter password={password} id="register-strength" />
        </Field>
        <Field id="register-confirm" label={t('fields.confirmPassword')}>
          <PasswordInput
            id="register-confirm"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            maxLength={128}
          />
          {matches ? (
            <p className="flex items-center gap-1 text-xs font-medium text-success">
              <Check aria-hidden className="size-3.5" />
              {t('match')}
            </p>
          ) : null}
        </Field>
        <Button type="submit" size="lg" disabled={register.isPending}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
        <p className="text-sm text-ink-muted">
          <Trans
            t={t}
            i18nKey="register.notice"
            components={{
              terms: <Link to="/terms" className="font-medium text-accent underline underline-offset-4" />,
              privacy: <Link to="/privacy" className="font-medium text-accent underline underline-offset-4" />,
            }}
          />
        </p>
        <p className="text-center text-sm text-ink-muted">
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-accent hover:underline">
            {t('register.signIn')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
