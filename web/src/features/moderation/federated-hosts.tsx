import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { ApiError } from '../../shared/lib/api-client.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/input.tsx';
import { ErrorState } from '../../shared/ui/skeleton.tsx';
import {
  federatedDeliveriesQueryOptions,
  federatedHostsQueryOptions,
  useRetryDeliveries,
  useSetHostPolicy,
  type HostPolicy,
} from './moderation-api.ts';

const POLICIES: readonly HostPolicy[] = ['block', 'silence'];

/** A server's name as people paste it (`https://Example.com/@bob`, `@bob@example.com`) as addresses carry it: `example.com`. */
export function serverName(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/^.*@/, '');
}

/**
 * Admins: other servers this site blocks (nothing in or out, its follows end at once) or silences (its people must
 * ask to follow), and federating with one again. Not shown when the site does not federate (the list answers 404).
 */
export function FederatedHosts() {
  const { t } = useTranslation('moderation');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const id = useId();
  const [host, setHost] = useState('');
  const [policy, setPolicy] = useState<HostPolicy>('block');
  const list = useQuery(federatedHostsQueryOptions);
  const change = useSetHostPolicy();
  if (list.isPending || (list.isError && list.error instanceof ApiError && list.error.status === 404)) return null;
  const name = serverName(host);
  const apply = (target: string, next: HostPolicy | null) =>
    change.mutate(
      { host: target, policy: next },
      {
        onSuccess: () => {
          toast.success(t(next ? `servers.${next}.done` : 'servers.federating', { host: target }));
          if (next) setHost('');
        },
        onError: (cause) => toast.error(errorText(cause, t('failed'))),
      },
    );
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="font-display text-xl font-semibold text-ink">
        {t('servers.title')}
      </h2>
      <p className="text-sm text-ink-muted">{t('servers.description')}</p>
      <form
        className="flex flex-col gap-3"
        aria-label={t('servers.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          if (name) apply(name, policy);
        }}
      >
        <TextField
          id={`${id}-host`}
          label={t('servers.host')}
          placeholder="example.com"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={host}
          maxLength={300}
          onValueChange={setHost}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('servers.policy')}</legend>
          {POLICIES.map((choice) => (
            <label key={choice} className="flex items-start gap-3 text-sm text-ink">
              <input
                type="radio"
                name={`${id}-policy`}
                className="mt-0.5 size-4 accent-[var(--color-accent)]"
                checked={policy === choice}
                onChange={() => setPolicy(choice)}
              />
              <span>
                <span className="font-medium">{t(`servers.${choice}.label`)}</span>
                <span className="block text-ink-muted">{t(`servers.${choice}.hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" className="self-start" disabled={!name || change.isPending}>
          {t(`servers.${policy}.action`)}
        </Button>
      </form>
      {list.isError ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.hosts.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('servers.empty')}</p>
      ) : (
        <ul aria-label={t('servers.listLabel')} className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {list.data.hosts.map((entry) => (
            <li key={entry.host} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <span className="min-w-0 flex-1 font-medium text-ink [overflow-wrap:anywhere]">{entry.host}</span>
              <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-ink-muted">{t(`servers.${entry.policy}.label`)}</span>
              <span className="text-ink-muted">{t('servers.since', { date: formatDate(entry.createdAt) })}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={change.isPending}
                aria-label={t('servers.federate', { host: entry.host })}
                onClick={() => apply(entry.host, null)}
              >
                {t('servers.federateShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FederatedDeliveries />
    </section>
  );
}

/**
 * Admins: what this site is sending to each server: deliveries waiting their turn, held back after the server failed
 * (the wait doubles with each failure in a row), and failed for good after every try, with the last error and a way
 * to try them again.
 */
function FederatedDeliveries() {
  const { t } = useTranslation('moderation');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const id = useId();
  const list = useQuery(federatedDeliveriesQueryOptions);
  const retry = useRetryDeliveries();
  if (list.isPending || list.isError) return null;
  return (
    <section aria-labelledby={`${id}-deliveries`} className="flex flex-col gap-3">
      <h3 id={`${id}-deliveries`} className="font-display text-lg font-semibold text-ink">
        {t('servers.deliveries.title')}
      </h3>
      <p className="text-sm text-ink-muted">{t('servers.deliveries.description')}</p>
      {list.data.servers.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('servers.deliveries.empty')}</p>
      ) : (
        <ul aria-label={t('servers.deliveries.listLabel')} className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {list.data.servers.map((entry) => (
            <li key={entry.host} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <span className="min-w-0 flex-1 font-medium text-ink [overflow-wrap:anywhere]">{entry.host}</span>
              <span className="text-ink-muted">{t('servers.deliveries.counts', entry)}</span>
              {entry.failed > 0 ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retry.isPending}
                  aria-label={t('servers.deliveries.retryLabel', { host: entry.host })}
                  onClick={() =>
                    retry.mutate(entry.host, {
                      onSuccess: () => toast.success(t('servers.deliveries.retried', { host: entry.host })),
                      onError: (cause) => toast.error(errorText(cause, t('failed'))),
                    })
                  }
                >
                  {t('servers.deliveries.retry')}
                </Button>
              ) : null}
              {entry.lastError ? (
                <p className="basis-full text-xs text-ink-muted [overflow-wrap:anywhere]">
                  {t('servers.deliveries.lastError', {
                    error: entry.lastError,
                    date: entry.lastFailedAt ? formatDate(entry.lastFailedAt) : '',
                  })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
