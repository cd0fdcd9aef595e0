import { accessTokensEndpoints } from '@hearsay/contracts/access-tokens';
import { accountsEndpoints } from '@hearsay/contracts/accounts';
import { dataExportEndpoints } from '@hearsay/contracts/data-export';
import { pushEndpoints } from '@hearsay/contracts/push';
import { securityEndpoints } from '@hearsay/contracts/security';

/** What a token needs for a route: `read`, `write`, or `none` when no token may reach it at all. */
export type ScopeNeeded = 'read' | 'write' | 'none';

/**
 * The account's security, which only a person signed in on the website may change: a leaked token must not be able
 * to mint more tokens, lock its owner out or take the account (tokens, password, two-factor, sessions, connected
 * accounts, signing in and out, deleting the account, changing the e-mail address or username, downloading the data
 * export, which holds all of it). Push subscriptions too: a device gets its pushes for as long as the session it was
 * subscribed in lasts, and a leaked token must not add a device that reads its owner's notifications.
 */
const ACCOUNT_SECURITY = new Set(
  [
    ...Object.values(accessTokensEndpoints),
    ...Object.values(securityEndpoints),
    accountsEndpoints.register,
    accountsEndpoints.signIn,
    accountsEndpoints.twoFactor,
    accountsEndpoints.signOut,
    accountsEndpoints.forgotPassword,
    accountsEndpoints.resetPassword,
    accountsEndpoints.changeUsername,
    accountsEndpoints.changeEmail,
    accountsEndpoints.confirmEmail,
    dataExportEndpoints.download,
    pushEndpoints.subscribe,
    pushEndpoints.unsubscribe,
  ].map((declaration) => `${declaration.method} ${declaration.path}`),
);

const READS = new Set(['GET', 'HEAD']);

/**
 * Judged on the route the router matched (its declared pattern) and the method, never on the raw address. Outside
 * `/api/` (pages, covers, live updates) tokens have nothing to do.
 */
export function scopeNeeded(method: string, pattern: string): ScopeNeeded {
  if (!pattern.startsWith('/api/')) return 'none';
  const read = READS.has(method);
  if (ACCOUNT_SECURITY.has(`${read ? 'GET' : method} ${pattern}`)) return 'none';
  return read ? 'read' : 'write';
}
