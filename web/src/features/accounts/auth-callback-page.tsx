import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/skeleton.tsx';
import { safeRedirect } from './api.ts';
import { AuthCard } from './auth-layout.tsx';

/** The auth library's `?error=` codes, grouped by what a person can do about them. */
const REASONS: Record<string, string> = {
  access_denied: 'providers.reason.cancelled',
  state_mismatch: 'providers.reason.expired',
  state_not_found: 'providers.reason.expired',
  please_restart_the_process: 'providers.reason.expired',
  invalid_callback_request: 'providers.reason.expired',
  no_code: 'providers.reason.expired',
  account_not_linked: 'providers.notLinked',
  account_already_linked_to_different_user: 'providers.reason.linkedElsewhere',
  email_not_found: 'providers.reason.noEmail',
};

/**
 * Where a sign-in provider sends people back: once the session is known, on to where they were going
 * (home by default, onboarding for a new account). A sign-in that failed stays here and says why.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation('accounts');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const error = params.get('error');
  const redirect = safeRedirect(params.get('redirect'));
  useEffect(() => {
    if (error) return;
    if (session.status === 'signed-in') void navigate(redirect, { replace: true });
    if (session.status === 'signed-out') void navigate('/login', { replace: true });
  }, [session.status, navigate, error, redirect]);
  if (error) {
    return (
      <AuthCard title={t('providers.failedTitle')}>
        <p role="alert" className="text-ink">
          {t(REASONS[error] ?? 'providers.callbackFailed')}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/login">{t('providers.backToSignIn')}</Link>
          </Button>
          {session.status === 'signed-in' ? (
            <Button asChild variant="outline">
              <Link to="/settings?tab=connected">{t('providers.toConnectedAccounts')}</Link>
            </Button>
          ) : null}
        </div>
      </AuthCard>
    );
  }
  return (
    <div className="py-16">
      <h1 className="sr-only">{t('callback.working')}</h1>
      <Spinner label={t('callback.working')} />
    </div>
  );
}
