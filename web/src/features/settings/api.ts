import type { ChangeEmailBody, ChangeUsernameBody } from '@hearsay/contracts/accounts';
import type { FollowRequest, ProfileVisibility } from '@hearsay/contracts/profiles';
import type { ChangePasswordBody, DeleteAccountBody, ProviderId, SignOutOthersBody } from '@hearsay/contracts/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DELETED_FLAG } from '../../shared/auth/session.ts';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import {
  accessTokensEndpoints,
  accountsEndpoints,
  blocksEndpoints,
  federationEndpoints,
  profilesEndpoints,
  securityEndpoints,
} from '../../shared/lib/endpoints.ts';
import { refreshAnswersShowing } from '../../shared/lib/refresh.ts';

/** Who sees your profile. */
export const visibilityQueryOptions = endpointQuery(profilesEndpoints.visibility, {});

/** Saving who sees your profile changes what your profile shows and whether follows wait for you. */
export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visibility: ProfileVisibility) => call(profilesEndpoints.setVisibility, { body: { visibility } }),
    onSuccess: (state) => {
      queryClient.setQueryData(visibilityQueryOptions.queryKey, state);
      return Promise.all(
        [profilesEndpoints.profile, profilesEndpoints.followRequests].map((declaration) =>
          queryClient.invalidateQueries({ queryKey: endpointKey(declaration) }),
        ),
      );
    },
  });
}

export const followRequestsQueryOptions = (page: number, limit: number) =>
  endpointQuery(profilesEndpoints.followRequests, { query: { page, limit } });

/** Approving or declining a follow request is a follow (or not): every answer showing follows refreshes. */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, approve }: { request: FollowRequest; approve: boolean }) =>
      call(approve ? profilesEndpoints.approveFollowRequest : profilesEndpoints.declineFollowRequest, {
        params: { username: request.person.username },
      }),
    onSuccess: () => refreshAnswersShowing(queryClient, ['follows']),
  });
}

/** People of other sites asking to follow you (a 404 `federation_off` when this site does not federate). */
export const remoteFollowRequestsQueryOptions = endpointQuery(federationEndpoints.requests, {});

/**
 * Accepting or declining a request from a person of another site (their site is told); the answer is the requests
 * still waiting, written as the list's answer. Follower counts here count only this site's people: nothing else changes.
 */
export function useAnswerRemoteFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, accept }: { personId: string; accept: boolean }) =>
      call(federationEndpoints.answerRequest, { params: { personId }, body: { accept } }),
    onSuccess: (answer) => queryClient.setQueryData(remoteFollowRequestsQueryOptions.queryKey, answer),
  });
}

/** The people of other sites you blocked (none when this site does not federate). */
export const remoteBlockedQueryOptions = endpointQuery(federationEndpoints.blocked, {});

/** Unblocks a person of another site; what a block hid comes back everywhere, so everything shown is fetched again. */
export function useRemoteUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: string) => call(federationEndpoints.unblock, { params: { personId } }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** The people you blocked or muted. */
export const blockedPeopleQueryOptions = (kind: 'blocked' | 'muted', page: number, limit: number) =>
  endpointQuery(blocksEndpoints[kind], { query: { page, limit } });

export const securityQueryOptions = endpointQuery(securityEndpoints.overview, {});

/**
 * A settings change: refresh the security overview (and the session, whose cookie may have been renewed), and the
 * access tokens when the change may have revoked them.
 */
function useSettingsMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>, { tokens = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: endpointKey(securityEndpoints.overview) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(accountsEndpoints.me) });
      if (tokens) await queryClient.invalidateQueries({ queryKey: endpointKey(accessTokensEndpoints.list) });
    },
  });
}

export const useChangePassword = () =>
  useSettingsMutation((body: ChangePasswordBody) => call(securityEndpoints.changePassword, { body }), { tokens: true });

export const useEnableTwoFactor = () =>
  useMutation({ mutationFn: (password: string) => call(securityEndpoints.enableTwoFactor, { body: { password } }) });

export const useConfirmTwoFactor = () =>
  useSettingsMutation((code: string) => call(securityEndpoints.confirmTwoFactor, { body: { code } }));

export const useDisableTwoFactor = () =>
  useSettingsMutation((password: string) => call(securityEndpoints.disableTwoFactor, { body: { password } }));

export const useNewBackupCodes = () =>
  useSettingsMutation((password: string) => call(securityEndpoints.newBackupCodes, { body: { password } }));

export const useRevokeSession = () =>
  useSettingsMutation((sessionId: string) => call(securityEndpoints.revokeSession, { params: { sessionId } }));

export const useSignOutOthers = () =>
  useSettingsMutation((body: SignOutOthersBody) => call(securityEndpoints.signOutOthers, { body }), { tokens: true });

export const useDisconnect = () =>
  useSettingsMutation((provider: ProviderId) => call(securityEndpoints.disconnectAccount, { params: { provider } }));

/** Name and bio go through the profile endpoint of spec §7; the session is refetched so the header shows the new name. */
export const useSaveProfile = () =>
  useSettingsMutation((body: { name: string; bio: string }) => call(accountsEndpoints.updateProfile, { body }));

export const useUploadAvatar = () =>
  useSettingsMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call(accountsEndpoints.uploadAvatar, { body: form });
  });

export const useRemoveAvatar = () => useSettingsMutation(() => call(accountsEndpoints.removeAvatar, {}));

/**
 * After the account is gone the whole app starts again from the home page (a full load), so nothing cached for
 * the person survives in memory and no private screen can react to the signed-out state first.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => call(securityEndpoints.deleteAccount, { body }),
    onSuccess: () => {
      sessionStorage.setItem(ACCOUNT_DELETED_FLAG, '1');
      window.location.replace('/');
    },
  });
}

/** A new username: the session (header, profile link) shows it at once. */
export const useChangeUsername = () => useSettingsMutation((body: ChangeUsernameBody) => call(accountsEndpoints.changeUsername, { body }));

/** Asks for a new e-mail address; nothing changes until the link mailed to it is opened. */
export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (body: ChangeEmailBody) => call(accountsEndpoints.changeEmail, { body }) });

/** Opens the link from the e-mail: the address changes, and the session (if this browser has one) shows it. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(accountsEndpoints.confirmEmail, { body: { token } }),
    onSuccess: async () => {
      // The page sends the token on arrival, while the session may still be loading for the first time: that request
      // can answer with the old address, and invalidating a query with no data yet only waits for it. Cancelled
      // first, the session is asked again after the change.
      const queryKey = endpointKey(accountsEndpoints.me);
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
