import { ALBUM_SORTS, RELEASE_TYPES } from '@hearsay/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { urlParam, useUrlFilters } from '../../shared/hooks/use-url-filters.ts';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { Label, NativeSelect } from '../../shared/ui/input.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { useAlbumList, useGenres } from './api.ts';

const DECADES = [2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950];
const ExploreSortSchema = z.enum(ALBUM_SORTS).exclude(['recent']);
const EXPLORE_SORTS = ExploreSortSchema.options;
const wholeNumber = z.coerce.number().int().positive();

/** Keeps only values the API accepts, so a shared link shows the same view. */
const ExploreFiltersSchema = z.object({
  genre: urlParam.text,
  decade: wholeNumber.multipleOf(10).optional().catch(undefined),
  year: wholeNumber.optional().catch(undefined),
  type: z.enum(RELEASE_TYPES).optional().catch(undefined),
  sort: ExploreSortSchema.catch('popularity'),
  page: urlParam.page,
});

export function ExplorePage() {
  const { t } = useTranslation('catalog');
  const { filters, setFilters, resetFilters } = useUrlFilters(ExploreFiltersSchema);
  const albums = useAlbumList({ ...filters, limit: 24 });
  const genres = useGenres();
  const filtered = Boolean(filters.genre || filters.decade || filters.year || filters.type);

  return (
    <Container>
      <title>{`${t('explore.title')} · Hearsay`}</title>
      <PageHeader title={t('explore.title')} description={t('explore.description')} />
      <form className="mb-8 grid grid-cols-2 gap-3 md:grid-cols-5" onSubmit={(event) => event.preventDefault()}>
        <div className="grid gap-1.5">
          <Label htmlFor="explore-genre">{t('explore.genre')}</Label>
          <NativeSelect id="explore-genre" value={filters.genre ?? ''} onChange={(event) => setFilters({ genre: event.target.value })}>
            <option value="">{t('explore.anyGenre')}</option>
            {genres.data?.items.map((genre) => (
              <option key={genre.slug} value={genre.slug}>
                {genre.name} ({genre.albumCount})
              </option>
            ))}
            {filters.genre && !genres.data?.items.some((genre) => genre.slug === filters.genre) ? (
              <option value={filters.genre}>{filters.genre}</option>
            ) : null}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="explore-decade">{t('explore.decade')}</Label>
          <NativeSelect
            id="explore-decade"
            value={filters.decade ?? ''}
            onChange={(event) => setFilters({ decade: event.target.value, year: undefined })}
          >
            <option value="">{t('explore.anyDecade')}</option>
            {DECADES.map((decade) => (
              <option key={decade} value={decade}>
                {t('explore.decadeLabel', { decade })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="explore-year">{t('explore.year')}</Label>
          <NativeSelect id="explore-year" value={filters.year ?? ''} onChange={(event) => setFilters({ year: event.target.value })}>
            <option value="">{t('explore.any')}</option>
            {yearsFor(filters.decade).map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="explore-type">{t('explore.type')}</Label>
          <NativeSelect id="explore-type" value={filters.type ?? ''} onChange={(event) => setFilters({ type: event.target.value })}>
            <option value="">{t('explore.anyType')}</option>
            {RELEASE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`album.releaseType.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="explore-sort">{t('explore.sort')}</Label>
          <NativeSelect id="explore-sort" value={filters.sort} onChange={(event) => setFilters({ sort: event.target.value })}>
            {EXPLORE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`explore.sorts.${sort}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
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
