import type { CreateTokenBody } from '@hearsay/contracts/access-tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { accessTokensEndpoints } from '../../shared/lib/endpoints.ts';

export const accessTokensQueryOptions = endpointQuery(accessTokensEndpoints.list, {});

function useTokensMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(accessTokensEndpoints.list) }),
  });
}

export const useCreateToken = () => useTokensMutation((body: CreateTokenBody) => call(accessTokensEndpoints.create, { body }));

export const useRevokeToken = () => useTokensMutation((tokenId: string) => call(accessTokensEndpoints.revoke, { params: { tokenId } }));

/** Tokens that still work (not expired): what a password change or "sign out of all other devices" offers to revoke. */
export function useWorkingTokenCount(): number {
  const tokens = useQuery(accessTokensQueryOptions);
  return tokens.data?.tokens.filter((token) => !token.expired).length ?? 0;
}
