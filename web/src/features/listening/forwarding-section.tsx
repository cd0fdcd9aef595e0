import type { ForwardingConnection } from '@hearsay/contracts/listenbrainz-forwarding';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Radio } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { formatNumber } from '../../shared/i18n/index.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Button, SubmitButton } from '../../shared/ui/button.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { Checkbox, TextField } from '../../shared/ui/input.tsx';
import { ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { forwardingQueryOptions, useConnectForwarding, useStopForwarding } from './forwarding-api.ts';

const DEFAULT_API_ROOT = 'https://api.listenbrainz.org';
/** What went wrong last, as the server names it, and the words for it (others read as a failure to reach the server). */
const ERROR_WORDS: Record<string, string> = {
  token_refused: 'errors.tokenRefused',
  token_unreadable: 'errors.tokenUnreadable',
  address_refused: 'errors.addressRefused',
  rate_limited: 'errors.rateLimited',
  listen_refused: 'errors.listenRefused',
  unreachable: 'errors.unreachable',
};

/**
 * Settings → Listening → Forward to ListenBrainz: the member's ListenBrainz token (checked when saved, never shown
 * again), whom listens from players go to, when the last went, what last went wrong, and the way to stop.
 */
export function ListenBrainzForwardingSection() {
  const { t } = useTranslation('forwarding');
  const status = useQuery(forwardingQueryOptions);
  const connection = status.data?.connection ?? null;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="listenbrainz-forwarding">
        <h2 id="listenbrainz-forwarding" className="font-display text-xl font-semibold text-ink">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t('description')}</p>
        <div className="mt-5 flex flex-col gap-5">
          {status.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : status.isError ? (
            <ErrorState title={t('loadFailed')} onRetry={() => void status.refetch()} />
          ) : (
            <>
              {connection ? <Connection connection={connection} /> : null}
              <TokenForm connected={connection !== null} apiRoot={connection?.apiRoot ?? null} />
            </>
          )}
        </div>
      </section>
    </Card>
  );
}

function Connection({ connection }: { connection: ForwardingConnection }) {
  const { t } = useTranslation('forwarding');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const stop = useStopForwarding();
  const { lastError } = connection;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-4" data-testid="listenbrainz-connection">
      <p className="flex items-center gap-2 font-medium text-ink">
        <Radio aria-hidden className="size-4 shrink-0 text-accent" />
        {connection.forwarding ? t('forwardingAs', { name: connection.userName }) : t('stoppedAs', { name: connection.userName })}
      </p>
      {connection.apiRoot !== DEFAULT_API_ROOT ? (
        <p className="text-sm text-ink-muted">{t('server', { url: connection.apiRoot })}</p>
      ) : null}
      <p className="text-sm text-ink-muted">
        {connection.lastForwardedAt
          ? t('lastForwarded', {
              date: formatDate(connection.lastForwardedAt, 'dateTime'),
              total: formatNumber(connection.forwardedCount),
            })
          : t('nothingYet')}
      </p>
      {lastError ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-danger">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {t(ERROR_WORDS[lastError.code] ?? 'errors.unreachable')}{' '}
            <span className="text-ink-muted">({formatDate(lastError.at, 'dateTime')})</span>
          </span>
        </p>
      ) : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={stop.isPending}
          onClick={() =>
            stop.mutate(undefined, {
              onSuccess: () => toast.success(t('stopped')),
              onError: (cause) => toast.error(errorText(cause, t('failed'))),
            })
          }
        >
          {t('stop')}
        </Button>
      </div>
    </div>
  );
}

function TokenForm({ connected, apiRoot }: { connected: boolean; apiRoot: string | null }) {
  const { t } = useTranslation('forwarding');
  const errorText = useErrorText();
  const connect = useConnectForwarding();
  const [token, setToken] = useState('');
  const [ownServer, setOwnServer] = useState(apiRoot !== null && apiRoot !== DEFAULT_API_ROOT);
  const [root, setRoot] = useState(apiRoot && apiRoot !== DEFAULT_API_ROOT ? apiRoot : '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return setError(t('tokenRequired'));
    setError(null);
    connect.mutate(
      { token: token.trim(), ...(ownServer && root.trim() ? { apiRoot: root.trim() } : {}) },
      {
        onSuccess: (status) => {
          setToken('');
          toast.success(t('saved', { name: status.connection?.userName ?? '' }));
        },
        onError: (cause) => setError(errorText(cause, t('failed'))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormMessage error={error} />
      <TextField
        id="listenbrainz-token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        label={connected ? t('newToken') : t('token')}
        hint={t('tokenHint')}
        maxLength={200}
        value={token}
        onValueChange={setToken}
      />
      <Checkbox label={t('ownServer')} checked={ownServer} onCheckedChange={setOwnServer} />
      {ownServer ? (
        <TextField
          id="listenbrainz-api-root"
          type="url"
          label={t('apiRoot')}
          hint={t('apiRootHint')}
          placeholder={DEFAULT_API_ROOT}
          maxLength={300}
          value={root}
          onValueChange={setRoot}
        />
      ) : null}
      <div>
        <SubmitButton pending={connect.isPending} pendingLabel={t('checking')}>
          {t('save')}
        </SubmitButton>
      </div>
    </form>
  );
}
