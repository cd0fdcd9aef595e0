import { OkSchema } from '@hearsay/contracts/accounts';
import {
  BackupCodesSchema,
  SecurityOverviewSchema,
  TwoFactorEnrolmentSchema,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type ProviderId,
} from '@hearsay/contracts/security';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ACCOUNT_DELETED_FLAG, sessionQueryOptions } from '../../shared/auth/session.ts';
import { api } from '../../shared/lib/api-client.ts';

export const securityQueryOptions = queryOptions({
  queryKey: ['me', 'security'],
  queryFn: ({ signal }) => api('/api/me/security', { schema: SecurityOverviewSchema, signal }),
});

/** A settings change: refresh the security overview (and the session, whose cookie may have been renewed). */
function useSettingsMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: securityQueryOptions.queryKey });
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}

export const useChangePassword = () =>
  useSettingsMutation((body: ChangePasswordBody) => api('/api/me/password', { method: 'POST', body, schema: OkSchema }));

export const useEnableTwoFactor = () =>
  useMutation({
    mutationFn: (password: string) =>
      api('/api/me/two-factor/enable', { method: 'POST', body: { password }, schema: TwoFactorEnrolmentSchema }),
  });

export const useConfirmTwoFactor = () =>
  useSettingsMutation((code: string) => api('/api/me/two-factor/confirm', { method: 'POST', body: { code }, schema: OkSchema }));

export const useDisableTwoFactor = () =>
  useSettingsMutation((password: string) => api('/api/me/two-factor/disable', { method: 'POST', body: { password }, schema: OkSchema }));

export const useNewBackupCodes = () =>
  useSettingsMutation((password: string) =>
    api('/api/me/two-factor/backup-codes', { method: 'POST', body: { password }, schema: BackupCodesSchema }),
  );

export const useRevokeSession = () =>
  useSettingsMutation((sessionId: string) =>
    api(`/api/me/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE', schema: OkSchema }),
  );

export const useSignOutOthers = () =>
  useSettingsMutation(() => api('/api/me/sessions/sign-out-others', { method: 'POST', body: {}, schema: z.object({ ended: z.number() }) }));

export const useDisconnect = () =>
  useSettingsMutation((provider: ProviderId) => api(`/api/me/connected-accounts/${provider}`, { method: 'DELETE', schema: OkSchema }));

/** Name and bio go through the profile endpoint of spec §7; the session is refetched so the header shows the new name. */
export const useSaveProfile = () =>
  useSettingsMutation((body: { name: string; bio: string }) => api('/api/auth/profile', { method: 'PUT', body, schema: z.unknown() }));

const AvatarSchema = z.object({ avatarUrl: z.string().nullable() });

export const useUploadAvatar = () =>
  useSettingsMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api('/api/me/avatar', { method: 'POST', body: form, schema: AvatarSchema });
  });

export const useRemoveAvatar = () => useSettingsMutation(() => api('/api/me/avatar', { method: 'DELETE', schema: AvatarSchema }));

/**
 * After the account is gone the whole app starts again from the home page (a full load), so nothing cached for
 * the person survives in memory and no private screen can react to the signed-out state first.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api('/api/me', { method: 'DELETE', body, schema: OkSchema }),
    onSuccess: () => {
      sessionStorage.setItem(ACCOUNT_DELETED_FLAG, '1');
      window.location.replace('/');
    },
  });
}
