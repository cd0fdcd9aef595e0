import type { Review, ReviewDraft } from '@hearsay/contracts/reviews';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/lib/api-client.ts';
import { albumCard } from '../../shared/test/fixtures.ts';
import { ReviewForm } from './review-form.tsx';
import { REVIEW_TITLE_MAX } from '@hearsay/contracts/constants';

type Handlers = { onSuccess: (review: Review) => void; onError: (cause: Error) => void };

// The form is tested up to the API: publishing and editing are stood in for, and the test plays the server's answer.
const reviews = vi.hoisted(() => ({
  publish: { mutate: vi.fn<(variables: unknown, handlers: Handlers) => void>(), isPending: false },
  edit: { mutate: vi.fn<(variables: unknown, handlers: Handlers) => void>(), isPending: false },
  saveDraft: {
    mutate: vi.fn<(variables: unknown, handlers: { onSuccess: (draft: unknown) => void; onError: (cause: Error) => void }) => void>(),
    isPending: false,
  },
}));
vi.mock('./api.ts', () => ({
  usePublishReview: () => reviews.publish,
  useEditReview: () => reviews.edit,
  useSaveDraft: () => reviews.saveDraft,
}));

const ALBUM = albumCard({ id: 'album-1', title: 'Kind of Blue' });
// Longer than the 50-character minimum.
const TEXT = 'Five modal pieces, played as if nothing at all was at stake';
const TITLE_INPUT = 'Review Title';

const review: Review = {
  id: 'review-1',
  album: ALBUM,
  author: { id: 'user-1', username: 'ada', name: 'Ada', avatarUrl: null },
  rating: 9,
  title: 'Cool, calm',
  contentHtml: `<p>${TEXT}, and every one of them matters.</p>`,
  excerpt: TEXT,
  createdAt: '2026-01-05T12:00:00Z',
  editedAt: null,
  likeCount: 0,
  commentCount: 0,
  likedByViewer: false,
  isOwner: true,
  hiddenReason: null,
};

function renderForm(props: { existing?: Review; draft?: ReviewDraft | null; initialRating?: number | null } = {}) {
  const onDone = vi.fn<(review: Review) => void>();
  const onCancel = vi.fn<() => void>();
  const user = userEvent.setup();
  render(<ReviewForm album={ALBUM} onDone={onDone} onCancel={onCancel} {...props} />);
  return {
    onDone,
    onCancel,
    user,
    editor: screen.getByRole('textbox', { name: 'Your Review' }),
    slider: screen.getByRole('slider', { name: 'Your rating of Kind of Blue' }),
  };
}

async function rate(user: ReturnType<typeof userEvent.setup>, slider: HTMLElement, key: string) {
  slider.focus();
  await user.keyboard(`${key}{Enter}`);
}

