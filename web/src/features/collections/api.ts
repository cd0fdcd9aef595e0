import type { CreateCollectionBody, UpdateCollectionBody } from '@hearsay/contracts/collections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { collectionsEndpoints, profilesEndpoints } from '../../shared/lib/endpoints.ts';

export const collectionQueryOptions = (id: string) => endpointQuery(collectionsEndpoints.collection, { params: { collectionId: id } });

export const collectionListQueryOptions = (sort: 'popular' | 'recent', page: number) =>
  endpointQuery(collectionsEndpoints.list, { query: { sort, page, limit: 24 } });

export const myCollectionsQueryOptions = (page: number) => endpointQuery(collectionsEndpoints.mine, { query: { page, limit: 24 } });

export const albumChoicesQueryOptions = (albumId: string) => endpointQuery(collectionsEndpoints.albumChoices, { params: { albumId } });

/** Everything a change to a collection can alter: every collection list and page, and a profile's Lists count and tab. */
const readsOfCollections = [
  collectionsEndpoints.list,
  collectionsEndpoints.mine,
  collectionsEndpoints.collection,
  collectionsEndpoints.albumChoices,
  profilesEndpoints.profile,
  profilesEndpoints.collections,
];

function useCollectionMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(readsOfCollections.map((declaration) => queryClient.invalidateQueries({ queryKey: endpointKey(declaration) }))),
  });
}

export const useCreateCollection = () => useCollectionMutation((body: CreateCollectionBody) => call(collectionsEndpoints.create, { body }));

export const useUpdateCollection = (id: string) =>
  useCollectionMutation((body: UpdateCollectionBody) => call(collectionsEndpoints.update, { params: { collectionId: id }, body }));

export const useDeleteCollection = (id: string) =>
  useCollectionMutation(() => call(collectionsEndpoints.remove, { params: { collectionId: id } }));

export const useAddToCollection = () =>
  useCollectionMutation(({ id, albumId }: { id: string; albumId: string }) =>
    call(collectionsEndpoints.addAlbum, { params: { collectionId: id }, body: { albumId } }),
  );

export const useRemoveFromCollection = (id: string) =>
  useCollectionMutation((albumId: string) => call(collectionsEndpoints.removeAlbum, { params: { collectionId: id, albumId } }));

export const useReorderCollection = (id: string) =>
  useCollectionMutation((albumIds: string[]) => call(collectionsEndpoints.reorder, { params: { collectionId: id }, body: { albumIds } }));

export const useCollectionNote = (id: string) =>
  useCollectionMutation(({ albumId, note }: { albumId: string; note: string }) =>
    call(collectionsEndpoints.setNote, { params: { collectionId: id, albumId }, body: { note } }),
  );

export const useLikeCollection = (id: string) =>
  useCollectionMutation((liked: boolean) =>
    call(liked ? collectionsEndpoints.like : collectionsEndpoints.unlike, { params: { collectionId: id } }),
  );
