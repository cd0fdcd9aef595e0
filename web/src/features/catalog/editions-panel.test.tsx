import type { AlbumEditions } from '@hearsay/contracts/editions';
import type { MyAlbumOwnership } from '@hearsay/contracts/library';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import EditionsPanel from './editions-panel.tsx';

const FIRST = 'b84ee12a-09ef-421b-82de-0441a926375b';
const CASSETTE = '1c3ea255-3cc5-4861-9864-81e3bceb4443';

const ready: AlbumEditions = {
  state: 'ready',
  reason: null,
  fetchedAt: '2026-12-06T12:00:00.000Z',
  releaseGroupMbid: 'f5093c06-23e3-404f-aeaa-40f72885ee3a',
  editions: [
    {
      mbid: FIRST,
      title: 'The Dark Side of the Moon',
      status: 'Official',
      country: 'GB',
      date: '1973-03-24',
      format: '12" Vinyl',
      trackCount: 10,
      labels: [{ name: 'Harvest', catalogueNumber: 'SHVL 804' }],
    },
    {
      mbid: CASSETTE,
      title: 'The Dark Side of the Moon',
      status: 'Official',
      country: 'XE',
      date: '1973',
      format: 'Cassette',
      trackCount: 10,
      labels: [],
    },
  ],
};

/** The server as the panel meets it: the editions, the member's copy, and what saving answers. */
function serve(editions: AlbumEditions, ownership: MyAlbumOwnership) {
  const sent: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const json = (value: unknown) =>
        new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/editions')) return json(editions);
      if (method === 'GET') return json(ownership);
      const body = init?.body
        ? (JSON.parse(String(init.body)) as { status: 'owned'; mediaType: string | null; releaseMbid: string | null })
        : null;
      sent.push({ method, body });
      const edition = editions.editions.find((candidate) => candidate.mbid === body?.releaseMbid) ?? null;
      return json(
        body
          ? { ownership: { status: body.status, mediaType: body.mediaType, edition, updatedAt: '2026-12-06T12:00:00.000Z' } }
          : { ownership: null },
      );
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('the editions panel', () => {
  it('lists each edition with its date, region, format, label and tracks, and marks the one a member owns', async () => {
    const sent = serve(ready, {
      ownership: { status: 'wishlist', mediaType: 'CD', edition: null, updatedAt: '2026-12-01T00:00:00.000Z' },
    });
    const { user } = renderWithProviders(<EditionsPanel albumRef="dark-side" signedIn />);
    const list = await screen.findByRole('list', { name: 'Editions of this album' });
    const [first, cassette] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Mar 24, 1973 · United Kingdom — 12" Vinyl');
    expect(first).toHaveTextContent('Harvest SHVL 804 · 10 tracks');
    expect(cassette).toHaveTextContent('1973 · Europe — Cassette');
    expect(cassette).toHaveTextContent('No label · 10 tracks');

    // Wanting the album and then saying which edition you have: you own it now, on the medium you gave.
    const own = within(first!).getByRole('button', { name: 'I own this edition: Mar 24, 1973 · United Kingdom, 12" Vinyl' });
    await vi.waitFor(() => expect(own).toBeEnabled());
    await user.click(own);
    await vi.waitFor(() => expect(own).toHaveAttribute('aria-pressed', 'true'));
    expect(sent).toEqual([{ method: 'PUT', body: { status: 'owned', mediaType: 'CD', releaseMbid: FIRST } }]);
    expect(screen.getByText('Edition: 1973 · GB · 12" Vinyl')).toBeInTheDocument();

    // "Not in my collection" takes it out.
    await user.selectOptions(screen.getByLabelText('In your collection'), '');
    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ method: 'DELETE', body: null }));
    await vi.waitFor(() => expect(own).toHaveAttribute('aria-pressed', 'false'));
  });

  it('says the site is not connected to MusicBrainz instead of showing nothing, and offers visitors no controls', async () => {
    serve({ ...ready, state: 'unavailable', reason: 'off', editions: [] }, { ownership: null });
    renderWithProviders(<EditionsPanel albumRef="dark-side" signedIn={false} />);
    expect(
      await screen.findByText('This site is not connected to MusicBrainz, so it cannot list this album’s editions.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('In your collection')).toBeNull();
  });
});
