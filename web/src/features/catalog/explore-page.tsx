import { useTranslation } from 'react-i18next';
import { urlFilters, urlParam, useUrlFilters, type UrlFilterValues } from '../../shared/hooks/use-url-filters.ts';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { FilterSelect, SelectOptions } from '../../shared/ui/input.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { albumListQueryOptions, genresQueryOptions, useAlbumList, useGenres } from './api.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { ALBUM_SORTS, RELEASE_TYPES } from '@hearsay/contracts/constants';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

const DECADES = [2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950];
const EXPLORE_SORTS = ALBUM_SORTS.filter((sort) => sort !== 'recent');

/** Keeps only values the API accepts, so a shared link shows the same view. */
const ExploreFilters = urlFilters({
  genre: urlParam.text,
  decade: urlParam.wholeNumber({ multipleOf: 10 }),
  year: urlParam.wholeNumber(),
  type: urlParam.optionalOneOf(RELEASE_TYPES),
  sort: urlParam.oneOf(EXPLORE_SORTS, 'popularity'),
  page: urlParam.page,
});

/** The albums the page lists at an address (the server fetches them before rendering the page). */
export const exploreAlbumsOptions = (search: URLSearchParams) => albumListQueryOptions(albumsQuery(ExploreFilters.read(search)));
const albumsQuery = (filters: UrlFilterValues<typeof ExploreFilters>) => ({ ...filters, limit: 24 });

export function ExplorePage() {
  const { t } = useTranslation('catalog');
  const genreName = useGenreName();
  const { filters, setFilters, resetFilters } = useUrlFilters(ExploreFilters);
  const albums = useAlbumList(albumsQuery(filters));
  const genres = useGenres();
  const filtered = Boolean(filters.genre || filters.decade || filters.year || filters.type);

  return (
    <Container>
      <PageHeader title={t('explore.title')} description={t('explore.description')} />
      <form className="mb-8 grid grid-cols-2 gap-3 md:grid-cols-5" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          id="explore-genre"
          label={t('explore.genre')}
          value={filters.genre ?? ''}
          onChange={(genre) => setFilters({ genre })}
          className="grid gap-1.5"
        >
          <SelectOptions
            any={t('explore.anyGenre')}
            options={genres.data?.items.map((genre) => ({ value: genre.slug, label: `${genreName(genre)} (${genre.albumCount})` }))}
          />
          {filters.genre && !genres.data?.items.some((genre) => genre.slug === filters.genre) ? (
            <option value={filters.genre}>{filters.genre}</option>
          ) : null}
        </FilterSelect>
        <FilterSelect
          id="explore-decade"
          label={t('explore.decade')}
          value={filters.decade ?? ''}
          onChange={(decade) => setFilters({ decade, year: undefined })}
          className="grid gap-1.5"
        >
          <SelectOptions
            any={t('explore.anyDecade')}
            options={DECADES.map((decade) => ({ value: decade, label: t('explore.decadeLabel', { decade }) }))}
          />
        </FilterSelect>
        <FilterSelect
          id="explore-year"
          label={t('explore.year')}
          value={filters.year ?? ''}
          onChange={(year) => setFilters({ year })}
          className="grid gap-1.5"
        >
          <SelectOptions any={t('explore.any')} options={yearsFor(filters.decade).map((year) => ({ value: year, label: String(year) }))} />
        </FilterSelect>
        <FilterSelect
          id="explore-type"
          label={t('explore.type')}
          value={filters.type ?? ''}
          onChange={(type) => setFilters({ type })}
          className="grid gap-1.5"
        >
          <SelectOptions
            any={t('explore.anyType')}
            options={RELEASE_TYPES.map((type) => ({ value: type, label: t(`album.releaseType.${type}`) }))}
          />
        </FilterSelect>
        <FilterSelect
          id="explore-sort"
          label={t('explore.sort')}
          value={filters.sort}
          onChange={(sort) => setFilters({ sort })}
          className="grid gap-1.5"
        >
          <SelectOptions options={EXPLORE_SORTS.map((sort) => ({ value: sort, label: t(`explore.sorts.${sort}`) }))} />
        </FilterSelect>
      </form>
      <div className="mb-4 flex min-h-9 items-center justify-between gap-3">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {albums.data ? t('explore.results', { count: albums.data.total }) : '\u00a0'}
        </p>
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={() => resetFilters()}>
            {t('explore.clear')}
          </Button>
        ) : null}
      </div>
      {albums.isError ? (
        <ErrorState onRetry={() => void albums.refetch()} />
      ) : albums.data && albums.data.items.length === 0 ? (
        <EmptyState title={t('explore.empty')} description={t('explore.emptyHint')} />
      ) : (
        <AlbumGrid className={albums.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          {albums.data
            ? albums.data.items.map((album) => <AlbumCard key={album.id} album={album} />)
            : Array.from({ length: 12 }, (_, index) => <AlbumCardSkeleton key={index} />)}
        </AlbumGrid>
      )}
      {albums.data ? (
        <Pagination page={albums.data.page} pages={albums.data.totalPages} onPageChange={(page) => setFilters({ page })} />
      ) : null}
    </Container>
  );
}

function yearsFor(decade: number | undefined): number[] {
  const last = new Date().getFullYear();
  const start = decade ?? 1950;
  const end = decade ? Math.min(decade + 9, last) : last;
  return Array.from({ length: end - start + 1 }, (_, index) => end - index);
}

/** The route's data: the albums its address asks for, and the genres to filter them by. */
export const loader = queryLoader(({ client, search }) =>
  Promise.all([ensure(client, exploreAlbumsOptions(search)), ensure(client, genresQueryOptions)]),
);
