import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { Review, ReviewDraft } from '@hearsay/contracts/reviews';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/lib/api-client.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Button, FormButtons } from '../../shared/ui/button.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { TextField } from '../../shared/ui/input.tsx';
import { RatingInput } from '../../shared/ui/rating-input.tsx';
import { RichTextEditor } from '../../shared/ui/rich-text-editor.tsx';
import { useEditReview, usePublishReview, useSaveDraft } from './api.ts';
import { toast } from 'sonner';
import { useWaitingDraft, WaitingToSend } from '../../shared/offline/waiting-to-send.tsx';
import { REVIEW_MIN_CHARACTERS, REVIEW_TITLE_MAX } from '@hearsay/contracts/constants';
import { useErrorText } from '../../shared/i18n/error-text.ts';

type AlbumSummary = Pick<AlbumCard, 'id' | 'title' | 'artistCredit' | 'coverUrl'>;

/** The characters of text in a draft's HTML, as the editor counts them once it has read the draft. */
const textLengthOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim().length ?? 0;

/**
 * "Write a Review" (spec §2): the album, a rating, an optional title (≤ 100) and the text. Publish stays disabled
 * while sending, without a rating, or under 50 characters of text. Editing an existing review uses the same form.
 */
export function ReviewForm({
  album,
  existing,
  draft,
  initialRating,
  onDone,
  onCancel,
  cancelLabel,
}: {
  album: AlbumSummary;
  existing?: Review;
  /** Your draft of a new review (saved earlier or kept from an import): the form starts from it. */
  draft?: ReviewDraft | null;
  initialRating?: number | null;
  onDone: (review: Review) => void;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const publish = usePublishReview();
  const edit = useEditReview();
  const saveDraft = useSaveDraft(album);
  const { t: offline } = useTranslation('offline');
  const waitingDraft = useWaitingDraft(album.id);
  const [rating, setRating] = useState<number | null>(existing?.rating ?? initialRating ?? null);
  // A draft saved offline is newer than the one the server has.
  const start = existing ? null : (waitingDraft ?? draft);
  const [title, setTitle] = useState(existing?.title ?? start?.title ?? '');
  const [content, setContent] = useState(existing?.contentHtml ?? start?.contentHtml ?? '');
  const [textLength, setTextLength] = useState(existing ? REVIEW_MIN_CHARACTERS : start ? textLengthOf(start.contentHtml) : 0);
  const [error, setError] = useState<string | null>(null);
  const pending = publish.isPending || edit.isPending || saveDraft.isPending;
  const tooShort = textLength < REVIEW_MIN_CHARACTERS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating || tooShort || pending) return;
    setError(null);
    const body = { rating, title, content };
    const handlers = {
      onSuccess: (review: Review) => {
        setRating(null);
        setTitle('');
        setContent('');
        setTextLength(0);
        onDone(review);
      },
      onError: (cause: Error) => setError(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('failed')),
    };
    if (existing) edit.mutate({ reviewId: existing.id, body }, handlers);
    else publish.mutate({ albumId: album.id, body }, handlers);
  };

  const keepDraft = () => {
    setError(null);
    saveDraft.mutate(
      { title, content },
      {
        onSuccess: (saved) => {
          toast.success(saved ? t('form.draftSaved') : offline('kept'));
          onCancel();
        },
        onError: (cause) => setError(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('failed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <AlbumCover src={album.coverUrl} alt="" className="size-16 shrink-0 rounded-lg" />
        <div className="min-w-0">
          <p className="truncate font-display text-lg font-semibold text-ink">{album.title}</p>
          <p className="truncate text-sm text-ink-muted">{album.artistCredit}</p>
        </div>
      </div>
      <FormMessage error={error} />
      {start ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-surface-2 px-3 py-2 text-sm text-ink-muted">
          {t('form.fromDraft')}
          {waitingDraft ? <WaitingToSend /> : null}
        </p>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-ink">{t('form.rating')}</span>
        {/* The rating input prints the value and its label itself: saying them again here repeated them. */}
        <RatingInput value={rating} onChange={setRating} label={t('form.ratingLabel', { title: album.title })} />
      </div>
      <TextField
        id="review-title"
        label={t('form.title')}
        hint={t('form.titleCount', { count: title.length, max: REVIEW_TITLE_MAX })}
        value={title}
        onValueChange={setTitle}
        maxLength={REVIEW_TITLE_MAX}
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-ink" id="review-content-label">
          {t('form.content')}
        </span>
        <RichTextEditor
          id="review-content"
          label={t('form.content')}
          describedBy="review-content-hint"
          value={content}
          onChange={(html, text) => {
            setContent(html);
            setTextLength(text.trim().length);
          }}
        />
        <p id="review-content-hint" className="text-xs text-ink-muted">
          {tooShort ? t('form.minimum') : t('form.characters', { count: textLength })}
        </p>
      </div>
      <FormButtons cancelLabel={cancelLabel ?? t('form.cancel')} onCancel={onCancel}>
        {existing ? null : (
          <Button type="button" variant="outline" onClick={keepDraft} disabled={textLength === 0 || pending}>
            {t('form.saveDraft')}
          </Button>
        )}
        <Button type="submit" disabled={!rating || tooShort || pending}>
          {pending ? t('form.publishing') : existing ? t('form.save') : t('form.publish')}
        </Button>
      </FormButtons>
    </form>
  );
}
