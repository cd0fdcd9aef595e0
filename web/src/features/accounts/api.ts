import type { RegisterBody, ResetPasswordBody, SignedInUser, SignInBody, TwoFactorChallengeBody } from '@hearsay/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { call } from '../../shared/lib/api-client.ts';
import { accountsEndpoints } from '../../shared/lib/endpoints.ts';

/** Signing in or up answers with the person; the session cache is filled at once so the header updates. */
function useSessionMutation<T>(send: (body: T) => Promise<SignedInUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => queryClient.setQueryData(sessionQueryOptions.queryKey, data),
  });
}

/** Sign-in answers with the person, or asks for the second factor (no session yet). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => call(accountsEndpoints.signIn, { body }),
    onSuccess: (data) => {
      if ('user' in data) queryClient.setQueryData(sessionQueryOptions.queryKey, data);
    },
  });
}

export const useTwoFactorSignIn = () => useSessionMutation((body: TwoFactorChallengeBody) => call(accountsEndpoints.twoFactor, { body }));
export const useRegister = () => useSessionMutation((body: RegisterBody) => call(accountsEndpoints.register, { body }));

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => call(accountsEndpoints.forgotPassword, { body: { email } }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => call(accountsEndpoints.resetPassword, { body }) });

/** Only same-site paths are followed after sign-in (never another origin, never "//host"). */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
