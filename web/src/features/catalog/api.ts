import { AlbumDetailSchema, AlbumPageSchema, ArtistDetailSchema, ChartSchema, DiscoverPageSchema } from '@hearsay/contracts/catalog';
import { AlbumRatingSchema, AlbumViewerStateSchema } from '@hearsay/contracts/ratings';
import type { AlbumDetail, AlbumListQuery, ChartQuery, DiscoverQuery } from '@hearsay/contracts/catalog';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { genresQueryOptions } from '../../shared/catalog/genres.ts';
import { api, queryString } from '../../shared/lib/api-client.ts';

export const albumQueryOptions = (albumId: string) =>
  queryOptions({
    queryKey: ['album', albumId],
    queryFn: ({ signal }) => api(`/api/albums/${encodeURIComponent(albumId)}`, { schema: AlbumDetailSchema, signal }),
  });

export const artistQueryOptions = (artistId: string) =>
  queryOptions({
    queryKey: ['artist', artistId],
    queryFn: ({ signal }) => api(`/api/artists/${encodeURIComponent(artistId)}`, { schema: ArtistDetailSchema, signal }),
  });

export type AlbumFilters = Partial<Omit<AlbumListQuery, 'order'>>;

export const albumListQueryOptions = (filters: AlbumFilters) =>
  queryOptions({
    queryKey: ['albums', filters],
    queryFn: ({ signal }) => api(`/api/albums${queryString(filters)}`, { schema: AlbumPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useAlbum = (albumId: string) => useQuery(albumQueryOptions(albumId));
export const useArtist = (artistId: string) => useQuery(artistQueryOptions(artistId));
export const useAlbumList = (filters: AlbumFilters) => useQuery(albumListQueryOptions(filters));
export { genresQueryOptions };
export const useGenres = () => useQuery(genresQueryOptions);

export const discoverQueryOptions = (query: Partial<DiscoverQuery>) =>
  queryOptions({
    queryKey: ['discover', query],
    queryFn: ({ signal }) => api(`/api/discover${queryString(query)}`, { schema: DiscoverPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const chartQueryOptions = (query: Partial<ChartQuery>) =>
  queryOptions({
    queryKey: ['chart', query],
    queryFn: ({ signal }) => api(`/api/charts${queryString(query)}`, { schema: ChartSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useDiscover = (query: Partial<DiscoverQuery>) => useQuery(discoverQueryOptions(query));
export const useChart = (query: Partial<ChartQuery>) => useQuery(chartQueryOptions(query));

/** Rate (a number) or un-rate (null); the album page updates from the answer without a refetch. */
export function useRateAlbum(albumRef: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number | null) =>
      api(
        `/api/albums/${encodeURIComponent(albumRef)}/rating`,
        rating === null ? { method: 'DELETE', schema: AlbumRatingSchema } : { method: 'PUT', body: { rating }, schema: AlbumRatingSchema },
      ),
    onSuccess: (result) => {
      queryClient.setQueryData<AlbumDetail>(albumQueryOptions(albumRef).queryKey, (album) =>
        album
          ? {
              ...album,
              viewerRating: result.rating,
              averageRating: result.averageRating,
              ratingCount: result.ratingCount,
              ratingDistribution: result.ratingDistribution,
            }
          : album,
      );
      void queryClient.invalidateQueries({
        predicate: (query) => ['albums', 'discover', 'chart', 'search', 'artist'].includes(String(query.queryKey[0])),
      });
    },
  });
}

export const albumViewerStateOptions = (albumRef: string) =>
  queryOptions({
    queryKey: ['album', albumRef, 'me'],
    queryFn: ({ signal }) => api(`/api/albums/${encodeURIComponent(albumRef)}/me`, { schema: AlbumViewerStateSchema, signal }),
  });

/** Like / listen-later toggles; the answer is the new state, written straight into the cache. */
export function useAlbumMark(albumRef: string, mark: 'like' | 'listen-later') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api(`/api/albums/${encodeURIComponent(albumRef)}/${mark}`, { method: on ? 'PUT' : 'DELETE', schema: AlbumViewerStateSchema }),
    onSuccess: (state) => {
      queryClient.setQueryData(albumViewerStateOptions(albumRef).queryKey, state);
      void queryClient.invalidateQueries({ predicate: (query) => ['favorites', 'listen-later'].includes(String(query.queryKey[0])) });
    },
  });
}

export const favoritesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['favorites', page],
    queryFn: ({ signal }) => api(`/api/me/favorites?page=${page}&limit=24`, { schema: AlbumPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
