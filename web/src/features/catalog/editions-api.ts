import type { AlbumEditions } from '@hearsay/contracts/editions';
import type { MyAlbumOwnership, OwnedQuery, SetOwnershipBody } from '@hearsay/contracts/library';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { editionsEndpoints, libraryEndpoints } from '../../shared/lib/endpoints.ts';

/** While MusicBrainz is being asked, the editions are asked for again this often. */
const FETCHING_POLL_MS = 2000;

const editionsQueryOptions = (albumRef: string) => endpointQuery(editionsEndpoints.albumEditions, { params: { albumId: albumRef } });

/** An album's editions; asked again while the job fetches them from MusicBrainz. */
export const useAlbumEditions = (albumRef: string) =>
  useQuery({
    ...editionsQueryOptions(albumRef),
    refetchInterval: (query) => ((query.state.data as AlbumEditions | undefined)?.state === 'fetching' ? FETCHING_POLL_MS : false),
  });

const ownershipQueryOptions = (albumRef: string) => endpointQuery(libraryEndpoints.ownership, { params: { albumId: albumRef } });

export const useAlbumOwnership = (albumRef: string, enabled: boolean) => useQuery({ ...ownershipQueryOptions(albumRef), enabled });

/** Says how you hold the album (null: not in your collection); the answer is written into the cache. */
export function useSetOwnership(albumRef: string) {
  const queryClient = useQueryClient();
  const params = { albumId: albumRef };
  return useMutation({
    mutationFn: (change: SetOwnershipBody | null): Promise<MyAlbumOwnership> =>
      change === null ? call(libraryEndpoints.removeOwnership, { params }) : call(libraryEndpoints.setOwnership, { params, body: change }),
    onSuccess: (state) => {
      queryClient.setQueryData(ownershipQueryOptions(albumRef).queryKey, state);
      void queryClient.invalidateQueries({ queryKey: endpointKey(libraryEndpoints.owned) });
    },
  });
}

const ownedQueryOptions = (query: Partial<OwnedQuery>) =>
  queryOptions({ ...endpointQuery(libraryEndpoints.owned, { query }), placeholderData: keepPreviousData });

export const useOwned = (query: Partial<OwnedQuery>) => useQuery(ownedQueryOptions(query));
