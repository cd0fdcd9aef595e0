import type { AlbumEdition } from '@hearsay/contracts/editions';
import {
  MEDIA_TYPES,
  OWNERSHIP_STATUSES,
  type AlbumOwnership,
  type OwnershipStatus,
  type SetOwnershipBody,
} from '@hearsay/contracts/library';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatCalendarDate } from '../../shared/lib/format-date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FilterSelect } from '../../shared/ui/input.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useAlbumEditions, useAlbumOwnership, useSetOwnership } from './editions-api.ts';

/** MusicBrainz's codes for regions that are not countries. */
const REGIONS = new Set(['XE', 'XW']);

/** A country code in the reader's language ("GB" → "United Kingdom"); MusicBrainz's own regions by their words. */
function useCountryName() {
  const { t, i18n } = useTranslation('catalog');
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (code: string | null) => {
    if (!code) return null;
    if (REGIONS.has(code)) return t(`editions.regions.${code as 'XE' | 'XW'}`);
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** A medium in the reader's language when it is one of those offered, else as it was written (an import's "LP"). */
function useMediumName() {
  const { t } = useTranslation('catalog');
  return (medium: string) =>
    (MEDIA_TYPES as readonly string[]).includes(medium) ? t(`ownership.media.${medium as (typeof MEDIA_TYPES)[number]}`) : medium;
}

/**
 * The album's editions, from MusicBrainz, and (for a member) their copy: whether they own the album, on what, and
 * which edition. Loaded when the section is opened; the album's ratings are not affected by any of it.
 */
export default function EditionsPanel({ albumRef, signedIn }: { albumRef: string; signedIn: boolean }) {
  const { t } = useTranslation('catalog');
  const editions = useAlbumEditions(albumRef);
  const ownership = useAlbumOwnership(albumRef, signedIn);
  const save = useSetOwnership(albumRef);
  const mine = ownership.data?.ownership ?? null;

  const change = (next: SetOwnershipBody | null, done: string) =>
    save.mutate(next, { onSuccess: () => toast.success(done), onError: () => toast.error(t('ownership.failed')) });

  if (editions.isError)
    return (
      <p className="text-sm text-ink-muted">
        {t('editions.failed')}{' '}
        <Button variant="link" size="sm" onClick={() => void editions.refetch()}>
          {t('editions.retry')}
        </Button>
      </p>
    );
  const answer = editions.data;
  return (
    <div className="space-y-5">
      {signedIn ? (
        <YourCopy
          mine={mine}
          ready={Boolean(ownership.data)}
          saving={save.isPending}
          onChange={(next) => change(next, next === null ? t('ownership.removed') : t('ownership.saved'))}
        />
      ) : null}
      {!answer ? (
        <div className="space-y-2" aria-label={t('editions.loading')}>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : answer.state === 'fetching' ? (
        <p className="text-sm text-ink-muted" role="status">
          {t('editions.fetching')}
        </p>
      ) : answer.state === 'unavailable' ? (
        <p className="text-sm text-ink-muted" role="status">
          {answer.reason === 'off' ? t('editions.off') : t('editions.unreachable')}
        </p>
      ) : answer.state === 'not_on_musicbrainz' ? (
        <p className="text-sm text-ink-muted">{t('editions.notOnMusicBrainz')}</p>
      ) : answer.editions.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('editions.none')}</p>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" aria-label={t('editions.listLabel')}>
            {answer.editions.map((edition) => (
              <EditionRow
                key={edition.mbid}
                edition={edition}
                owned={mine?.edition?.mbid === edition.mbid}
                signedIn={signedIn}
                disabled={!ownership.data || save.isPending}
                onOwn={(own) =>
                  change(
                    own
                      ? {
                          status: mine && mine.status !== 'wishlist' ? mine.status : 'owned',
                          mediaType: mine?.mediaType ?? null,
                          releaseMbid: edition.mbid,
                        }
                      : { status: mine?.status ?? 'owned', mediaType: mine?.mediaType ?? null, releaseMbid: null },
                    own ? t('editions.ownedSaved') : t('ownership.saved'),
                  )
                }
              />
            ))}
          </ul>
          <p className="text-xs text-ink-muted">
            {t('editions.source')}{' '}
            {answer.releaseGroupMbid ? (
              <a
                className="underline underline-offset-4 hover:text-accent"
                href={`https://musicbrainz.org/release-group/${answer.releaseGroupMbid}`}
                rel="noreferrer"
                target="_blank"
              >
                MusicBrainz
              </a>
            ) : null}
          </p>
        </>
      )}
    </div>
  );
}

