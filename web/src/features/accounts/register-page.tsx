import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { SubmitButton } from '../../shared/ui/button.tsx';
import { EmailField, NameField } from '../../shared/ui/input.tsx';
import { legalLinks } from '../../shared/ui/legal-links.tsx';
import { NewPasswordFields, useNewPassword } from '../../shared/ui/password-input.tsx';
import { useRegister } from './api.ts';
import { ProviderButtons } from './provider-buttons.tsx';
import { AuthCard, AuthForm, AuthSwitch, useMissingFields } from './auth-layout.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

export function RegisterPage() {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const register = useRegister();
  const [name, setName] = useState(params.get('name') ?? '');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const newPassword = useNewPassword();
  const { password } = newPassword;
  const [error, setError] = useState<string | null>(null);
  const missing = useMissingFields(Boolean(name.trim() && email.trim() && password), t('register.fillAll'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim() || !email.trim() || !password) return missing.show();
    if (newPassword.problem) return setError(t(`register.${newPassword.problem}`));
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
          else setError(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('register.failed'));
        },
      },
    );
  };

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <AuthForm onSubmit={submit} error={missing.message ?? error}>
        <NameField id="register-name" label={t('fields.name')} value={name} onValueChange={setName} />
        <EmailField id="register-email" label={t('fields.email')} value={email} onValueChange={setEmail} />
        <NewPasswordFields idPrefix="register" value={newPassword} />
        <SubmitButton size="lg" pending={register.isPending} pendingLabel={t('register.submitting')}>
          {t('register.submit')}
        </SubmitButton>
        <ProviderButtons redirect="/onboarding" onError={setError} />
        <p className="text-sm text-ink-muted">
          <Trans t={t} i18nKey="register.notice" components={legalLinks} />
        </p>
        <AuthSwitch prompt={t('register.haveAccount')} to="/login" action={t('register.signIn')} />
      </AuthForm>
    </AuthCard>
  );
}
