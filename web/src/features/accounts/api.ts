import {
  MeSchema,
  OkSchema,
  SignInResultSchema,
  type RegisterBody,
  type ResetPasswordBody,
  type SignInBody,
  type TwoFactorChallengeBody,
} from '@hearsay/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { api } from '../../shared/lib/api-client.ts';

const UserSchema = MeSchema;

/** Signing in or up answers with the person; the session cache is filled at once so the header updates. */
function useSessionMutation<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api(path, { method: 'POST', body, schema: UserSchema }),
    onSuccess: (data) => queryClient.setQueryData(sessionQueryOptions.queryKey, data),
  });
}

/** Sign-in answers with the person, or asks for the second factor (no session yet). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => api('/api/auth/sign-in', { method: 'POST', body, schema: SignInResultSchema }),
    onSuccess: (data) => {
      if ('user' in data) queryClient.setQueryData(sessionQueryOptions.queryKey, data);
    },
  });
}

export const useTwoFactorSignIn = () => useSessionMutation<TwoFactorChallengeBody>('/api/auth/two-factor');
export const useRegister = () => useSessionMutation<RegisterBody>('/api/auth/register');

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => api('/api/auth/forgot-password', { method: 'POST', body: { email }, schema: OkSchema }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => api('/api/auth/reset-password', { method: 'POST', body, schema: OkSchema }) });

/** Only same-site paths are followed after sign-in (never another origin, never "//host"). */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
