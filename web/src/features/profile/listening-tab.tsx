import { LISTENING_PERIODS } from '@hearsay/contracts/constants';
import type { ListeningPeriod } from '@hearsay/contracts/listening-stats';
import type { Profile } from '@hearsay/contracts/profiles';
import { useQuery } from '@tanstack/react-query';
import { Headphones, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { ApiError } from '../../shared/lib/api-client.ts';
import { ListeningSummaryView } from '../../shared/listening/listening-summary.tsx';
import { Chip } from '../../shared/ui/card.tsx';
import { EmptyState, ErrorState, Spinner } from '../../shared/ui/skeleton.tsx';
import { listeningStatsQueryOptions } from './api.ts';

/**
 * The profile's Listening tab: listening time and the albums and artists played most in the last week, month or year.
 * Someone who keeps their listening to themselves is said to, as their ratings tabs do.
 */
export function ListeningTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [period, setPeriod] = useState<ListeningPeriod>('week');
  const stats = useQuery(listeningStatsQueryOptions(profile.username, period));
  const notShared = stats.error instanceof ApiError && stats.error.code === 'listening_not_shared';
  return (
    <section aria-label={t('tabs.listening')} className="flex flex-col gap-5">
      <div role="group" aria-label={t('listening.label')} className="flex flex-wrap gap-2">
        {LISTENING_PERIODS.map((option) => (
          <Chip key={option} active={option === period} onClick={() => setPeriod(option)}>
            {t(`listening.${option}`)}
          </Chip>
        ))}
      </div>
      {stats.isPending ? (
        <Spinner />
      ) : notShared ? (
        <EmptyState icon={<Lock />} title={t('listening.notShared')} description={errorText(stats.error)} />
      ) : stats.isError ? (
        <ErrorState title={t('listening.loadFailed')} onRetry={() => void stats.refetch()} />
      ) : stats.data.listens === 0 ? (
        <EmptyState icon={<Headphones />} title={t('listening.empty')} />
      ) : (
        <ListeningSummaryView summary={stats.data} testId="profile-listening" />
      )}
    </section>
  );
}
