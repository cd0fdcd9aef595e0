import type { AlbumByHandBody, AlbumCard } from '@hearsay/contracts/catalog';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../lib/api-client.ts';
import { catalogEndpoints, musicbrainzEndpoints } from '../lib/endpoints.ts';

/** MusicBrainz's release groups for a search (the server answers `available: false` with the reason when it cannot ask). */
export const musicbrainzSearchOptions = (q: string) =>
  queryOptions({ ...endpointQuery(musicbrainzEndpoints.search, { query: { q, limit: 10 } }), staleTime: 5 * 60_000, retry: false });

export const enrichmentStatusOptions = endpointQuery(musicbrainzEndpoints.enrichment, {});

/** Adds a release group to the catalog (once); every MusicBrainz search shown refreshes to mark it. */
export function useAddFromMusicBrainz(onAdded?: (album: AlbumCard, mbid: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mbid: string) => call(musicbrainzEndpoints.add, { params: { mbid } }),
    onSuccess: (result, mbid) => {
      void queryClient.invalidateQueries({ queryKey: endpointKey(musicbrainzEndpoints.search) });
      onAdded?.(result.album, mbid);
    },
  });
}

/** Adds an album by hand when MusicBrainz cannot be asked; it waits for confirmation like an imported one. */
export function useAddAlbumByHand(onAdded: (album: AlbumCard) => void) {
  return useMutation({
    mutationFn: (body: AlbumByHandBody) => call(catalogEndpoints.addByHand, { body }),
    onSuccess: (result) => onAdded(result.album),
  });
}
