import { TOKEN_EXPIRIES, TOKEN_NAME_MAX, type CreatedToken, type TokenExpiry } from '@hearsay/contracts/access-tokens';
import type { ListeningStatus } from '@hearsay/contracts/listening';
import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound, Radio } from 'lucide-react';
import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatNumber } from '../../shared/i18n/index.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { useTimeAgo } from '../../shared/hooks/use-format-date.ts';
import { Button, FormButtons, SubmitButton } from '../../shared/ui/button.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { Field, NativeSelect, TextField } from '../../shared/ui/input.tsx';
import { ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { useCreateToken } from './access-tokens-api.ts';
import { EXPIRY_LABELS, TokenSecret } from './access-tokens-section.tsx';
import { securityQueryOptions } from './api.ts';
import { CurrentPasswordField } from './current-password-field.tsx';
import { listeningStatusQueryOptions } from './listening-api.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * Settings → Listening: the addresses and a token to paste into a music player, how to do it in two common players,
 * and a line that says, by itself, whether listens arrive. `forwarding`: the section that sends listens on elsewhere,
 * which belongs to the listening feature (the app composes it in).
 */
export function ListeningTab({ forwarding: Forwarding }: { forwarding?: ComponentType }) {
  const { t } = useTranslation('listening');
  const status = useQuery(listeningStatusQueryOptions);
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection id="listening-status" title={t('status.title')} description={t('status.description')}>
        {status.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : status.isError && !status.data ? (
          <ErrorState title={t('status.loadFailed')} onRetry={() => void status.refetch()} />
        ) : (
          <StatusLines status={status.data} />
        )}
      </SettingsSection>
      <SettingsSection id="listening-connect" title={t('connect.title')} description={t('connect.description')}>
        <div className="flex flex-col gap-6">
          <ListensTokenStep />
          {status.data ? <PlayerSteps status={status.data} /> : <Skeleton className="h-40 w-full" />}
        </div>
      </SettingsSection>
      {Forwarding ? <Forwarding /> : null}
    </div>
  );
}

function StatusLines({ status }: { status: ListeningStatus }) {
  const { t } = useTranslation('listening');
  const ago = useTimeAgo();
  const { lastListen, nowPlaying } = status;
  const track = (played: { artistName: string; trackName: string }) =>
    t('status.track', { artist: played.artistName, track: played.trackName });
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p role="status" aria-live="polite" className="flex items-start gap-2 text-ink">
        <span aria-hidden className={`mt-1.5 size-2 shrink-0 rounded-full ${lastListen ? 'bg-accent' : 'bg-ink-muted'}`} />
        <span className="min-w-0 break-words">
          {lastListen
            ? lastListen.client
              ? t('status.lastFrom', { ago: ago(lastListen.at), client: lastListen.client, track: track(lastListen) })
              : t('status.last', { ago: ago(lastListen.at), track: track(lastListen) })
            : t('status.none')}
        </span>
      </p>
      {nowPlaying ? (
        <p className="flex items-start gap-2 text-ink">
          <Radio aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span className="min-w-0 break-words">
            {nowPlaying.client
              ? t('status.nowPlayingFrom', { track: track(nowPlaying), client: nowPlaying.client })
              : t('status.nowPlaying', { track: track(nowPlaying) })}
          </span>
        </p>
      ) : null}
      <p className="text-ink-muted">
        {t(status.counts.capped ? 'status.countsCapped' : 'status.counts', {
          count: status.counts.total,
          recent: formatNumber(status.counts.last24Hours),
        })}
      </p>
    </div>
  );
}

