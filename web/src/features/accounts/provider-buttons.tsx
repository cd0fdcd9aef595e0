import type { ProviderId } from '@hearsay/contracts/security';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { providersQueryOptions, signInWithProvider } from '../../shared/auth/providers.ts';

import { Button } from '../../shared/ui/button.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/** "Continue with …" for each provider this site has set up; nothing at all when it has none. */
export function ProviderButtons({ redirect, onError }: { redirect: string; onError: (message: string) => void }) {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const providers = useQuery(providersQueryOptions);
  const [leaving, setLeaving] = useState<ProviderId | null>(null);
  const available = providers.data?.providers.filter((provider) => provider.available) ?? [];
  if (!available.length) return null;

  const start = (id: ProviderId) => {
    setLeaving(id);
    signInWithProvider(id, redirect).catch((error: unknown) => {
      setLeaving(null);
      onError(errorText(error, t('providers.failed')));
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-ink-muted">
        <span className="h-px flex-1 bg-line" />
        {t('providers.or')}
        <span className="h-px flex-1 bg-line" />
      </div>
      {available.map((provider) => (
        <Button key={provider.id} type="button" variant="outline" disabled={leaving !== null} onClick={() => start(provider.id)}>
          {leaving === provider.id ? t('providers.leaving') : t('providers.continueWith', { name: provider.name })}
        </Button>
      ))}
    </div>
  );
}
