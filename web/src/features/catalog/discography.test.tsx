import type { ArtistDetail } from '@hearsay/contracts/catalog';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { albumCard, currentUser } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { ArtistFacts, DiscographyTable } from './discography.tsx';

const group: ArtistDetail['discography'][number] = {
  releaseType: 'album',
  rows: [
    {
      mbid: 'rg1',
      title: 'The Piper at the Gates of Dawn',
      year: 1967,
      releaseType: 'album',
      secondaryTypes: [],
      album: albumCard({ id: 'a1', slug: 'piper', title: 'The Piper at the Gates of Dawn', averageRating: 7.84, ratingCount: 12 }),
    },
    { mbid: 'rg2', title: 'Meddle', year: 1971, releaseType: 'album', secondaryTypes: [], album: null },
  ],
};

const artist = {
  type: 'Group',
  area: 'United Kingdom',
  beginYear: 1965,
  endYear: 2014,
  disambiguation: null,
  mbid: 'pf',
  name: 'Pink Floyd',
  links: [{ service: 'official-site', url: 'https://www.pinkfloyd.com/' }],
  members: [
    { name: 'Syd Barrett', mbid: 's', artistSlug: 'syd-barrett', beginYear: 1965, endYear: 1968 },
    { name: 'David Gilmour', mbid: 'd', artistSlug: null, beginYear: 1968, endYear: null },
  ],
} as unknown as ArtistDetail;

const signedIn = (queryClient: QueryClient) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user: currentUser() });

describe('artist page from MusicBrainz', () => {
  it('lists every release group in a dense table: the catalog’s with their average, the others one click from being added', () => {
    renderWithProviders(<DiscographyTable group={group} />, { cache: signedIn });
    const table = screen.getByRole('table');
    const [, piper, meddle] = within(table).getAllByRole('row');
    expect(within(piper!).getByRole('link', { name: 'The Piper at the Gates of Dawn' })).toHaveAttribute('href', '/album/piper');
    expect(piper).toHaveTextContent('1967');
    expect(piper).toHaveTextContent('7.8(12)');
    expect(meddle).toHaveTextContent('1971');
    expect(within(meddle!).getByRole('button', { name: 'Add Meddle to Hearsay' })).toBeEnabled();
  });

  it('tells visitors what is not on Hearsay yet instead of offering to add it', () => {
    renderWithProviders(<DiscographyTable group={group} />, {
      cache: (client) => client.setQueryData(sessionQueryOptions.queryKey, { user: null }),
    });
    expect(screen.getByText('Not on Hearsay yet')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the type, origin, active years, members and links', () => {
    renderWithProviders(<ArtistFacts artist={artist} />);
    expect(screen.getByText('Group · United Kingdom · 1965–2014')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Syd Barrett' })).toHaveAttribute('href', '/artist/syd-barrett');
    expect(screen.getByText('(1968–present)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Official site/ })).toHaveAttribute('href', 'https://www.pinkfloyd.com/');
    expect(screen.getByRole('link', { name: 'Pink Floyd on MusicBrainz' })).toHaveAttribute('href', 'https://musicbrainz.org/artist/pf');
  });
});
