import type { CorrectionField } from '@hearsay/contracts/curation';
import type { AlbumDetail } from '@hearsay/contracts/catalog';
import { CORRECTION_NOTE_MAX, RELEASE_TYPES } from '@hearsay/contracts/constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button, FormButtons, SubmitButton } from '../../shared/ui/button.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { Field, Input, NativeSelect, Textarea } from '../../shared/ui/input.tsx';

type Values = Record<CorrectionField, string>;

/** What the album says now, as the form shows it (and as the server compares a suggestion with). */
export function currentValues(album: Pick<AlbumDetail, 'title' | 'releaseYear' | 'releaseType' | 'artistCredit'>): Values {
  return {
    title: album.title,
    year: album.releaseYear === null ? '' : String(album.releaseYear),
    release_type: album.releaseType,
    artist_credit: album.artistCredit,
  };
}

/**
 * "Suggest a correction" (decision 080): the album's title, year, release type and artist credit as they are now, for
 * a member to change. Each changed detail is sent as its own suggestion (a curator accepts or rejects each); the
 * server's words for a detail it refuses show under that detail, and what was already sent is not sent twice.
 */
export function CorrectionForm({
  album,
  send,
  onCancel,
}: {
  album: Pick<AlbumDetail, 'title' | 'releaseYear' | 'releaseType' | 'artistCredit'>;
  send: (correction: { field: CorrectionField; value: string; note: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('curation');
  const errorText = useErrorText();
  const id = useId();
  const [initial] = useState(() => currentValues(album));
  const [values, setValues] = useState(initial);
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<Partial<Values>>({});
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CorrectionField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage success={t('suggest.thanks')} />
        <div className="flex justify-end">
          <Button onClick={onCancel}>{t('suggest.close')}</Button>
        </div>
      </div>
    );
  }

  const changed = (Object.keys(values) as CorrectionField[]).filter(
    (field) => values[field].trim() !== initial[field] && values[field].trim() !== sent[field],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldErrors({});
    setFormError(null);
    if (changed.length === 0) {
      setFormError(t('suggest.nothingChanged'));
      return;
    }
    setPending(true);
    try {
      for (const field of changed) {
        const value = values[field].trim();
        try {
          await send({ field, value, note: note.trim() });
        } catch (error) {
          const issue = error instanceof ApiError ? error.issues.find((each) => each.path === 'body.value') : undefined;
          if (issue) setFieldErrors({ [field]: errorText.issue(issue) });
          else if (error instanceof ApiError && error.code === 'correction_unchanged') setFieldErrors({ [field]: errorText(error) });
          else setFormError(errorText(error));
          return;
        }
        setSent((before) => ({ ...before, [field]: value }));
      }
      setDone(true);
    } finally {
      setPending(false);
    }
  }

  const set = (field: CorrectionField) => (value: string) => setValues((before) => ({ ...before, [field]: value }));
  const described = (field: CorrectionField) =>
    fieldErrors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <FormMessage error={formError} />
      <Field id={`${id}-title`} label={t('corrections.fields.title')} error={fieldErrors.title}>
        <Input id={`${id}-title`} value={values.title} onChange={(event) => set('title')(event.target.value)} {...described('title')} />
      </Field>
      <Field id={`${id}-artist_credit`} label={t('corrections.fields.artist_credit')} error={fieldErrors.artist_credit}>
        <Input
          id={`${id}-artist_credit`}
          value={values.artist_credit}
          onChange={(event) => set('artist_credit')(event.target.value)}
          {...described('artist_credit')}
        />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={`${id}-year`} label={t('corrections.fields.year')} error={fieldErrors.year}>
          <Input
            id={`${id}-year`}
            inputMode="numeric"
            value={values.year}
            onChange={(event) => set('year')(event.target.value)}
            {...described('year')}
          />
        </Field>
        <Field id={`${id}-release_type`} label={t('corrections.fields.release_type')} error={fieldErrors.release_type}>
          <NativeSelect
            id={`${id}-release_type`}
            className="h-11 w-full"
            value={values.release_type}
            onChange={(event) => set('release_type')(event.target.value)}
            {...described('release_type')}
          >
            {RELEASE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id={`${id}-note`} label={t('suggest.note')} hint={t('suggest.noteHint')}>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={CORRECTION_NOTE_MAX}
          aria-describedby={`${id}-note-hint`}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      <FormButtons cancelLabel={t('suggest.cancel')} onCancel={onCancel}>
        <SubmitButton pending={pending} pendingLabel={t('suggest.sending')}>
          {t('suggest.send')}
        </SubmitButton>
      </FormButtons>
    </form>
  );
}
