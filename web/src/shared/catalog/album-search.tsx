import type { AlbumCard } from '@hearsay/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlbumCover } from '../ui/album-cover.tsx';
import { Input } from '../ui/input.tsx';
import { Spinner } from '../ui/skeleton.tsx';
import { MusicBrainzResults } from './musicbrainz-results.tsx';
import { albumSearchQueryOptions } from './api.ts';

/** Search the catalog by title or artist (case-insensitive, typo-tolerant) and pick albums: quick-add and collections. */
export function AlbumSearch({
  id,
  label,
  onPick,
  isPicked,
  query,
  onQueryChange,
}: {
  id: string;
  label: string;
  onPick: (album: AlbumCard) => void;
  isPicked?: (album: AlbumCard) => boolean;
  query: string;
  onQueryChange: (query: string) => void;
}) {
  const { t } = useTranslation();
  const [debounced, setDebounced] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const results = useQuery({
    ...albumSearchQueryOptions(debounced),
    enabled: debounced.length > 0,
    staleTime: 60_000,
  });
  const albums = results.data?.albums ?? [];

  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted" />
        <Input
          id={id}
          type="search"
          aria-label={label}
          placeholder={label}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          className="pl-9"
          autoComplete="off"
        />
      </div>
      {debounced && results.isPending ? <Spinner label={t('albumSearch.searching')} /> : null}
      {debounced && results.isSuccess && albums.length === 0 ? (
        <p className="py-4 text-center text-sm text-ink-muted">{t('albumSearch.none')}</p>
      ) : null}
      {albums.length ? (
        <ul aria-label={t('albumSearch.results')} className="flex max-h-72 flex-col gap-1 overflow-y-auto">
          {albums.map((album) => {
            const picked = isPicked?.(album) ?? false;
            return (
              <li key={album.id}>
                <button
                  type="button"
                  onClick={() => onPick(album)}
                  aria-pressed={isPicked ? picked : undefined}
                  className="flex w-full items-center gap-3 rounded-xl p-2 text-left hover:bg-surface-2 aria-pressed:bg-accent-soft"
                >
                  <AlbumCover src={album.coverUrl} alt="" className="size-12 shrink-0 rounded-md" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-ink">{album.title}</span>
                    <span className="block truncate text-sm text-ink-muted">
                      {album.artistCredit}
                      {album.releaseYear ? ` · ${album.releaseYear}` : ''}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {debounced && results.isSuccess && albums.length < MUSICBRAINZ_BELOW ? (
        <MusicBrainzResults key={debounced} query={debounced} auto compact onAdded={onPick} />
      ) : null}
    </div>
  );
}

/** Fewer albums than this found in the catalog, and MusicBrainz's are offered beside them (people here are signed in). */
const MUSICBRAINZ_BELOW = 3;
