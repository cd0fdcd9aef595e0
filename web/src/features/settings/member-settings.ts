import { memberSettingsEndpoints, type MemberSettingsPatch } from '@hearsay/contracts/notifications';
import type { MemberSettings } from '@hearsay/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';

export const memberSettingsQueryOptions = endpointQuery(memberSettingsEndpoints.settings, {});

/** The settings with a change applied, as the server will store them. */
export function withChange(settings: MemberSettings, patch: MemberSettingsPatch): MemberSettings {
  return {
    notifications: {
      email: { ...settings.notifications.email, ...patch.notifications?.email },
      push: patch.notifications?.push ?? settings.notifications.push,
      about: { ...settings.notifications.about, ...patch.notifications?.about },
    },
    messages: { allowFrom: patch.messages?.allowFrom ?? settings.messages.allowFrom },
  };
}

/** Saves one change, showing it at once; the server's answer (all the settings) replaces it, a failure undoes it. */
export function useUpdateMemberSettings() {
  const queryClient = useQueryClient();
  const key = memberSettingsQueryOptions.queryKey;
  return useMutation({
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
