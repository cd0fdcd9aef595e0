import { memberSettingsEndpoints } from '@hearsay/contracts/notifications';
import { applySettingsPatch, type MemberSettingsPatch } from '@hearsay/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';

export const memberSettingsQueryOptions = endpointQuery(memberSettingsEndpoints.settings, {});

/** The settings with one change applied, as the server applies it. */
export const withChange = applySettingsPatch;

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
    mutationFn: (patch: MemberSettingsPatch) => call(memberSettingsEndpoints.updateSettings, { body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, withChange(before, patch));
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
