import type { MemberSettingsPatch } from '@hearsay/contracts/settings';
import type { MemberSettings, MessagePolicy } from '@hearsay/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../shared/lib/api-client.ts';
import { cn } from '../../shared/lib/cn.ts';
import { ErrorState, Spinner } from '../../shared/ui/skeleton.tsx';
import { memberSettingsQueryOptions, useUpdateMemberSettings, withChange } from './member-settings.ts';
import { SettingsSection } from './settings-section.tsx';

type Save = (patch: MemberSettingsPatch) => void;

/**
 * Saves one change at a time. The control shows the change in the same render as the click
 * (`shown`), not a tick later when the query cache catches up, so a controlled checkbox or
 * radio never flips back for a moment.
 */
function useSave(): { save: Save; pending: boolean; shown: (settings: MemberSettings) => MemberSettings } {
  const { t } = useTranslation('settings');
  const update = useUpdateMemberSettings();
  const [unsaved, setUnsaved] = useState<MemberSettingsPatch | null>(null);
  return {
    pending: update.isPending,
    shown: (settings) => (unsaved ? withChange(settings, unsaved) : settings),
    save: (patch) => {
      setUnsaved(patch);
      update.mutate(patch, {
        onSuccess: () => toast.success(t('notifications.saved')),
        onError: (cause) => toast.error(cause instanceof ApiError ? cause.message : t('failed')),
        onSettled: () => setUnsaved(null),
      });
    },
  };
}

/** A switch that saves as soon as it is flipped. */
function Toggle({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <span className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          {label}
        </label>
        {hint ? (
          <span id={`${id}-hint`} className="mt-0.5 block text-sm text-ink-muted">
            {hint}
          </span>
        ) : null}
      </span>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60',
          checked ? 'bg-accent' : 'bg-surface-3',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

function useMemberSettings() {
  return useQuery(memberSettingsQueryOptions);
}

function Loaded({ children }: { children: (settings: MemberSettings) => React.ReactNode }) {
  const { t } = useTranslation('settings');
  const query = useMemberSettings();
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState title={t('loadFailed')} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

const ABOUT = ['newFollowers', 'reviewComments', 'mentions', 'recommendations'] as const;

/** Settings → Notifications (spec §2): e-mail toggles, the push toggle, and the kinds of news wanted, each saved on change. */
export function NotificationsTab() {
  const { t } = useTranslation('settings');
  const { save, pending, shown } = useSave();
  return (
    <Loaded>
      {(settings) => {
        const { notifications } = shown(settings);
        return (
          <div className="flex flex-col gap-6">
            <SettingsSection
              id="notifications-email"
              title={t('notifications.email.title')}
              description={t('notifications.email.description')}
            >
              <div className="divide-y divide-line">
                <Toggle
                  label={t('notifications.email.newFollowers')}
                  hint={t('notifications.email.newFollowersHint')}
                  checked={notifications.email.newFollowers}
                  disabled={pending}
                  onChange={(on) => save({ notifications: { email: { newFollowers: on } } })}
                />
                <Toggle
                  label={t('notifications.email.weeklyDigest')}
                  hint={t('notifications.email.weeklyDigestHint')}
                  checked={notifications.email.weeklyDigest}
                  disabled={pending}
                  onChange={(on) => save({ notifications: { email: { weeklyDigest: on } } })}
                />
              </div>
            </SettingsSection>
            <SettingsSection id="notifications-push" title={t('notifications.push.title')}>
              <Toggle
                label={t('notifications.push.label')}
                hint={t('notifications.push.notAvailable')}
                checked={notifications.push}
                disabled={pending}
                onChange={(on) => save({ notifications: { push: on } })}
              />
            </SettingsSection>
            <SettingsSection
              id="notifications-about"
              title={t('notifications.about.title')}
              description={t('notifications.about.description')}
            >
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">{t('notifications.about.title')}</legend>
                {ABOUT.map((key) => (
                  <label key={key} className="flex items-center gap-3 text-sm text-ink">
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--color-accent)]"
                      checked={notifications.about[key]}
                      disabled={pending}
                      onChange={(event) => save({ notifications: { about: { [key]: event.target.checked } } })}
                    />
                    {t(`notifications.about.${key}`)}
                  </label>
                ))}
              </fieldset>
            </SettingsSection>
          </div>
        );
      }}
    </Loaded>
  );
}

const POLICIES: readonly MessagePolicy[] = ['everyone', 'connections', 'nobody'];

/** Privacy → Direct messages: who may start a conversation with you. */
export function MessagePrivacySection() {
  const { t } = useTranslation('settings');
  const { save, pending, shown } = useSave();
  return (
    <Loaded>
      {(settings) => {
        const { messages } = shown(settings);
        return (
          <SettingsSection id="privacy-messages" title={t('messagesPrivacy.title')} description={t('messagesPrivacy.description')}>
            <fieldset className="flex flex-col gap-3">
              <legend className="sr-only">{t('messagesPrivacy.title')}</legend>
              {POLICIES.map((policy) => (
                <label key={policy} className="flex items-center gap-3 text-sm text-ink">
                  <input
                    type="radio"
                    name="messages-allow-from"
                    className="size-4 accent-[var(--color-accent)]"
                    checked={messages.allowFrom === policy}
                    disabled={pending}
                    onChange={() => save({ messages: { allowFrom: policy } })}
                  />
                  {t(`messagesPrivacy.${policy}`)}
                </label>
              ))}
            </fieldset>
          </SettingsSection>
        );
      }}
    </Loaded>
  );
}
