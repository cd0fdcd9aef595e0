import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, FormButtons } from '../../shared/ui/button.tsx';
import { Field, Input, Textarea } from '../../shared/ui/input.tsx';
import { RatingInput } from '../../shared/ui/rating-input.tsx';
import { localToday } from './api.ts';
import { JOURNAL_EARLIEST_DAY, JOURNAL_NOTE_MAX } from '@hearsay/contracts/constants';
import { useErrorText } from '../../shared/i18n/error-text.ts';

interface ListenValues {
  listenedOn: string;
  rating: number | null;
  note: string;
}

/** Date (today by default, never in the future or before 1900), an optional rating of this listen, and a short note. */
export function ListenForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<ListenValues>;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: ListenValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('journal');
  const errorText = useErrorText();
  const id = useId();
  const today = localToday();
  const [listenedOn, setListenedOn] = useState(initial?.listenedOn ?? today);
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [note, setNote] = useState(initial?.note ?? '');
  const [dateError, setDateError] = useState<string | undefined>();
  const [noteError, setNoteError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const dateProblem = !listenedOn
      ? t('form.dateRequired')
      : listenedOn > today
        ? t('form.dateFuture')
        : listenedOn < JOURNAL_EARLIEST_DAY
          ? t('form.dateTooEarly')
          : undefined;
    const noteProblem = note.trim().length > JOURNAL_NOTE_MAX ? t('form.noteTooLong', { max: JOURNAL_NOTE_MAX }) : undefined;
    setDateError(dateProblem);
    setNoteError(noteProblem);
    if (dateProblem || noteProblem) return;
    try {
      await onSubmit({ listenedOn, rating, note: note.trim() });
    } catch (error) {
      setFormError(errorText(error, t('form.failed')));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <Field id={`${id}-date`} label={t('form.date')} error={dateError}>
        <Input
          id={`${id}-date`}
          type="date"
          value={listenedOn}
          min={JOURNAL_EARLIEST_DAY}
          max={today}
          required
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? `${id}-date-error` : undefined}
          onChange={(event) => setListenedOn(event.target.value)}
        />
      </Field>
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-ink">{t('form.rating')}</p>
        <RatingInput value={rating} onChange={setRating} label={t('form.ratingLabel')} />
        {rating !== null ? (
          <Button variant="link" size="sm" className="self-start" onClick={() => setRating(null)}>
            {t('form.clearRating')}
          </Button>
        ) : (
          <p className="text-xs text-ink-subtle">{t('form.ratingHint')}</p>
        )}
      </div>
      <Field
        id={`${id}-note`}
        label={t('form.note')}
        hint={t('form.noteCount', { count: note.trim().length, max: JOURNAL_NOTE_MAX })}
        error={noteError}
      >
        <Textarea
          id={`${id}-note`}
          value={note}
          rows={4}
          placeholder={t('form.notePlaceholder')}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-error` : `${id}-note-hint`}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      {formError ? (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <FormButtons cancelLabel={t('form.cancel')} onCancel={onCancel}>
        <Button type="submit" disabled={pending}>
          {pending ? t('form.saving') : submitLabel}
        </Button>
      </FormButtons>
    </form>
  );
}
