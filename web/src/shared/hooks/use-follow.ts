import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client.ts';
import { profilesEndpoints } from '../lib/endpoints.ts';
import { refreshAnswersShowing, writeIntoAnswersShowing } from '../lib/refresh.ts';

/**
 * Follow or unfollow. The answer is written into every cached list of people showing the person (search, followers,
 * suggestions); every other answer showing follows refreshes: both people's profiles and counts, the feed beside them.
 */
export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, follow }: { username: string; follow: boolean }) =>
      call(follow ? profilesEndpoints.follow : profilesEndpoints.unfollow, { params: { username } }),
    onSuccess: (state, { username }) => {
      // A person card says only whether you follow them; a profile says more (its counts, what it shows you), so it refetches.
      const updated = writeIntoAnswersShowing(queryClient, ['follows'], (node) =>
        node.username === username && 'isFollowing' in node && 'isViewer' in node ? { ...node, isFollowing: state.following } : undefined,
      );
      return refreshAnswersShowing(queryClient, ['follows'], updated);
    },
  });
}