function EditionRow({
  edition,
  owned,
  signedIn,
  disabled,
  onOwn,
}: {
  edition: AlbumEdition;
  owned: boolean;
  signedIn: boolean;
  disabled: boolean;
  onOwn: (own: boolean) => void;
}) {
  const { t, i18n } = useTranslation('catalog');
  const country = useCountryName();
  const date = formatCalendarDate(edition.date, i18n.language, 'medium');
  const where = [date, country(edition.country)].filter(Boolean).join(' · ') || t('editions.undated');
  const labels = edition.labels.map((label) => [label.name, label.catalogueNumber].filter(Boolean).join(' ')).join(', ');
  const status = edition.status && edition.status !== 'Official' ? edition.status : null;
  const describe = [where, edition.format].filter(Boolean).join(', ');
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-edition={edition.mbid}>
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium text-ink">
          {where}
          {edition.format ? <span className="text-ink-muted"> — {edition.format}</span> : null}
          {status ? <span className="ml-2 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-ink-muted">{status}</span> : null}
        </p>
        <p className="text-sm text-ink-muted">
          {[labels || t('editions.noLabel'), t('editions.tracks', { count: edition.trackCount })].join(' · ')}
        </p>
      </div>
      {signedIn ? (
        <Button
          variant={owned ? 'secondary' : 'outline'}
          size="sm"
          aria-pressed={owned}
          aria-label={t('editions.ownThisLabel', { edition: describe })}
          disabled={disabled}
          onClick={() => onOwn(!owned)}
        >
          {owned ? <Check aria-hidden /> : null}
          {owned ? t('editions.yours') : t('editions.ownThis')}
        </Button>
      ) : null}
    </li>
  );
}

/** Whether you own the album, want it or once had it, and on what; "not in my collection" takes it out. */
function YourCopy({
  mine,
  ready,
  saving,
  onChange,
}: {
  mine: AlbumOwnership | null;
  ready: boolean;
  saving: boolean;
  onChange: (next: SetOwnershipBody | null) => void;
}) {
  const { t } = useTranslation('catalog');
  const mediumName = useMediumName();
  const media: string[] = [...MEDIA_TYPES];
  if (mine?.mediaType && !media.includes(mine.mediaType)) media.push(mine.mediaType);
  const setStatus = (value: string) =>
    onChange(value === '' ? null : { status: value as OwnershipStatus, mediaType: mine?.mediaType ?? null });
  const setMedium = (value: string) => onChange({ status: mine?.status ?? 'owned', mediaType: value || null });
  return (
    <fieldset className="flex flex-wrap items-end gap-3" disabled={!ready || saving}>
      <legend className="mb-2 text-sm font-semibold text-ink">{t('ownership.title')}</legend>
      <FilterSelect id="ownership-status" label={t('ownership.status')} value={mine?.status ?? ''} onChange={setStatus}>
        <option value="">{t('ownership.statuses.none')}</option>
        {OWNERSHIP_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`ownership.statuses.${status}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="ownership-medium" label={t('ownership.medium')} value={mine?.mediaType ?? ''} onChange={setMedium}>
        <option value="">{t('ownership.anyMedium')}</option>
        {media.map((medium) => (
          <option key={medium} value={medium}>
            {mediumName(medium)}
          </option>
        ))}
      </FilterSelect>
      {mine?.edition ? (
        <p className="mb-2 text-sm text-ink-muted">
          {t('ownership.edition', {
            edition: [mine.edition.date?.slice(0, 4), mine.edition.country, mine.edition.format].filter(Boolean).join(' · '),
          })}
        </p>
      ) : null}
    </fieldset>
  );
}
