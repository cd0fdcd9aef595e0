import { Search as SearchIcon, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { looksRemote } from '@hearsay/contracts/remote-handle';
import { useSession } from '../../shared/auth/session.ts';
import { MusicBrainzResults } from '../../shared/catalog/musicbrainz-results.tsx';
import { urlFilters, urlParam, useUrlFilters, type UrlFilterValues, type UrlParamReader } from '../../shared/hooks/use-url-filters.ts';
import { useAlbumViewMode } from '../../shared/lib/view-mode.ts';
import { CollectionCard } from '../../shared/ui/collection-card.tsx';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { ArtistCard } from '../../shared/ui/artist-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../shared/ui/dialog.tsx';
import { Label, NativeSelect } from '../../shared/ui/input.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs.tsx';
import { ViewModeToggle } from '../../shared/ui/view-mode-toggle.tsx';
import { searchQueryOptions, searchYearsQueryOptions, useSearch, useSearchYears } from './api.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { SearchFilters, type SearchFilterValues } from './search-filters.tsx';
import { RemoteLookup } from './remote-person.tsx';
import { RemoteUserResult, UserResult } from './user-result.tsx';
import { SEARCH_MIN_RATINGS, SEARCH_SORTS, SEARCH_TYPES, SEARCH_YEAR_PATTERN } from '@hearsay/contracts/constants';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';

/** Fewer albums than this found in the catalog, and MusicBrainz's are offered beside them. */
const MUSICBRAINZ_BELOW = 5;

const SearchAddress = urlFilters({
  q: urlParam.anyText,
  type: urlParam.oneOf(SEARCH_TYPES, 'albums'),
  sort: urlParam.oneOf(SEARCH_SORTS, 'relevance'),
  year: ((raw) => (raw && SEARCH_YEAR_PATTERN.test(raw) ? raw : undefined)) satisfies UrlParamReader<string | undefined>,
  genre: urlParam.text,
  minRating: urlParam.optionalOneOf(SEARCH_MIN_RATINGS),
  page: urlParam.page,
});

type SearchParams = UrlFilterValues<typeof SearchAddress>;
const resultsQuery = ({ q, type, sort, year, genre, minRating, page }: SearchParams) => ({
  q: q.trim(),
  type,
  sort,
  year,
  genre,
  minRating,
  page,
  limit: 24,
});

/** The results the page shows at an address, or null with nothing to search (the server fetches them before rendering). */
export function firstResultsOptions(search: URLSearchParams) {
  const query = resultsQuery(SearchAddress.read(search));
  return query.q ? searchQueryOptions(query) : null;
}

/** Spec §2 Search: the box stays in sync with `?q=`, every choice lives in the address. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const { filters: params, setFilters: update } = useUrlFilters(SearchAddress);
  const { q, type, sort } = params;
  const filters: SearchFilterValues = { year: params.year, genre: params.genre, minRating: params.minRating };
  const [text, setText] = useState(q);
  const [viewMode, setViewMode] = useAlbumViewMode();
  const results = useSearch(resultsQuery(params));
  const years = useSearchYears();
  const session = useSession();
  // Chosen in the header's suggestions ("Find @bob@example.com on its site"): that site is asked at once.
  const findRemote = Boolean((useLocation().state as { findRemote?: boolean } | null)?.findRemote);

  // Typing updates the address after a short pause (one history entry per search, not per key).
  const [pushed, setPushed] = useState<string | null>(null);
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => {
      setPushed(text);
      update({ q: text }, { replace: true });
    }, 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text should restart the pause
  }, [text]);
  // Back/forward or a link changed q: the box follows (but never undoes what is being typed).
  const [synced, setSynced] = useState(q);
  if (q !== synced) {
    setSynced(q);
    if (q !== pushed) setText(q);
  }

  const setFilters = (next: SearchFilterValues) => update({ year: next.year, genre: next.genre, minRating: next.minRating });
  const filtered = Boolean(filters.year || filters.genre || filters.minRating);
  // Year, genre and rating describe albums: the other tabs do not show them.
  const showFilters = type === 'albums';
  const data = results.data;

  return (
    <Container className="pb-8">
      <title>{q ? `${q} · ${t('title')} · Hearsay` : `${t('title')} · Hearsay`}</title>
      <h1 className="pb-4 pt-8 font-display text-3xl font-semibold text-ink sm:text-4xl">{t('title')}</h1>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: text });
        }}
        className="relative"
      >
        <label htmlFor="search-box" className="sr-only">
          {t('label')}
        </label>
        <SearchIcon aria-hidden className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-ink-muted" />
        <input
          id="search-box"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('placeholder')}
          maxLength={200}
          autoComplete="off"
          className="h-14 w-full rounded-full border border-line-strong bg-surface pl-12 pr-12 text-lg text-ink shadow-card placeholder:text-ink-subtle focus:border-accent focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            aria-label={t('clear')}
            onClick={() => {
              setText('');
              update({ q: undefined });
            }}
            className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full p-2 text-ink-muted hover:bg-surface-2 hover:text-ink"
          >
            <X className="size-5" />
          </button>
        ) : null}
      </form>
      {looksRemote(q) ? <RemoteLookup key={q.trim()} query={q} findNow={findRemote} /> : null}
      <Tabs value={type} onValueChange={(value) => update({ type: value })}>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <TabsList className="max-w-full overflow-x-auto">
            {SEARCH_TYPES.map((value) => (
              <TabsTrigger key={value} value={value}>
                {t(`tabs.${value}`)}
                <span className="ml-1.5 rounded-full bg-surface-3 px-1.5 text-xs tabular-nums text-ink-muted">
                  {data?.more[value] ? t('countMore', { total: data.counts[value] }) : (data?.counts[value] ?? 0)}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>

          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor="search-sort" className="sr-only">
              {t('sort')}
            </Label>
            <NativeSelect id="search-sort" value={sort} onChange={(event) => update({ sort: event.target.value })} className="w-44">
              {SEARCH_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`sorts.${value}`)}
                </option>
              ))}
            </NativeSelect>
            <ViewModeToggle value={viewMode} onChange={setViewMode} />
            {showFilters ? (
              <Dialog>
                <DialogTrigger asChild>
                  <Button variant="outline" size="sm" className="lg:hidden">
                    <SlidersHorizontal aria-hidden />
                    {t('filters')}
                  </Button>
                </DialogTrigger>
                <DialogContent title={t('filters')} side="right">
                  <SearchFilters values={filters} years={years.data} onChange={setFilters} idPrefix="sheet" />
                </DialogContent>
              </Dialog>
            ) : null}
          </div>
        </div>

        <TabsContent value={type}>
          <div className={showFilters ? 'mt-6 grid gap-8 lg:grid-cols-[15rem_1fr]' : 'mt-6'}>
            {showFilters ? (
              <aside aria-label={t('filters')} className="hidden lg:block">
                <h2 className="font-display text-lg font-semibold text-ink">{t('filters')}</h2>
                <HydratesApart>
                  <SearchFilters values={filters} years={years.data} onChange={setFilters} idPrefix="side" />
                </HydratesApart>
              </aside>
            ) : null}
            {/* The results are taken over apart from the search's controls above them (decision 089). */}
            <section aria-live="polite" aria-busy={results.isFetching}>
              <HydratesApart>
                {!q.trim() ? (
                  <EmptyState icon={<SearchIcon />} title={t('start')} />
                ) : results.isError ? (
                  <ErrorState onRetry={() => void results.refetch()} />
                ) : !data ? (
                  <AlbumGrid>
                    {Array.from({ length: 8 }, (_, index) => (
                      <AlbumCardSkeleton key={index} />
                    ))}
                  </AlbumGrid>
                ) : data.total === 0 ? (
                  filtered && type === 'albums' ? (
                    <EmptyState
                      title={t('emptyFiltered')}
                      description={t('resetHint')}
                      action={
                        <Button variant="outline" onClick={() => setFilters({})}>
                          {t('reset')}
                        </Button>
                      }
                    />
                  ) : (
                    <EmptyState title={t('empty', { q })} description={t('emptyHint')} />
                  )
                ) : (
                  <>
                    <p className="mb-4 text-sm text-ink-muted">
                      {data.more[type] ? t('resultsMore', { total: data.total, q }) : t('results', { count: data.total, q })}
                    </p>
                    <div className={results.isPlaceholderData ? 'opacity-60' : undefined}>
                      {type === 'albums' ? (
                        viewMode === 'grid' ? (
                          <AlbumGrid className="lg:grid-cols-3 xl:grid-cols-4">
                            {data.albums.map((album) => (
                              <AlbumCard key={album.id} album={album} />
                            ))}
                          </AlbumGrid>
                        ) : (
                          <div className="flex flex-col gap-1">
                            {data.albums.map((album) => (
                              <AlbumCard key={album.id} album={album} layout="list" />
                            ))}
                          </div>
                        )
                      ) : (
                        // Artists, people and collections: one list of cards in two columns.
                        <div className="grid gap-3 sm:grid-cols-2">
                          {type === 'artists' ? data.artists.map((artist) => <ArtistCard key={artist.id} artist={artist} />) : null}
                          {type === 'users' ? data.remoteUsers.map((person) => <RemoteUserResult key={person.id} person={person} />) : null}
                          {type === 'users' ? data.users.map((user) => <UserResult key={user.id} user={user} />) : null}
                          {type === 'collections'
                            ? data.collections.map((collection) => <CollectionCard key={collection.id} collection={collection} />)
                            : null}
                        </div>
                      )}
                    </div>
                    <Pagination page={data.page} pages={data.totalPages} onPageChange={(next) => update({ page: next })} />
                  </>
                )}
                {/* Too little in the catalog: MusicBrainz has nearly every album (at once for members, on request for visitors). */}
                {type === 'albums' && q.trim() && data && !filtered && data.counts.albums < MUSICBRAINZ_BELOW ? (
                  <MusicBrainzResults key={q.trim()} query={q.trim()} auto={session.status === 'signed-in'} />
                ) : null}
              </HydratesApart>
            </section>
          </div>
        </TabsContent>
      </Tabs>
    </Container>
  );
}

/** The route's data: the results its address asks for (none without words), and the years to filter them by. */
export const loader = queryLoader(({ client, search }) => {
  const results = firstResultsOptions(search);
  return Promise.all([results && ensure(client, results), ensure(client, searchYearsQueryOptions)]);
});
