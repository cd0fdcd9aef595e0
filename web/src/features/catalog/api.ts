import type { AlbumListQuery, ChartQuery, DiscoverQuery } from '@hearsay/contracts/catalog';
import type { MyRatingsQuery } from '@hearsay/contracts/ratings';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { genresQueryOptions } from '../../shared/catalog/genres.ts';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { catalogEndpoints, libraryEndpoints, profilesEndpoints, ratingsEndpoints } from '../../shared/lib/endpoints.ts';
import { refreshAnswersShowing } from '../../shared/lib/refresh.ts';
import { announceRating } from '../../shared/lib/app-events.ts';
import { useSession } from '../../shared/auth/session.ts';
import { sendOrKeep, useOfflineReady } from '../../shared/offline/outbox.ts';

export const albumQueryOptions = (albumId: string) => endpointQuery(catalogEndpoints.album, { params: { albumId } });

export const artistQueryOptions = (artistId: string) => endpointQuery(catalogEndpoints.artist, { params: { artistId } });

export type AlbumFilters = Partial<Omit<AlbumListQuery, 'order'>>;

export const albumListQueryOptions = (filters: AlbumFilters) =>
  queryOptions({ ...endpointQuery(catalogEndpoints.albumList, { query: filters }), placeholderData: keepPreviousData });

export const useAlbum = (albumId: string) => useQuery(albumQueryOptions(albumId));
export const useArtist = (artistId: string) => useQuery(artistQueryOptions(artistId));
export const useAlbumList = (filters: AlbumFilters) => useQuery(albumListQueryOptions(filters));
export { genresQueryOptions };
export const useGenres = () => useQuery(genresQueryOptions);

const discoverQueryOptions = (query: Partial<DiscoverQuery>) =>
  queryOptions({ ...endpointQuery(catalogEndpoints.discover, { query }), placeholderData: keepPreviousData });

export const chartQueryOptions = (query: Partial<ChartQuery>) =>
  queryOptions({ ...endpointQuery(catalogEndpoints.chart, { query }), placeholderData: keepPreviousData });

export const useDiscover = (query: Partial<DiscoverQuery>) => useQuery(discoverQueryOptions(query));
export const useChart = (query: Partial<ChartQuery>) => useQuery(chartQueryOptions(query));

/**
 * Rate (a number) or un-rate (null). The answer is written into the album page's two answers it describes (the album
 * and your state of it), which are not fetched again; every other answer showing ratings refreshes. A rating made
 * offline is kept on the device (decision 085) and answers null: the album shows it as yours, waiting to send.
 */
export function useRateAlbum(albumRef: string, label = albumRef) {
  const queryClient = useQueryClient();
  const session = useSession();
  useOfflineReady(ratingsEndpoints.rate);
  const params = { albumId: albumRef };
  return useMutation({
    // Run offline too, rather than wait paused for the network: sendOrKeep keeps the write on the device then.
    networkMode: 'always',
    mutationFn: (rating: number | null) => {
      if (rating === null) return call(ratingsEndpoints.unrate, { params });
      const input = { params, body: { rating } };
      const write = { kind: 'album-rating', albumRef, label, endpoint: ratingsEndpoints.rate, input } as const;
      return session.user ? sendOrKeep({ ...write, memberId: session.user.id }) : call(ratingsEndpoints.rate, input);
    },
    onSuccess: (result, rating) => {
      if (rating !== null) announceRating();
      const updated = new Set<string>();
      const written = (queryKey: readonly unknown[]) => {
        const hash = queryClient.getQueryCache().find({ queryKey, exact: true })?.queryHash;
        if (hash) updated.add(hash);
      };
      const album = albumQueryOptions(albumRef).queryKey;
      if (queryClient.getQueryData(album)) {
        queryClient.setQueryData(album, (cached) =>
          !cached
            ? cached
            : result
              ? {
                  ...cached,
                  viewerRating: result.rating,
                  averageRating: result.averageRating,
                  ratingCount: result.ratingCount,
                  ratingDistribution: result.ratingDistribution,
                }
              : { ...cached, viewerRating: rating },
        );
        written(album);
      }
      const state = albumViewerStateOptions(albumRef).queryKey;
      if (queryClient.getQueryData(state)) {
        queryClient.setQueryData(state, (cached) => (cached ? { ...cached, rating: result ? result.rating : rating } : cached));
        written(state);
      }
      // Kept offline: the rest is refreshed once it is sent.
      if (!result) return;
      // Not awaited: the stars stay usable while other pages' answers refresh.
      void refreshAnswersShowing(queryClient, ['ratings'], updated);
    },
  });
}

