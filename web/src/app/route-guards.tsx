import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@hearsay/contracts/paths';
import { useSession } from '../shared/auth/session.ts';
import { Spinner } from '../shared/ui/skeleton.tsx';

/**
 * Signed-in only screens (spec §6). While the session is being checked the page says
 * "Loading account information..."; a visitor is then sent to sign in and brought back after.
 */
export function PrivateRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Spinner label={t('loadingAccount')} className="min-h-[50vh]" />;
  if (session.status === 'signed-out') {
    return <Navigate to={paths.login(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
