import type { AlbumCard, ReleaseType } from '@hearsay/contracts/catalog';
import { RELEASE_TYPES } from '@hearsay/contracts/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Field, Input, NativeSelect } from '../ui/input.tsx';
import { useAddAlbumByHand } from './musicbrainz.ts';
import { useErrorText } from '../i18n/error-text.ts';

/**
 * When MusicBrainz cannot be asked, a member adds the album by hand: title, artist, year and type. The album waits for
 * a moderator like an imported one, and can be rated and reviewed at once.
 */
export function AlbumByHandForm({ initialTitle, onAdded }: { initialTitle: string; onAdded: (album: AlbumCard) => void }) {
  const { t } = useTranslation('catalog');
  const errorText = useErrorText();
  const id = useId();
  const [title, setTitle] = useState(initialTitle);
  const [artist, setArtist] = useState('');
  const [year, setYear] = useState('');
  const [releaseType, setReleaseType] = useState<ReleaseType>('album');
  const adding = useAddAlbumByHand(onAdded);

  const ready = title.trim() !== '' && artist.trim() !== '';
  const submit = () => {
    if (ready && !adding.isPending) adding.mutate({ title, artist, year: year ? Number(year) : null, releaseType });
  };

  // A group rather than a form: it sits inside other forms (a new collection's album search).
  return (
    <div
      role="group"
      aria-labelledby={`${id}-heading`}
      className="mt-3 flex flex-col gap-3 rounded-2xl border border-line p-4"
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        submit();
      }}
    >
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-ink">
        {t('byHand.title')}
      </h3>
      <p className="text-sm text-ink-muted">{t('byHand.intro')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-title`} label={t('byHand.albumTitle')}>
          <Input id={`${id}-title`} value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={1000} />
        </Field>
        <Field id={`${id}-artist`} label={t('byHand.artist')}>
          <Input id={`${id}-artist`} value={artist} onChange={(event) => setArtist(event.target.value)} required maxLength={1000} />
        </Field>
        <Field id={`${id}-year`} label={t('byHand.year')}>
          <Input
            id={`${id}-year`}
            value={year}
            onChange={(event) => setYear(event.target.value)}
            type="number"
            inputMode="numeric"
            min={1900}
            max={2100}
          />
        </Field>
        <Field id={`${id}-type`} label={t('byHand.type')}>
          <NativeSelect id={`${id}-type`} value={releaseType} onChange={(event) => setReleaseType(event.target.value as ReleaseType)}>
            {RELEASE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`album.releaseType.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      {adding.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(adding.error)}
        </p>
      ) : null}
      <Button type="button" size="sm" className="self-start" disabled={!ready || adding.isPending} onClick={submit}>
        {t('byHand.submit')}
      </Button>
    </div>
  );
}