describe('ReviewForm', () => {
  beforeEach(() => {
    reviews.publish.mutate.mockReset();
    reviews.edit.mutate.mockReset();
    reviews.saveDraft.mutate.mockReset();
  });

  it('starts from the draft kept from an import, and publishes it once it is long enough', async () => {
    const draft = {
      title: 'Short and sweet',
      contentHtml: '<p>Their <em>last</em> album &amp; best.</p>',
      updatedAt: '2026-12-01T10:00:00Z',
    };
    const { user, editor, slider } = renderForm({ draft, initialRating: 8 });
    expect(screen.getByText('This starts from your draft.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: TITLE_INPUT })).toHaveValue('Short and sweet');
    expect(editor).toHaveTextContent('Their last album & best.');
    expect(editor).toHaveAccessibleDescription('Minimum 50 characters');
    await user.click(editor);
    await user.paste(' It grows on you with every single listen. ');
    expect(editor).toHaveAccessibleDescription(/^6\d characters$/);
    await rate(user, slider, '{End}');
    await user.click(screen.getByRole('button', { name: 'Publish Review' }));
    expect(reviews.publish.mutate).toHaveBeenCalledWith(
      {
        albumId: 'album-1',
        body: expect.objectContaining({ title: 'Short and sweet', content: expect.stringContaining('<em>last</em> album &amp; best.') }),
      },
      expect.anything(),
    );
  });

  it('edits an existing review, not the draft', () => {
    renderForm({ existing: review, draft: { title: 'Old draft', contentHtml: '<p>Old</p>', updatedAt: '2026-12-01T10:00:00Z' } });
    expect(screen.getByRole('textbox', { name: TITLE_INPUT })).toHaveValue('Cool, calm');
    expect(screen.queryByText('This starts from your draft.')).toBeNull();
  });

  it('asks for 50 characters of text and then counts them', async () => {
    const { user, editor } = renderForm();
    expect(editor).toHaveAccessibleDescription('Minimum 50 characters');
    await user.click(editor);
    await user.paste(TEXT.slice(0, 49));
    expect(editor).toHaveAccessibleDescription('Minimum 50 characters');
    await user.keyboard('e');
    expect(editor).toHaveAccessibleDescription('50 characters');
  });

  it('counts the words, not the formatting or the spaces around them', async () => {
    const { user, editor } = renderForm();
    await user.click(editor);
    await user.paste(`   ${TEXT.slice(0, 45)}   `);
    expect(editor).toHaveAccessibleDescription('Minimum 50 characters');
  });

  it('keeps Publish disabled until there is a rating and enough text', async () => {
    const { user, editor, slider } = renderForm();
    const publish = screen.getByRole('button', { name: 'Publish Review' });
    expect(publish).toBeDisabled();
    await user.click(editor);
    await user.paste(TEXT);
    expect(publish).toBeDisabled();
    await rate(user, slider, '{End}');
    expect(publish).toBeEnabled();
  });

  it('counts the title up to its maximum of 100 characters', async () => {
    const { user } = renderForm();
    const title = screen.getByRole('textbox', { name: TITLE_INPUT });
    expect(screen.getByText(`0 / ${REVIEW_TITLE_MAX}`)).toBeInTheDocument();
    await user.type(title, 'Cool');
    expect(screen.getByText(`4 / ${REVIEW_TITLE_MAX}`)).toBeInTheDocument();
    await user.click(title);
    await user.paste('x'.repeat(REVIEW_TITLE_MAX));
    expect(title).toHaveValue(`Cool${'x'.repeat(REVIEW_TITLE_MAX - 4)}`);
    expect(screen.getByText(`${REVIEW_TITLE_MAX} / ${REVIEW_TITLE_MAX}`)).toBeInTheDocument();
  });

  it('announces the rating chosen with its label', async () => {
    const { user, slider } = renderForm({ initialRating: 6 });
    expect(screen.getByText('6.0 – Good')).toBeInTheDocument();
    await rate(user, slider, '{ArrowRight}{ArrowRight}');
    expect(screen.getByText('7.0 – Very good')).toBeInTheDocument();
  });

  it('publishes the rating, title and text, then starts empty again', async () => {
    const { user, editor, slider, onDone } = renderForm();
    await rate(user, slider, '{End}{ArrowLeft}');
    await user.type(screen.getByRole('textbox', { name: TITLE_INPUT }), 'Cool, calm');
    await user.click(editor);
    await user.paste(TEXT);
    await user.click(screen.getByRole('button', { name: 'Publish Review' }));

    expect(reviews.publish.mutate).toHaveBeenCalledExactlyOnceWith(
      { albumId: 'album-1', body: { rating: 9.5, title: 'Cool, calm', content: `<p>${TEXT}</p>` } },
      expect.anything(),
    );
    const [, handlers] = reviews.publish.mutate.mock.calls[0]!;
    act(() => handlers.onSuccess(review));
    expect(onDone).toHaveBeenCalledExactlyOnceWith(review);
    expect(screen.getByRole('textbox', { name: TITLE_INPUT })).toHaveValue('');
    expect(editor.textContent).toBe('');
    expect(slider).toHaveAttribute('aria-valuetext', 'Select a rating');
  });

  it('shows why the server refused, and keeps what was written', async () => {
    const { user, editor, slider, onDone } = renderForm();
    await rate(user, slider, '{End}');
    await user.click(editor);
    await user.paste(TEXT);
    await user.click(screen.getByRole('button', { name: 'Publish Review' }));
    const [, handlers] = reviews.publish.mutate.mock.calls[0]!;
    act(() => handlers.onError(new ApiError(409, 'already_reviewed', 'You have already reviewed this album.')));
    expect(screen.getByRole('alert')).toHaveTextContent('You have already reviewed this album.');
    expect(editor).toHaveTextContent(TEXT);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('edits an existing review in place', async () => {
    const { user } = renderForm({ existing: review });
    const title = screen.getByRole('textbox', { name: TITLE_INPUT });
    expect(title).toHaveValue('Cool, calm');
    await user.clear(title);
    await user.type(title, 'Still cool');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(reviews.edit.mutate).toHaveBeenCalledExactlyOnceWith(
      { reviewId: 'review-1', body: { rating: 9, title: 'Still cool', content: review.contentHtml } },
      expect.anything(),
    );
    expect(reviews.publish.mutate).not.toHaveBeenCalled();
  });

  it('saves what is written as a draft, with no rating and any length, and closes', async () => {
    const { user, editor, onCancel } = renderForm();
    const saveDraft = screen.getByRole('button', { name: 'Save draft' });
    expect(saveDraft).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: TITLE_INPUT }), 'Later');
    await user.click(editor);
    await user.paste('Half a thought');
    await user.click(saveDraft);
    const [variables, handlers] = reviews.saveDraft.mutate.mock.calls[0]!;
    expect(variables).toEqual({ title: 'Later', content: '<p>Half a thought</p>' });
    act(() => handlers.onSuccess(null));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(reviews.publish.mutate).not.toHaveBeenCalled();
  });

  it('offers no draft when editing a published review', () => {
    renderForm({ existing: review });
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });

  it('hands Cancel back to its opener', async () => {
    const { user, onCancel } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
