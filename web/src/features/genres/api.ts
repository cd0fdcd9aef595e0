import type { DescriptorRef, DescriptorVoteBody, GenreVoteBody } from '@hearsay/contracts/genres';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { catalogEndpoints } from '../../shared/lib/endpoints.ts';
import { genresEndpoints } from '../../shared/lib/genres-endpoints.ts';

/**
 * The addresses of a genre's and a descriptor's pages. Kept here rather than in contracts' `paths`, which every page
 * loads first: only the album page's panel and these pages link to them.
 */
export const taxonomyPaths = {
  genre: (slug: string) => `/genre/${encodeURIComponent(slug)}`,
  descriptor: (slug: string) => `/descriptor/${encodeURIComponent(slug)}`,
};

export const albumVotesOptions = (albumRef: string) => endpointQuery(genresEndpoints.albumVotes, { params: { albumId: albumRef } });

/** Every genre members may vote for and every descriptor: they change with a release, so kept for an hour. */
export const taxonomyOptions = queryOptions({ ...endpointQuery(genresEndpoints.taxonomy, {}), staleTime: 60 * 60 * 1000 });

export const genrePageOptions = (genre: string) => endpointQuery(genresEndpoints.genre, { params: { genre } });
export const descriptorPageOptions = (descriptor: string) => endpointQuery(genresEndpoints.descriptor, { params: { descriptor } });

export const useAlbumVotes = (albumRef: string) => useQuery(albumVotesOptions(albumRef));
export const useTaxonomy = (enabled: boolean) => useQuery({ ...taxonomyOptions, enabled });

type Vote = { genre: GenreVoteBody } | { descriptor: DescriptorVoteBody };

/**
 * A vote on the album's genres or descriptors. The answer is the album's votes anew, written into the cache; the
 * album's page and cards (which show its genres) and the genre and descriptor pages refresh.
 */
export function useVote(albumRef: string) {
  const queryClient = useQueryClient();
  const params = { albumId: albumRef };
  return useMutation({
    mutationFn: (vote: Vote) =>
      'genre' in vote
        ? call(genresEndpoints.voteGenre, { params, body: vote.genre })
        : call(genresEndpoints.voteDescriptor, { params, body: vote.descriptor }),
    onSuccess: (answer) => {
      queryClient.setQueryData(albumVotesOptions(albumRef).queryKey, answer);
      for (const endpoint of [catalogEndpoints.album, genresEndpoints.genre, genresEndpoints.descriptor]) {
        void queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) });
      }
    },
  });
}

/** A descriptor's name in the reader's language (English when it has none). */
export function useDescriptorName(): (descriptor: Pick<DescriptorRef, 'names'>) => string {
  const { i18n } = useTranslation();
  const language = i18n.language as keyof DescriptorRef['names'];
  return (descriptor) => descriptor.names[language] ?? descriptor.names.en;
}
