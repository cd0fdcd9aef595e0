import type { PlayedNotRated } from '@hearsay/contracts/listening';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { listeningEndpoints, ratingsEndpoints } from '../../shared/lib/endpoints.ts';
import { refreshAnswersShowing } from '../../shared/lib/refresh.ts';
import { announceRating } from '../../shared/lib/app-events.ts';

/** How many albums played and not rated the home page shows, above the feed. */
export const PLAYED_ON_HOME = 3;

/** Albums played lately and not rated: the home page shows a few, the Library more. */
export const playedNotRatedQueryOptions = (limit: number) => endpointQuery(listeningEndpoints.playedNotRated, { query: { limit } });

/**
 * One tap rates an album of the list. The album leaves every cached list at once (those answers are not fetched
 * again now); every other answer showing ratings refreshes.
 */
export function useRatePlayedAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ albumId, rating }: { albumId: string; rating: number }) =>
      call(ratingsEndpoints.rate, { params: { albumId }, body: { rating } }),
    onSuccess: (_result, { albumId }) => {
      announceRating();
      const updated = new Set<string>();
      for (const query of queryClient.getQueryCache().findAll({ queryKey: endpointKey(listeningEndpoints.playedNotRated) })) {
        const list = query.state.data as PlayedNotRated | undefined;
        if (!list) continue;
        queryClient.setQueryData<PlayedNotRated>(query.queryKey, {
          ...list,
          items: list.items.filter((item) => item.album.id !== albumId),
        });
        updated.add(query.queryHash);
      }
      void refreshAnswersShowing(queryClient, ['ratings'], updated);
    },
  });
}
