import type { ImportJob } from '@hearsay/contracts/imports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { RymImport } from './rym-import.tsx';

const summary = {
  ratingsImported: 4,
  trackRatingsImported: 5,
  reviewsImported: 1,
  reviewsKept: 0,
  drafts: [],
  listenLater: 1,
  matched: 11,
  created: 1,
  unchanged: 0,
  skipped: 1,
  skippedRows: [
    { line: 3, artist: 'My Bloody Valentine', title: 'Loveless', reason: 'Review: Your review needs at least 50 characters of text' },
  ],
  journalImported: 2,
  collectionsImported: 2,
  albumLikes: 1,
  favouriteAlbums: 0,
  followsSkipped: 3,
  remoteFollowsAsked: 0,
  remoteFollowsOff: 2,
  commentsSkipped: 1,
  likesSkipped: 2,
  listensImported: 0,
  listensUnchanged: 0,
  lovedTracks: 0,
  lovedNotFound: 0,
};
const finished: ImportJob = {
  id: 'job1',
  source: 'hearsay',
  fileName: 'hearsay-2026-11-01.zip',
  status: 'done',
  checking: false,
  total: 11,
  processed: 11,
  summary,
  error: null,
  errorCode: null,
  errorParams: null,
  issues: [],
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T10:00:05.000Z',
};

const requests: { method: string; url: string }[] = [];
beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ method: init?.method ?? 'GET', url });
      return new Response(JSON.stringify(finished), {
        status: init?.method === 'POST' ? 202 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);

describe('the import', () => {
  it('sends a Hearsay export to the Hearsay import and sums up what came back and what stayed behind', async () => {
    const { user } = renderWithProviders(<RymImport />);
    await user.upload(screen.getByLabelText('Choose your RateYourMusic CSV or a Hearsay export (.zip)'), file('hearsay-2026-11-01.zip'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const region = await screen.findByRole('region', { name: 'Import summary' });
    expect(requests[0]).toEqual({ method: 'POST', url: '/api/imports/hearsay' });
    expect(within(region).getByRole('status')).toHaveTextContent('Import finished: 11 items read.');
    expect(within(region).getByText('Journal entries added').nextSibling).toHaveTextContent('2');
    expect(within(region).getByText('Track ratings imported').nextSibling).toHaveTextContent('5');
    expect(within(region).getByText('Collections added').nextSibling).toHaveTextContent('2');
    expect(within(region).getByText(/Left behind/)).toHaveTextContent('3 follows, 1 comments, 2 likes');
    // A site without federation says it could not follow the people of other sites again.
    expect(within(region).getByText(/people of other sites were left out/)).toHaveTextContent(
      '2 follows of people of other sites were left out: this site does not connect with other sites (federation is off).',
    );
    expect(within(region).queryByText(/again/)).not.toBeInTheDocument();
    expect(
      within(region).getByText('My Bloody Valentine – Loveless: Review: Your review needs at least 50 characters of text'),
    ).toBeInTheDocument();
  });

  it('says where short review texts went, each a link to its album, whose review form starts from the draft', async () => {
    const drafted: ImportJob = {
      ...finished,
      source: 'rym',
      fileName: 'export.csv',
      summary: {
        ...summary,
        reviewsKept: 2,
        drafts: [
          { albumId: 'a1', artist: 'Simon & Garfunkel', title: 'Bridge Over Troubled Water' },
          { albumId: 'a2', artist: 'Low', title: 'Things We Lost in the Fire' },
        ],
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => Response.json(drafted, { status: init?.method === 'POST' ? 202 : 200 })),
    );
    const { user } = renderWithProviders(<RymImport />);
    await user.upload(screen.getByLabelText('Choose your RateYourMusic CSV or a Hearsay export (.zip)'), file('export.csv'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const region = await screen.findByRole('region', { name: 'Import summary' });
    expect(within(region).getByText('Kept as drafts').nextSibling).toHaveTextContent('2');
    await user.click(within(region).getByText('2 short review texts were kept as drafts'));
    expect(within(region).getByRole('link', { name: 'Simon & Garfunkel – Bridge Over Troubled Water' })).toHaveAttribute(
      'href',
      '/album/a1#reviews',
    );
    expect(within(region).getByRole('link', { name: 'Low – Things We Lost in the Fire' })).toHaveAttribute('href', '/album/a2#reviews');
  });

  it('says it is checking a Hearsay export once uploaded, then what is wrong with it when it is not one', async () => {
    const checking: ImportJob = { ...finished, status: 'running', checking: true, total: 0, processed: 0, finishedAt: null };
    const refused: ImportJob = {
      ...checking,
      status: 'failed',
      checking: false,
      error: 'This is not a Hearsay export: ratings.0.rating: must be at most 10.',
      errorCode: 'not_hearsay_export',
      errorParams: { path: 'ratings.0.rating' },
      issues: [
        { path: 'ratings.0.rating', code: 'too_big', params: { maximum: 10 }, message: 'must be at most 10' },
        { path: 'reviews.2.createdAt', code: 'wrong_format', params: { format: 'datetime' }, message: 'must be a valid datetime' },
      ],
    };
    let asked = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST' ? Response.json(checking, { status: 202 }) : Response.json(asked++ ? refused : checking),
      ),
    );
    const { user } = renderWithProviders(<RymImport />);
    await user.upload(screen.getByLabelText('Choose your RateYourMusic CSV or a Hearsay export (.zip)'), file('hearsay.zip'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Reading and checking the file...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Import failed');
    expect(alert).toHaveTextContent('This is not a Hearsay export: ratings.0.rating: must be at most 10.');
    const issues = within(alert).getByRole('list', { name: 'What is wrong with the file' });
    expect(
      within(issues)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ratings.0.rating: must be at most 10', 'reviews.2.createdAt: must be a valid datetime']);
  });

  it('sends a CSV to the RateYourMusic import, and refuses other files before uploading', async () => {
    renderWithProviders(<RymImport />);
    // As a browser's "All files" choice lets through whatever the accept list says.
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Choose your RateYourMusic CSV or a Hearsay export (.zip)');
    await user.upload(input, file('notes.txt'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please choose a .csv file exported from RateYourMusic, or the .zip of a Hearsay export.',
    );
    await user.upload(input, file('huge.zip', 20 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('That file is larger than 20 MB.');
    await user.upload(input, file('export.csv'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByRole('region', { name: 'Import summary' });
    expect(requests[0]).toEqual({ method: 'POST', url: '/api/imports/rym' });
  });
});
