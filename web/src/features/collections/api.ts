import { OkSchema } from '@hearsay/contracts/accounts';
import {
  AlbumCollectionChoicesSchema,
  CollectionLikeSchema,
  CollectionPageSchema,
  CollectionSchema,
  type CreateCollectionBody,
  type UpdateCollectionBody,
} from '@hearsay/contracts/collections';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/lib/api-client.ts';

export const collectionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['collections', 'one', id],
    queryFn: ({ signal }) => api(`/api/collections/${encodeURIComponent(id)}`, { schema: CollectionSchema, signal }),
  });

export const collectionListQueryOptions = (sort: 'popular' | 'recent', page: number) =>
  queryOptions({
    queryKey: ['collections', 'list', sort, page],
    queryFn: ({ signal }) => api(`/api/collections?sort=${sort}&page=${page}&limit=24`, { schema: CollectionPageSchema, signal }),
  });

export const myCollectionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['collections', 'mine', page],
    queryFn: ({ signal }) => api(`/api/me/collections?page=${page}&limit=24`, { schema: CollectionPageSchema, signal }),
  });

export const albumChoicesQueryOptions = (albumId: string) =>
  queryOptions({
    queryKey: ['collections', 'choices', albumId],
    queryFn: ({ signal }) => api(`/api/albums/${albumId}/collections/mine`, { schema: AlbumCollectionChoicesSchema, signal }),
  });

/** Any change to a collection refreshes every collection list and page (and profile counts). */
function useCollectionMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['collections'] });
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export const useCreateCollection = () =>
  useCollectionMutation((body: CreateCollectionBody) => api('/api/collections', { method: 'POST', body, schema: CollectionSchema }));

export const useUpdateCollection = (id: string) =>
  useCollectionMutation((body: UpdateCollectionBody) => api(`/api/collections/${id}`, { method: 'PATCH', body, schema: CollectionSchema }));

export const useDeleteCollection = (id: string) =>
  useCollectionMutation(() => api(`/api/collections/${id}`, { method: 'DELETE', schema: OkSchema }));

export const useAddToCollection = () =>
  useCollectionMutation(({ id, albumId }: { id: string; albumId: string }) =>
    api(`/api/collections/${id}/albums`, { method: 'POST', body: { albumId }, schema: CollectionSchema }),
  );

export const useRemoveFromCollection = (id: string) =>
  useCollectionMutation((albumId: string) =>
    api(`/api/collections/${id}/albums/${albumId}`, { method: 'DELETE', schema: CollectionSchema }),
  );

export const useReorderCollection = (id: string) =>
  useCollectionMutation((albumIds: string[]) =>
    api(`/api/collections/${id}/order`, { method: 'PUT', body: { albumIds }, schema: CollectionSchema }),
  );

export const useCollectionNote = (id: string) =>
  useCollectionMutation(({ albumId, note }: { albumId: string; note: string }) =>
    api(`/api/collections/${id}/albums/${albumId}/note`, { method: 'PUT', body: { note }, schema: CollectionSchema }),
  );

export const useLikeCollection = (id: string) =>
  useCollectionMutation((liked: boolean) =>
    api(`/api/collections/${id}/like`, { method: liked ? 'PUT' : 'DELETE', schema: CollectionLikeSchema }),
  );
