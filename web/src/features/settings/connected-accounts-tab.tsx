import type { ProviderId } from '@hearsay/contracts/security';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { connectProvider } from '../../shared/auth/providers.ts';

import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Badge } from '../../shared/ui/card.tsx';
import { ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { securityQueryOptions, useDisconnect } from './api.ts';
import { SettingsSection } from './settings-section.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/**
 * Settings → Connected Accounts: every provider, connected or not; the ones this site has no credentials for are
 * marked unavailable instead of offering a button that cannot work.
 */
export function ConnectedAccountsTab() {
  const { t } = useTranslation('settings');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const overview = useQuery(securityQueryOptions);
  const disconnect = useDisconnect();
  const [params] = useSearchParams();
  const [leaving, setLeaving] = useState<ProviderId | null>(null);
  const linkFailed = params.get('error') === 'link';

  useEffect(() => {
    if (linkFailed) toast.error(t('connected.linkFailed'));
  }, [linkFailed, t]);

  if (overview.isPending) return <Skeleton className="h-72 w-full" />;
  if (overview.isError) return <ErrorState title={t('loadFailed')} onRetry={() => void overview.refetch()} />;

  const connect = (provider: ProviderId) => {
    setLeaving(provider);
    connectProvider(provider).catch((error: unknown) => {
      setLeaving(null);
      toast.error(errorText(error, t('failed')));
    });
  };

  return (
    <SettingsSection id="connected-accounts" title={t('connected.title')} description={t('connected.description')}>
      <ul className="divide-y divide-line">
        {overview.data.providers.map((provider) => {
          const connection = overview.data.connectedAccounts.find((account) => account.provider === provider.id);
          return (
            <li key={provider.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{provider.name}</p>
                <p className="text-sm text-ink-muted">
                  {connection
                    ? t('connected.since', {
                        date: formatDate(connection.connectedAt),
                      })
                    : provider.available
                      ? t('connected.notConnected')
                      : t('connected.unavailableHint')}
                </p>
                {provider.id === 'spotify' || provider.id === 'apple' ? (
                  <p className="text-xs text-ink-subtle">{t(`connected.listenFirst.${provider.id}`)}</p>
                ) : null}
              </div>
              {connection ? (
                <>
                  <Badge>{t('connected.connected')}</Badge>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={disconnect.isPending}
                    onClick={() =>
                      disconnect.mutate(provider.id, {
                        onSuccess: () => toast.success(t('connected.disconnected', { name: provider.name })),
                        onError: (cause) => toast.error(errorText(cause, t('failed'))),
                      })
                    }
                  >
                    {t('connected.disconnect')}
                  </Button>
                </>
              ) : provider.available ? (
                <Button size="sm" disabled={leaving !== null} onClick={() => connect(provider.id)}>
                  {leaving === provider.id ? t('connected.leaving') : t('connected.connect')}
                </Button>
              ) : (
                <Badge>{t('connected.unavailable')}</Badge>
              )}
            </li>
          );
        })}
      </ul>
    </SettingsSection>
  );
}
