import type { SecurityOverview, SessionInfo } from '@hearsay/contracts/security';
import { useQuery } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Badge } from '../../shared/ui/card.tsx';
import { Button, SubmitButton } from '../../shared/ui/button.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { Checkbox } from '../../shared/ui/input.tsx';
import { NewPasswordFields, useNewPassword } from '../../shared/ui/password-input.tsx';
import { ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import {
  securityQueryOptions,
  useChangePassword,
  useDisableTwoFactor,
  useNewBackupCodes,
  useRevokeSession,
  useSignOutOthers,
} from './api.ts';
import { useWorkingTokenCount } from './access-tokens-api.ts';
import { AccessTokensSection } from './access-tokens-section.tsx';
import { BackupCodeList } from './backup-code-list.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { PasswordPrompt } from './password-prompt.tsx';
import { SettingsSection } from './settings-section.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/** Settings → Security: change password, two-factor, the sessions signed in to this account and its access tokens. */
export function SecurityTab() {
  const { t } = useTranslation('settings');
  const overview = useQuery(securityQueryOptions);
  if (overview.isPending) return <Skeleton className="h-96 w-full" />;
  if (overview.isError) return <ErrorState title={t('loadFailed')} onRetry={() => void overview.refetch()} />;
  return (
    <div className="flex flex-col gap-6">
      {overview.data.hasPassword ? (
        <ChangePassword />
      ) : (
        <SettingsSection id="change-password" title={t('security.changePassword')}>
          <p className="text-sm text-ink-muted">{t('security.noPassword')}</p>
        </SettingsSection>
      )}
      <TwoFactor overview={overview.data} />
      <Sessions sessions={overview.data.sessions} />
      <AccessTokensSection />
    </div>
  );
}

function ChangePassword() {
  const { t } = useTranslation(['settings', 'accounts']);
  const errorText = useErrorText();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const { password, confirm } = newPassword;
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const tokenCount = useWorkingTokenCount();
  const [revokeTokens, setRevokeTokens] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (!current || !password || !confirm) return setError(t('accounts:register.fillAll'));
    if (newPassword.problem) return setError(t(`accounts:register.${newPassword.problem}`));
    setError(null);
    change.mutate(
      { currentPassword: current, newPassword: password, signOutOtherDevices: true, revokeAccessTokens: revokeTokens && tokenCount > 0 },
      {
        onSuccess: () => {
          setCurrent('');
          newPassword.clear();
          setRevokeTokens(false);
          setDone(true);
        },
        onError: (cause) => setError(errorText(cause, t('failed'))),
      },
    );
  };

  return (
    <SettingsSection id="change-password" title={t('security.changePassword')} description={t('security.changePasswordHint')}>
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <FormMessage error={error} success={done ? t('security.passwordChanged') : null} />
        <CurrentPasswordField id="current-password" value={current} onValueChange={setCurrent} />
        <NewPasswordFields idPrefix="new" value={newPassword} replacing />
        {tokenCount > 0 ? (
          <Checkbox checked={revokeTokens} onCheckedChange={setRevokeTokens} label={t('security.revokeTokens', { count: tokenCount })} />
        ) : null}
        <SubmitButton className="self-start" pending={change.isPending} pendingLabel={t('security.updating')}>
          {t('security.updatePassword')}
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}

function TwoFactor({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation('settings');
  const disable = useDisableTwoFactor();
  const renew = useNewBackupCodes();
  const [setupOpen, setSetupOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);
  const [renewOpen, setRenewOpen] = useState(false);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const enabled = overview.twoFactorEnabled;

  return (
    <SettingsSection id="two-factor" title={t('twoFactor.title')} description={t('twoFactor.description')}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="font-medium text-ink">{enabled ? t('twoFactor.on') : t('twoFactor.off')}</p>
          {enabled && overview.backupCodesLeft !== null ? (
            <p className="text-sm text-ink-muted">{t('twoFactor.codesLeft', { count: overview.backupCodesLeft })}</p>
          ) : null}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-label={t('twoFactor.title')}
          disabled={!overview.hasPassword}
          onClick={() => (enabled ? setDisableOpen(true) : setSetupOpen(true))}
          className="relative h-7 w-12 shrink-0 rounded-full bg-surface-3 transition-colors aria-checked:bg-accent disabled:opacity-50"
        >
          <span
            aria-hidden
            className={`absolute top-1 size-5 rounded-full bg-white shadow transition-all ${enabled ? 'left-6' : 'left-1'}`}
          />
        </button>
      </div>
      {!overview.hasPassword ? <p className="mt-3 text-sm text-ink-muted">{t('twoFactor.needsPassword')}</p> : null}
      {enabled ? (
        <Button variant="outline" size="sm" className="mt-4" onClick={() => setRenewOpen(true)}>
          {t('twoFactor.newCodes')}
        </Button>
      ) : null}
      {freshCodes ? (
        <div className="mt-4">
          <BackupCodeList codes={freshCodes} />
        </div>
      ) : null}
      <TwoFactorSetup open={setupOpen} onOpenChange={setSetupOpen} />
      <PasswordPrompt
        open={disableOpen}
        onOpenChange={setDisableOpen}
        title={t('twoFactor.disableTitle')}
        description={t('twoFactor.disableDescription')}
        confirmLabel={t('twoFactor.disable')}
        danger
        onConfirm={async (password) => {
          await disable.mutateAsync(password);
          setFreshCodes(null);
          toast.success(t('twoFactor.disabled'));
        }}
      />
      <PasswordPrompt
        open={renewOpen}
        onOpenChange={setRenewOpen}
        title={t('twoFactor.newCodes')}
        description={t('twoFactor.newCodesDescription')}
        confirmLabel={t('twoFactor.newCodes')}
        onConfirm={async (password) => setFreshCodes((await renew.mutateAsync(password)).backupCodes)}
      />
    </SettingsSection>
  );
}

function Sessions({ sessions }: { sessions: SessionInfo[] }) {
  const { t } = useTranslation('settings');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const revoke = useRevokeSession();
  const others = useSignOutOthers();
  const when = (moment: string) => formatDate(moment, 'dateTime');
  const hasOthers = sessions.some((session) => !session.current);
  const tokenCount = useWorkingTokenCount();
  const [revokeTokens, setRevokeTokens] = useState(false);
  const revoking = revokeTokens && tokenCount > 0;

  return (
    <SettingsSection id="sessions" title={t('sessions.title')} description={t('sessions.description')}>
      <ul className="divide-y divide-line">
        {sessions.map((session) => {
          const Icon = /iPhone|Android/.test(session.device) ? Smartphone : Monitor;
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
              <Icon aria-hidden className="size-5 text-ink-muted" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">
                  {t('sessions.device', { browser: session.browser, device: session.device })}{' '}
                  {session.current ? <Badge className="ml-1">{t('sessions.current')}</Badge> : null}
                </p>
                <p className="text-sm text-ink-muted">
                  {[session.ipAddress, t('sessions.lastActive', { when: when(session.lastActiveAt) })].filter(Boolean).join(' · ')}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={t('sessions.revokeLabel', { browser: session.browser, device: session.device })}
                  onClick={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () => toast.success(t('sessions.revoked')),
                      onError: (cause) => toast.error(errorText(cause, t('failed'))),
                    })
                  }
                >
                  {t('sessions.revoke')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {tokenCount > 0 ? (
        <div className="mt-4">
          <Checkbox checked={revokeTokens} onCheckedChange={setRevokeTokens} label={t('security.revokeTokens', { count: tokenCount })} />
        </div>
      ) : null}
      <Button
        variant="outline"
        className="mt-4"
        disabled={!(hasOthers || revoking) || others.isPending}
        onClick={() =>
          others.mutate(
            { revokeAccessTokens: revoking },
            {
              onSuccess: (result) => {
                setRevokeTokens(false);
                const ended = t('sessions.othersEnded', { count: result.ended });
                toast.success(
                  result.tokensRevoked > 0 ? `${ended} ${t('sessions.tokensRevoked', { count: result.tokensRevoked })}` : ended,
                );
              },
              onError: (cause) => toast.error(errorText(cause, t('failed'))),
            },
          )
        }
      >
        {t('sessions.signOutOthers')}
      </Button>
    </SettingsSection>
  );
}
