import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { Spinner } from '../../shared/ui/skeleton.tsx';

/** Where a sign-in provider sends people back: once the session is known, home if signed in, else sign in. */
export function AuthCallbackPage() {
  const { t } = useTranslation('accounts');
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status === 'signed-in') void navigate('/', { replace: true });
    if (session.status === 'signed-out') void navigate('/login', { replace: true });
  }, [session.status, navigate]);
  return (
    <div className="py-16">
      <h1 className="sr-only">{t('callback.working')}</h1>
      <Spinner label={t('callback.working')} />
    </div>
  );
}
