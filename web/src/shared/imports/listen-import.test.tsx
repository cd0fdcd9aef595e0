import type { ImportJob } from '@hearsay/contracts/imports';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ListenImport } from './listen-import.tsx';

const finished: ImportJob = {
  id: 'job1',
  source: 'listenbrainz',
  fileName: 'listenbrainz_lucifer_1749000000.zip',
  status: 'done',
  checking: false,
  total: 12_360,
  processed: 12_360,
  summary: {
    ratingsImported: 0,
    trackRatingsImported: 0,
    reviewsImported: 0,
    reviewsKept: 0,
    drafts: [],
    listenLater: 0,
    matched: 0,
    created: 0,
    unchanged: 0,
    skipped: 12,
    skippedRows: [
      {
        line: 7,
        artist: 'The Stranglers',
        title: 'Too Early',
        reason: 'Listened before October 2002: not a real time',
        file: 'export.zip: listens/2002/9.jsonl',
      },
    ],
    journalImported: 0,
    collectionsImported: 0,
    albumLikes: 3,
    favouriteAlbums: 0,
    followsSkipped: 0,
    remoteFollowsAsked: 0,
    remoteFollowsOff: 0,
    commentsSkipped: 0,
    likesSkipped: 0,
    listensImported: 12_345,
    listensUnchanged: 0,
    lovedTracks: 4,
    lovedNotFound: 1,
  },
  error: null,
  errorCode: null,
  errorParams: null,
  issues: [],
  createdAt: '2026-12-06T10:00:00.000Z',
  finishedAt: '2026-12-06T10:01:00.000Z',
};

function serve(options: { lastfm: boolean }) {
  const requests: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ method: init?.method ?? 'GET', url, body: init?.body });
      const answer = url.endsWith('/options') ? { lastfm: options.lastfm, maxMegabytes: 512 } : finished;
      return new Response(JSON.stringify(answer), {
        status: init?.method === 'POST' ? 202 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}
afterEach(() => vi.unstubAllGlobals());

describe('importing a listening history', () => {
  it('uploads the chosen files together and sums up the listens, the lines skipped and the favourites', async () => {
    const requests = serve({ lastfm: false });
    const { user } = renderWithProviders(<ListenImport />);
    await user.upload(screen.getByLabelText('Choose your ListenBrainz export (.zip, .json) or Last.fm CSV'), [
      new File(['{}'], 'page-1.json'),
      new File(['{}'], 'page-2.json'),
    ]);
    expect(screen.getByText(/2 files/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const region = await screen.findByRole('region', { name: 'Import summary' });
    const upload = requests.find((request) => request.method === 'POST')!;
    expect(upload.url).toBe('/api/imports/listens');
    expect((upload.body as FormData).getAll('file')).toHaveLength(2);
    expect(within(region).getByRole('status')).toHaveTextContent('12,345 listens imported, 12 skipped, 3 favourites');
    expect(within(region).getByText('Loved, album not found').nextSibling).toHaveTextContent('1');
    expect(within(region).getByText(/export.zip: listens\/2002\/9.jsonl, line 7/)).toHaveTextContent(
      'Listened before October 2002: not a real time',
    );
    // Last.fm is not set up on this site: no username to give.
    expect(screen.queryByLabelText(/Last.fm username/)).not.toBeInTheDocument();
  });

  it('offers a Last.fm username where the site has Last.fm set up', async () => {
    const requests = serve({ lastfm: true });
    const { user } = renderWithProviders(<ListenImport />);
    await user.type(await screen.findByLabelText(/Last.fm username/), 'drwahl');
    await user.click(screen.getByRole('button', { name: 'Import from Last.fm' }));
    await screen.findByRole('region', { name: 'Import summary' });
    const started = requests.find((request) => request.method === 'POST')!;
    expect(started.url).toBe('/api/imports/lastfm');
    expect(JSON.parse(started.body as string)).toEqual({ username: 'drwahl' });
  });
});