/** Step one: a token that can only send listens, made here with the current password and shown once. */
function ListensTokenStep() {
  const { t } = useTranslation(['listening', 'developers', 'settings']);
  const errorText = useErrorText();
  const create = useCreateToken();
  // People who sign in only through a provider have no password; a recent sign-in confirms it is them instead.
  const hasPassword = useQuery(securityQueryOptions).data?.hasPassword ?? true;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(() => t('token.defaultName'));
  // A player that stops sending when its token expires fails quietly: no expiry by default, and the token can do nothing else.
  const [expiresIn, setExpiresIn] = useState<TokenExpiry>('never');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('developers:tokens.nameRequired'));
    if (hasPassword && !password) return setError(t('settings:security.passwordRequired'));
    setError(null);
    create.mutate(
      { name: name.trim(), scopes: ['listens:write'], expiresIn, ...(hasPassword ? { password } : {}) },
      {
        onSuccess: (token) => {
          setCreated(token);
          setOpen(false);
          setPassword('');
        },
        onError: (cause) => setError(errorText(cause, t('developers:tokens.failed'))),
      },
    );
  };

  return (
    <div>
      <h3 className="font-medium text-ink">{t('token.title')}</h3>
      <p className="mt-1 text-sm text-ink-muted">{t('token.description')}</p>
      {created ? (
        <div className="mt-4 rounded-xl border border-line p-4">
          <p className="mb-3 text-sm font-medium text-ink">{t('token.created')}</p>
          <TokenSecret secret={created.secret} id="listens-token-secret">
            <Button variant="ghost" onClick={() => setCreated(null)}>
              {t('developers:tokens.done')}
            </Button>
          </TokenSecret>
        </div>
      ) : open ? (
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4 rounded-xl border border-line p-4">
          <FormMessage error={error} />
          <TextField
            id="listens-token-name"
            label={t('developers:tokens.name')}
            maxLength={TOKEN_NAME_MAX}
            value={name}
            onValueChange={setName}
            autoComplete="off"
          />
          <Field id="listens-token-expiry" label={t('developers:tokens.expiry')}>
            <NativeSelect id="listens-token-expiry" value={expiresIn} onChange={(event) => setExpiresIn(event.target.value as TokenExpiry)}>
              {TOKEN_EXPIRIES.map((expiry) => (
                <option key={expiry} value={expiry}>
                  {t(`developers:tokens.${EXPIRY_LABELS[expiry]}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {hasPassword ? (
            <CurrentPasswordField id="listens-token-password" value={password} onValueChange={setPassword} />
          ) : (
            <p className="text-sm text-ink-muted">{t('settings:accountChanges.noPassword')}</p>
          )}
          <FormButtons cancelLabel={t('developers:tokens.cancel')} onCancel={() => setOpen(false)}>
            <SubmitButton pending={create.isPending} pendingLabel={t('developers:tokens.creating')}>
              {t('token.create')}
            </SubmitButton>
          </FormButtons>
        </form>
      ) : (
        <Button variant="outline" className="mt-3" onClick={() => setOpen(true)}>
          <KeyRound aria-hidden />
          {t('token.create')}
        </Button>
      )}
    </div>
  );
}

/** An address to paste, with a button that copies it. */
function CopyableAddress({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('listening');
  return (
    <span className="mt-1 flex min-w-0 items-center gap-2">
      <code className="min-w-0 flex-1 break-all rounded-lg bg-surface-2 px-2 py-1 font-mono text-xs text-ink">{value}</code>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('copyAddress', { label })}
        onClick={() =>
          void navigator.clipboard.writeText(value).then(
            () => toast.success(t('copied')),
            () => toast.error(t('copyFailed')),
          )
        }
      >
        <Copy aria-hidden />
      </Button>
    </span>
  );
}

function Steps({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="font-medium text-ink">
        {title}
      </h4>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-ink">{children}</ol>
    </section>
  );
}

const strong = { strong: <strong className="font-medium" /> };

/** Step two: where each player wants the address, as each asks for it (verified against the players' own code). */
function PlayerSteps({ status }: { status: ListeningStatus }) {
  const { t } = useTranslation('listening');
  return (
    <div className="flex flex-col gap-5">
      <h3 className="font-medium text-ink">{t('players.title')}</h3>
      <Steps id="steps-web-scrobbler" title={t('players.webScrobbler.title')}>
        <li>
          <Trans t={t} i18nKey="players.webScrobbler.open" components={strong} />
        </li>
        <li>
          <Trans t={t} i18nKey="players.webScrobbler.local" components={strong} />
        </li>
        <li>
          <Trans t={t} i18nKey="players.webScrobbler.url" components={strong} />
          <CopyableAddress label={t('players.webScrobbler.urlLabel')} value={status.submitUrl} />
        </li>
        <li>
          <Trans t={t} i18nKey="players.webScrobbler.token" components={strong} />
        </li>
      </Steps>
      <Steps id="steps-pano-scrobbler" title={t('players.pano.title')}>
        <li>
          <Trans t={t} i18nKey="players.pano.open" components={strong} />
        </li>
        <li>
          <Trans t={t} i18nKey="players.pano.url" components={strong} />
          <CopyableAddress label={t('players.pano.urlLabel')} value={status.siteUrl} />
        </li>
        <li>
          <Trans t={t} i18nKey="players.pano.token" components={strong} />
        </li>
      </Steps>
      <div className="text-sm text-ink">
        <h4 className="font-medium">{t('players.other.title')}</h4>
        <p className="mt-1 text-ink-muted">{t('players.other.description')}</p>
        <CopyableAddress label={t('players.other.urlLabel')} value={status.apiRoot} />
        <p className="mt-2 text-ink-muted">
          <Trans t={t} i18nKey="players.other.navidrome" components={{ code: <code className="font-mono text-xs" /> }} />
        </p>
      </div>
    </div>
  );
}
