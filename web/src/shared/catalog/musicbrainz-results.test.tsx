import type { MusicBrainzSearchResult } from '@hearsay/contracts/musicbrainz';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../auth/session.ts';
import { albumCard, currentUser } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { musicbrainzSearchOptions } from './musicbrainz.ts';
import { MusicBrainzResults } from './musicbrainz-results.tsx';

const MEDDLE = '4e98c9b4-92f6-3049-b9da-a1088b623672';
const DARK_SIDE = 'f5093c06-23e3-404f-aeaa-40f72885ee3a';

const found: MusicBrainzSearchResult = {
  available: true,
  reason: null,
  results: [
    {
      mbid: MEDDLE,
      title: 'Meddle',
      primaryType: 'Album',
      secondaryTypes: [],
      year: 1971,
      artistCredit: 'Pink Floyd',
      disambiguation: null,
      album: null,
    },
    {
      mbid: DARK_SIDE,
      title: 'The Dark Side of the Moon',
      primaryType: 'Album',
      secondaryTypes: ['Live'],
      year: 1973,
      artistCredit: 'Pink Floyd',
      disambiguation: 'early performance',
      album: { id: 'a1', slug: 'pink-floyd-the-dark-side-of-the-moon' },
    },
  ],
};

const requests: { method: string; url: string; body?: unknown }[] = [];
beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ method: init?.method ?? 'GET', url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      const album = albumCard({ id: 'new1', slug: 'pink-floyd-meddle', title: 'Meddle', artistCredit: 'Pink Floyd' });
      return new Response(JSON.stringify({ album, added: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function show(q: string, answer: MusicBrainzSearchResult, { signedIn, auto }: { signedIn: boolean; auto: boolean }) {
  return renderWithProviders(<MusicBrainzResults query={q} auto={auto} />, {
    url: `/search?q=${q}`,
    cache: (queryClient) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: signedIn ? currentUser() : null });
      queryClient.setQueryData(musicbrainzSearchOptions(q).queryKey, answer);
    },
  });
}

describe('MusicBrainz results', () => {
  it('shows each release group with its credit, year and types, and what the catalog already has', () => {
    show('floyd', found, { signedIn: true, auto: true });
    const region = screen.getByRole('region', { name: 'From MusicBrainz' });
    expect(within(region).getByText('Pink Floyd · 1971 · Album')).toBeInTheDocument();
    expect(within(region).getByText('Pink Floyd · 1973 · Album · Live')).toBeInTheDocument();
    expect(within(region).getByText('(early performance)')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'In the catalog' })).toHaveAttribute(
      'href',
      '/album/pink-floyd-the-dark-side-of-the-moon',
    );
  });

  it('adds a release group for a member and takes them to the album', async () => {
    const { user, address } = show('floyd', found, { signedIn: true, auto: true });
    await user.click(screen.getByRole('button', { name: 'Add Meddle by Pink Floyd to Hearsay' }));
    await vi.waitFor(() => expect(address()).toBe('/album/pink-floyd-meddle'));
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', url: `/api/musicbrainz/release-groups/${MEDDLE}` }));
  });

  it('waits for a visitor to ask, then offers to sign in to add', async () => {
    const { user } = show('floyd', found, { signedIn: false, auto: false });
    expect(screen.queryByRole('region', { name: 'From MusicBrainz' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search MusicBrainz' }));
    const region = screen.getByRole('region', { name: 'From MusicBrainz' });
    expect(within(region).getByRole('link', { name: 'Sign in to add' })).toHaveAttribute('href', '/login?redirect=%2Fsearch%3Fq%3Dfloyd');
    expect(within(region).queryByRole('button', { name: /Add/ })).toBeNull();
  });

  it('says why there are no MusicBrainz results when the site cannot ask', () => {
    show('off', { available: false, reason: 'off', results: [] }, { signedIn: true, auto: true });
    expect(screen.getByText('MusicBrainz search is switched off on this site.')).toBeInTheDocument();
    show('away', { available: false, reason: 'unreachable', results: [] }, { signedIn: true, auto: true });
    expect(screen.getByText("MusicBrainz can't be reached right now. Try again in a minute.")).toBeInTheDocument();
  });

  it('offers a member to add the album by hand when MusicBrainz cannot be asked, and takes them to it', async () => {
    const { user, address } = show('meddle', { available: false, reason: 'unreachable', results: [] }, { signedIn: true, auto: true });
    const form = screen.getByRole('group', { name: 'Add it by hand' });
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('meddle');
    await user.clear(within(form).getByRole('textbox', { name: 'Title' }));
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Meddle');
    await user.type(within(form).getByRole('textbox', { name: 'Artist' }), 'Pink Floyd');
    await user.type(within(form).getByRole('spinbutton', { name: 'Year' }), '1971');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Type' }), 'EP');
    await user.click(within(form).getByRole('button', { name: 'Add the album' }));
    await vi.waitFor(() => expect(address()).toBe('/album/pink-floyd-meddle'));
    expect(requests).toContainEqual({
      method: 'POST',
      url: '/api/albums',
      body: { title: 'Meddle', artist: 'Pink Floyd', year: 1971, releaseType: 'ep' },
    });
  });

  it('offers no form to a visitor', () => {
    show('off', { available: false, reason: 'off', results: [] }, { signedIn: false, auto: true });
    expect(screen.queryByRole('group', { name: 'Add it by hand' })).toBeNull();
  });
});
