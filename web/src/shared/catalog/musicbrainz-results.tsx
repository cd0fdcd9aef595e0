import type { AlbumCard } from '@hearsay/contracts/catalog';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { Check, LoaderCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../auth/session.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/skeleton.tsx';
import { AlbumByHandForm } from './album-by-hand-form.tsx';
import { musicbrainzSearchOptions, useAddFromMusicBrainz } from './musicbrainz.ts';
import { useErrorText } from '../i18n/error-text.ts';

/**
 * MusicBrainz's release groups for what the catalog has too little of: each one added to the catalog in one click
 * (with its tracklist, label and cover), or marked as already there. Signed-in people see them at once (`auto`),
 * visitors when they ask. Used by the search page, the quick-add search and the collection album search.
 */
export function MusicBrainzResults({
  query,
  auto,
  onAdded,
  addLabel,
  compact = false,
}: {
  query: string;
  auto: boolean;
  /** What adding leads to: the album page by default; picking the album in a dialog. */
  onAdded?: (album: AlbumCard) => void;
  addLabel?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const errorText = useErrorText();
  const session = useSession();
  const [asked, setAsked] = useState<string | null>(null);
  const enabled = query.length > 0 && (auto || asked === query);
  const search = useQuery({ ...musicbrainzSearchOptions(query), enabled });
  const [added, setAdded] = useState<Record<string, AlbumCard>>({});
  const navigate = useNavigate();
  const adding = useAddFromMusicBrainz((album, mbid) => {
    setAdded((current) => ({ ...current, [mbid]: album }));
    if (onAdded) onAdded(album);
    else void navigate(paths.album(album.slug));
  });

  if (!query) return null;
  if (!enabled) {
    return (
      <div className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl border border-dashed border-line-strong p-4">
        <p className="text-sm text-ink-muted">{t('musicbrainz.offer')}</p>
        <Button variant="outline" size="sm" onClick={() => setAsked(query)}>
          {t('musicbrainz.search')}
        </Button>
      </div>
    );
  }

  const data = search.data;
  return (
    <section aria-labelledby="musicbrainz-results" aria-busy={search.isFetching} className={compact ? 'mt-2' : 'mt-8'}>
      <h2 id="musicbrainz-results" className={compact ? 'text-sm font-semibold text-ink' : 'font-display text-xl font-semibold text-ink'}>
        {t('musicbrainz.title')}
      </h2>
      {search.isPending ? <Spinner label={t('musicbrainz.searching')} className="py-4" /> : null}
      {search.isError ? <p className="mt-2 text-sm text-ink-muted">{t('musicbrainz.unreachable')}</p> : null}
      {data && !data.available ? (
        <p className="mt-2 text-sm text-ink-muted">{data.reason === 'off' ? t('musicbrainz.off') : t('musicbrainz.unreachable')}</p>
      ) : null}
      {(search.isError || (data && !data.available)) && session.status === 'signed-in' ? (
        <AlbumByHandForm initialTitle={query} onAdded={(album) => (onAdded ? onAdded(album) : void navigate(paths.album(album.slug)))} />
      ) : null}
      {data?.available && data.results.length === 0 ? <p className="mt-2 text-sm text-ink-muted">{t('musicbrainz.none')}</p> : null}
      {data?.available && data.results.length ? (
        <ul className="mt-3 flex flex-col divide-y divide-line rounded-2xl border border-line">
          {data.results.map((result) => {
            const album = added[result.mbid] ?? result.album;
            const types = [result.primaryType, ...result.secondaryTypes].filter(Boolean).join(' · ');
            return (
              <li key={result.mbid} className="flex items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">
                    {result.title}
                    {result.disambiguation ? <span className="font-normal text-ink-muted"> ({result.disambiguation})</span> : null}
                  </p>
                  <p className="truncate text-sm text-ink-muted">{[result.artistCredit, result.year, types].filter(Boolean).join(' · ')}</p>
                </div>
                {album && !onAdded ? (
                  <Link
                    to={paths.album(album.slug)}
                    className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-accent underline-offset-4 hover:underline"
                  >
                    <Check aria-hidden className="size-4" />
                    {added[result.mbid] ? t('musicbrainz.added') : t('musicbrainz.inCatalog')}
                  </Link>
                ) : session.status === 'signed-in' ? (
                  // In a dialog the album is picked: one already in the catalog comes back as it is.
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={adding.isPending}
                    aria-label={t('musicbrainz.addLabel', { title: result.title, artist: result.artistCredit })}
                    onClick={() => adding.mutate(result.mbid)}
                  >
                    {adding.isPending && adding.variables === result.mbid ? (
                      <LoaderCircle aria-hidden className="animate-spin" />
                    ) : album ? (
                      <Check aria-hidden />
                    ) : (
                      <Plus aria-hidden />
                    )}
                    {album ? t('musicbrainz.choose') : (addLabel ?? t('musicbrainz.add'))}
                  </Button>
                ) : (
                  <Link
                    to={paths.login(`/search?q=${encodeURIComponent(query)}`)}
                    className="shrink-0 text-sm font-medium text-accent underline-offset-4 hover:underline"
                  >
                    {t('musicbrainz.signInToAdd')}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {adding.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {errorText(adding.error)}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-ink-subtle">{t('musicbrainz.credit')}</p>
    </section>
  );
}
