import type { RemotePost, RemotePostPage } from '@hearsay/contracts/federation';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { AlbumRemoteReviews } from './album-remote-reviews.tsx';
import { albumRemoteReviewsQueryOptions } from './api.ts';

const AT = '2026-11-20T10:00:00.000Z';

const post: RemotePost = {
  id: 'rp1',
  person: {
    id: 'p-ines',
    handle: 'ines@neodb.example',
    name: 'Ines Ortega',
    host: 'neodb.example',
    avatarUrl: null,
    url: 'https://neodb.example/users/ines',
  },
  album: null,
  albumTitle: 'Kid A',
  albumArtist: 'Radiohead',
  rating: 9,
  title: 'Static that sings',
  contentHtml: '<p>The second side is the whole record.</p>',
  url: 'https://neodb.example/@ines/posts/3',
  likedByViewer: false,
  publishedAt: AT,
  updatedAt: AT,
};

const page = (items: RemotePost[]): RemotePostPage => ({ items, page: 1, limit: 5, total: items.length, totalPages: 1 });

describe('reviews from other sites on an album page', () => {
  it('shows each under its own heading, with its person, their site and a link to the original', () => {
    renderWithProviders(<AlbumRemoteReviews albumId="a1" />, {
      cache: (queryClient) => queryClient.setQueryData(albumRemoteReviewsQueryOptions('a1', 1).queryKey, page([post])),
    });
    const section = screen.getByRole('region', { name: /From other sites/ });
    expect(section).toHaveTextContent('They do not count towards this album’s ratings.');
    const card = within(section).getByRole('article', { name: 'Ines Ortega from neodb.example' });
    expect(card).toHaveTextContent('@ines@neodb.example');
    expect(card).toHaveTextContent('Static that sings');
    expect(card).toHaveTextContent('The second side is the whole record.');
    const original = within(card).getByRole('link', { name: 'View on neodb.example' });
    expect(original).toHaveAttribute('href', 'https://neodb.example/@ines/posts/3');
    expect(original).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(within(card).getByRole('link', { name: 'Ines Ortega' })).toHaveAttribute('href', 'https://neodb.example/users/ines');
  });

  it('shows nothing while no other site sent a review', () => {
    const { container } = renderWithProviders(<AlbumRemoteReviews albumId="a1" />, {
      cache: (queryClient) => queryClient.setQueryData(albumRemoteReviewsQueryOptions('a1', 1).queryKey, page([])),
    });
    expect(container).toBeEmptyDOMElement();
  });
});
