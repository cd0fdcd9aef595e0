import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '../../shared/auth/session.ts';
import { Spinner } from '../../shared/ui/skeleton.tsx';
import { safeRedirect } from './api.ts';

/**
 * Where a sign-in provider sends people back: once the session is known, on to where they were going
 * (home by default, onboarding for a new account), else back to sign in with the reason.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation('accounts');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const errors = params.getAll('error');
  const failed = errors.length > 0;
  const notLinked = errors.includes('account_not_linked');
  const redirect = safeRedirect(params.get('redirect'));
  useEffect(() => {
    if (failed) {
      toast.error(notLinked ? t('providers.notLinked') : t('providers.callbackFailed'));
      void navigate('/login', { replace: true });
      return;
    }
    if (session.status === 'signed-in') void navigate(redirect, { replace: true });
    if (session.status === 'signed-out') void navigate('/login', { replace: true });
  }, [session.status, navigate, failed, notLinked, redirect, t]);
  return (
    <div className="py-16">
      <h1 className="sr-only">{t('callback.working')}</h1>
      <Spinner label={t('callback.working')} />
    </div>
  );
}
