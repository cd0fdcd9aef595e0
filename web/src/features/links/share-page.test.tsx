import type { LinkResolution } from '@hearsay/contracts/links';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { albumCard } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { SharePage } from './share-page.tsx';

const darkSide = albumCard({
  id: 'a1',
  slug: 'pink-floyd-the-dark-side-of-the-moon',
  title: 'The Dark Side of the Moon',
  artistCredit: 'Pink Floyd',
});
const answers = {
  album: { outcome: 'album', album: darkSide, added: false, via: 'shared_text', service: 'spotify', query: '' },
  search: { outcome: 'search', album: null, added: false, via: null, service: 'spotify', query: 'Joni Mitchell Blue' },
  unsupported: { outcome: 'unsupported', album: null, added: false, via: null, service: null, query: '' },
} satisfies Record<string, LinkResolution>;

/** The server's answer to /api/links/resolve, held until `release` is called; the requests it got, kept. */
function serverAnswers(answer: LinkResolution) {
  const requests: URL[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(new URL(url, 'http://hearsay.test'));
      await held;
      return Response.json(answer);
    }),
  );
  return { requests, release };
}
afterEach(() => vi.unstubAllGlobals());

const show = (url: string) => renderWithProviders(<SharePage />, { url });

describe('the share page', () => {
  it('says it is finding the album, then opens the album at its rating', async () => {
    const server = serverAnswers(answers.album);
    const { address, router } = show(
      '/share?title=&text=The%20Dark%20Side%20of%20the%20Moon%20by%20Pink%20Floyd&url=https%3A%2F%2Fopen.spotify.com%2Falbum%2F4LH4d3cOWNNsVw41Gqt2kv',
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Finding the album…');
    server.release();
    await waitFor(() => expect(address()).toBe('/album/pink-floyd-the-dark-side-of-the-moon'));
    expect(router.state.location.hash).toBe('#rate');
    const asked = server.requests[0]!;
    expect(asked.pathname).toBe('/api/links/resolve');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      url: 'https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv',
      text: 'The Dark Side of the Moon by Pink Floyd',
    });
  });

  it('opens the search prefilled with what was shared when the album is not found', async () => {
    const server = serverAnswers(answers.search);
    server.release();
    const { address } = show('/share?title=Blue%20-%20Album%20by%20Joni%20Mitchell&url=spotify%3Aalbum%3A1vz94WpXDVYE6jxU7lE3wf');
    await waitFor(() => expect(address()).toBe('/search?q=Joni%20Mitchell%20Blue'));
  });

  it('sends words shared where the link goes as text, and says so when nothing can be found', async () => {
    const server = serverAnswers(answers.unsupported);
    server.release();
    show('/share?url=hello%20there');
    expect(await screen.findByText("This isn't a music link Hearsay can read")).toBeInTheDocument();
    expect(Object.fromEntries(server.requests[0]!.searchParams)).toEqual({ text: 'hello there' });
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search?q=hello%20there');
  });

  it('asks nothing when nothing was shared', async () => {
    const server = serverAnswers(answers.album);
    show('/share');
    expect(await screen.findByText('Nothing was shared')).toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });
});
