import { applySettingsPatch, type MemberSettings, type MemberSettingsPatch } from '@hearsay/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../shared/lib/cn.ts';
import { ErrorState, Spinner } from '../../shared/ui/skeleton.tsx';
import { memberSettingsQueryOptions, useSaveSettings } from './member-settings.ts';

/** The controls of the member settings (Notifications, Privacy): each change saves at once. */

/** The settings with one change applied, as the server applies it. */
export const withChange = applySettingsPatch;

/**
 * Saves changes one at a time. The control shows every change on its way in the same render as the click (`shown`),
 * not a tick later when the query cache catches up, so a controlled checkbox or radio never flips back for a moment.
 */
export function useSave({ quiet = false }: { quiet?: boolean } = {}): {
  save: (patch: MemberSettingsPatch) => void;
  shown: (settings: MemberSettings) => MemberSettings;
} {
  const { save, unsaved } = useSaveSettings({ quiet });
  return { save, shown: (settings) => unsaved.reduce(withChange, settings) };
}

/** A switch that saves as soon as it is flipped. */
export function Toggle({
  label,
  hint,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
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
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-50',
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

export function Loaded({ children }: { children: (settings: MemberSettings) => React.ReactNode }) {
  const { t } = useTranslation('settings');
  const query = useMemberSettings();
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState title={t('loadFailed')} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
