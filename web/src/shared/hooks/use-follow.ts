import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '../lib/api-client.ts';
import { feedEndpoints, profilesEndpoints, searchEndpoints } from '../lib/endpoints.ts';

/** Every answer that shows whether the viewer follows someone, or follower counts. */
const ANSWERS_SHOWING_FOLLOWS = [
  profilesEndpoints.profile,
  profilesEndpoints.followers,
  profilesEndpoints.following,
  searchEndpoints.search,
  // Following someone changes the home feed and who is suggested beside it.
  feedEndpoints.page,
  feedEndpoints.sidebar,
];

/** Follow or unfollow; every profile, list of people and search result shown refreshes, so both people's counts change at once. */
export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, follow }: { username: string; follow: boolean }) =>
      call(follow ? profilesEndpoints.follow : profilesEndpoints.unfollow, { params: { username } }),
    onSuccess: () =>
      Promise.all(ANSWERS_SHOWING_FOLLOWS.map((declaration) => queryClient.invalidateQueries({ queryKey: endpointKey(declaration) }))),
  });
}
