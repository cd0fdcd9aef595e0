import type { MemberSettingsPatch } from '@hearsay/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';
import { memberSettingsEndpoints } from '../../shared/lib/endpoints.ts';
import { toast } from '../../shared/lib/toast.ts';

const settingsEndpoint = memberSettingsEndpoints.settings;
const updateEndpoint = memberSettingsEndpoints.updateSettings;

export const memberSettingsQueryOptions = endpointQuery(settingsEndpoint, {});

/**
 * Saves one change, showing it at once; the server's answer (all the settings) replaces it, a failure undoes it.
 * Changes go one after another, in the order they were made: two sent together could reach the server in either
 * order, and the answer to the earlier one would undo the later one on screen (a language picked while the account's
 * first language was being saved came back as the old one).
 */
export function useUpdateMemberSettings() {
  const queryClient = useQueryClient();
  const key = memberSettingsQueryOptions.queryKey;
  return useMutation({
    scope: { id: 'member-settings' },
    mutationFn: (patch: MemberSettingsPatch) => call(updateEndpoint, { body: patch }),
    onMutate: async (patch) => {
      const [{ applySettingsPatch }] = await Promise.all([
        import('@hearsay/contracts/settings'),
        queryClient.cancelQueries({ queryKey: key }),
      ]);
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, applySettingsPatch(before, patch));
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}

/**
 * Saves changes one at a time, in the order they were made, saying so in a toast unless `quiet` (the hook's, or one
 * call's). Controls stay usable while one saves: a quick second click queues behind the first rather than being lost.
 * `unsaved` is every change on its way, oldest first, for controls that show them in the same render as the click (see
 * useSave in member-settings-controls.tsx). Each call resolves with whether its change was saved.
 */
export function useSaveSettings({ quiet = false }: { quiet?: boolean } = {}): {
  save: (patch: MemberSettingsPatch, options?: { quiet?: boolean }) => Promise<boolean>;
  unsaved: readonly MemberSettingsPatch[];
} {
  // Used by the app shell (the footer's language picker): its strings are needed only once a save answers.
  const { t, i18n } = useTranslation('settings', { useSuspense: false });
  const update = useUpdateMemberSettings();
  const [unsaved, setUnsaved] = useState<readonly MemberSettingsPatch[]>([]);
  return {
    unsaved,
    save: (patch, options) => {
      setUnsaved((changes) => [...changes, patch]);
      // Its own promise, not mutate's callbacks: those run for the newest call only, and every change needs its own.
      return update
        .mutateAsync(patch)
        .then(
          () => {
            if (!(options?.quiet ?? quiet)) toast.success(t('changeSaved'));
            return true;
          },
          async (cause: unknown) => {
            // The shell starts without the words of errors' code: they are fetched with the first error.
            const { errorTextWith } = await import('../../shared/i18n/error-text.ts');
            toast.error(errorTextWith(i18n.getFixedT(null, 'errors'))(cause, t('failed')));
            return false;
          },
        )
        .finally(() => setUnsaved((changes) => changes.filter((change) => change !== patch)));
    },
  };
}