/**
 * Rates a track of the album (null: takes the rating back); the album's cached page takes the track's new average,
 * count and the member's own rating, and other pages showing track ratings (a profile's top tracks) refresh. Offline,
 * the rating is kept on the device and answers null.
 */
export function useRateTrack(albumRef: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  useOfflineReady(ratingsEndpoints.rateTrack);
  return useMutation({
    // Run offline too, rather than wait paused for the network: sendOrKeep keeps the write on the device then.
    networkMode: 'always',
    mutationFn: ({ trackId, rating, label }: { trackId: string; rating: number | null; label?: string }) => {
      const params = { albumId: albumRef, trackId };
      if (rating === null) return call(ratingsEndpoints.unrateTrack, { params });
      const input = { params, body: { rating } };
      const write = {
        kind: 'track-rating',
        albumRef,
        trackId,
        label: label ?? trackId,
        endpoint: ratingsEndpoints.rateTrack,
        input,
      } as const;
      return session.user ? sendOrKeep({ ...write, memberId: session.user.id }) : call(ratingsEndpoints.rateTrack, input);
    },
    onSuccess: (result, { trackId, rating }) => {
      const album = albumQueryOptions(albumRef).queryKey;
      if (queryClient.getQueryData(album)) {
        queryClient.setQueryData(album, (cached) =>
          cached
            ? {
                ...cached,
                tracks: cached.tracks.map((track) =>
                  track.id !== trackId
                    ? track
                    : result
                      ? { ...track, viewerRating: result.rating, averageRating: result.averageRating, ratingCount: result.ratingCount }
                      : { ...track, viewerRating: rating },
                ),
              }
            : cached,
        );
      }
      if (!result) return;
      // Album cards do not show track ratings: only profiles' top tracks change.
      void queryClient.invalidateQueries({ queryKey: endpointKey(profilesEndpoints.topTracks) });
    },
  });
}

/** After an album is added to the catalog, the artist pages listing their discography show it. */
export function useRefreshArtistPages() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: endpointKey(catalogEndpoints.artist) });
}

export const albumViewerStateOptions = (albumRef: string) => endpointQuery(libraryEndpoints.albumState, { params: { albumId: albumRef } });

const ALBUM_MARKS = {
  like: { set: libraryEndpoints.like, clear: libraryEndpoints.unlike, list: libraryEndpoints.favorites },
  'listen-later': { set: libraryEndpoints.addListenLater, clear: libraryEndpoints.removeListenLater, list: libraryEndpoints.listenLater },
};

/** Like / listen-later toggles; the answer is the new state, written straight into the cache. */
export function useAlbumMark(albumRef: string, mark: keyof typeof ALBUM_MARKS) {
  const queryClient = useQueryClient();
  const endpoints = ALBUM_MARKS[mark];
  return useMutation({
    mutationFn: (on: boolean) => call(on ? endpoints.set : endpoints.clear, { params: { albumId: albumRef } }),
    onSuccess: (state) => {
      queryClient.setQueryData(albumViewerStateOptions(albumRef).queryKey, state);
      void queryClient.invalidateQueries({ queryKey: endpointKey(endpoints.list) });
    },
  });
}

export const favoritesQueryOptions = (page: number) =>
  queryOptions({ ...endpointQuery(libraryEndpoints.favorites, { query: { page, limit: 24 } }), placeholderData: keepPreviousData });

const listenLaterQueryOptions = (page: number) =>
  queryOptions({ ...endpointQuery(libraryEndpoints.listenLater, { query: { page, limit: 24 } }), placeholderData: keepPreviousData });

export const useListenLater = (page: number) => useQuery(listenLaterQueryOptions(page));

const myRatingsQueryOptions = (query: Partial<MyRatingsQuery>) =>
  queryOptions({ ...endpointQuery(ratingsEndpoints.mine, { query }), placeholderData: keepPreviousData });

export const useMyRatings = (query: Partial<MyRatingsQuery>) => useQuery(myRatingsQueryOptions(query));
