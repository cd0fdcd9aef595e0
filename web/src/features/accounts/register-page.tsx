import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Field, Input } from '../../shared/ui/input.tsx';
import { NewPasswordFields } from '../../shared/ui/password-input.tsx';
import { useRegister } from './api.ts';
import { ProviderButtons } from './provider-buttons.tsx';
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
        <NewPasswordFields
          idPrefix="register"
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          passwordLabel={t('fields.password')}
          confirmLabel={t('fields.confirmPassword')}
        />
        <Button type="submit" size="lg" disabled={register.isPending}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
        <ProviderButtons redirect="/onboarding" onError={setError} />
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
