import { AlbumPageSchema } from '@hearsay/contracts/catalog';
import { MyRatingsPageSchema, type MyRatingsQuery } from '@hearsay/contracts/ratings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api, queryString } from '../../shared/lib/api-client.ts';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { FilterSelect } from '../../shared/ui/input.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs.tsx';
import { useGenres } from './api.ts';

const TABS = ['ratings', 'journal', 'reviews', 'listenLater'] as const;
type Tab = (typeof TABS)[number];

/** Parameters each tab keeps in the address; switching tabs leaves the others' behind. */
const TAB_PARAMS = ['genre', 'decade', 'minRating', 'sort', 'page', 'month'];

/**
 * /library: your ratings (filter by genre, decade and rating; sort by date or rating), your listening journal,
 * your reviews and your listen-later list. The journal and the reviews belong to other features, so the app
 * layer passes them in.
 */
export function LibraryPage({ journal: Journal, reviews: Reviews }: { journal?: ComponentType; reviews?: ComponentType }) {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const available = (candidate: Tab) => (candidate === 'journal' ? Boolean(Journal) : candidate === 'reviews' ? Boolean(Reviews) : true);
  const tab: Tab = requested && TABS.includes(requested) && available(requested) ? requested : 'ratings';
  const choose = (next: string) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        for (const key of TAB_PARAMS) kept.delete(key);
        if (next === 'ratings') kept.delete('tab');
        else kept.set('tab', next);
        return kept;
      },
      { replace: true },
    );
  return (
    <Container>
      <title>{`${t('library.title')} · Hearsay`}</title>
      <PageHeader
        title={t('library.title')}
        description={t('library.description')}
        actions={
          <Button asChild variant="ghost" size="sm">
            <Link to="/favorites">{t('library.favorites')}</Link>
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={choose}>
        <TabsList>
          <TabsTrigger value="ratings">{t('library.tabs.ratings')}</TabsTrigger>
          {Journal ? <TabsTrigger value="journal">{t('library.tabs.journal')}</TabsTrigger> : null}
          {Reviews ? <TabsTrigger value="reviews">{t('library.tabs.reviews')}</TabsTrigger> : null}
          <TabsTrigger value="listenLater">{t('library.tabs.listenLater')}</TabsTrigger>
        </TabsList>
        <TabsContent value="ratings" className="mt-6">
          <MyRatings />
        </TabsContent>
        {Journal ? (
          <TabsContent value="journal" className="mt-6">
            <Journal />
          </TabsContent>
        ) : null}
        {Reviews ? (
          <TabsContent value="reviews" className="mt-6">
            <Reviews />
          </TabsContent>
        ) : null}
        <TabsContent value="listenLater" className="mt-6">
          <ListenLater />
        </TabsContent>
      </Tabs>
    </Container>
  );
}

const SORTS = ['date-desc', 'date-asc', 'rating-desc', 'rating-asc'] as const;
const MIN_RATINGS = [9, 8, 7, 6, 5] as const;

function decades(): number[] {
  const latest = Math.floor(new Date().getFullYear() / 10) * 10;
  return Array.from({ length: (latest - 1900) / 10 + 1 }, (_, index) => latest - index * 10);
}

/** The ratings tab's filters live in the address, so a filtered view can be reloaded and shared. */
function useRatingFilters() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort') ?? '';
  const sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as (typeof SORTS)[number]) : 'date-desc';
  const filters = {
    genre: params.get('genre') ?? '',
    decade: params.get('decade') ?? '',
    minRating: params.get('minRating') ?? '',
    sort,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const set = (changes: Partial<Record<'genre' | 'decade' | 'minRating' | 'sort' | 'page', string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value && !(key === 'sort' && value === 'date-desc') && !(key === 'page' && value === '1')) next.set(key, value);
          else next.delete(key);
        }
        // A new filter starts again at the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const active = Boolean(filters.genre || filters.decade || filters.minRating);
  return { filters, set, active, reset: () => set({ genre: '', decade: '', minRating: '', sort: '' }) };
}

function MyRatings() {
  const { t, i18n } = useTranslation('catalog');
  const { filters, set, active, reset } = useRatingFilters();
  const genres = useGenres();
  const [by, order] = filters.sort.split('-') as [MyRatingsQuery['sort'], MyRatingsQuery['order']];
  const query = {
    page: filters.page,
    limit: 24,
    genre: filters.genre,
    decade: filters.decade,
    minRating: filters.minRating,
    sort: by,
    order,
  };
  const ratings = useQuery({
    queryKey: ['my-ratings', query],
    queryFn: ({ signal }) => api(`/api/me/ratings${queryString(query)}`, { schema: MyRatingsPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const toolbar = (
    <div className="mb-5 flex flex-wrap items-end gap-3" role="group" aria-label={t('library.filters.label')}>
      <FilterSelect id="library-genre" label={t('library.filters.genre')} value={filters.genre} onChange={(genre) => set({ genre })}>
        <option value="">{t('library.filters.anyGenre')}</option>
        {(genres.data?.items ?? []).map((genre) => (
          <option key={genre.slug} value={genre.slug}>
            {genre.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="library-decade" label={t('library.filters.decade')} value={filters.decade} onChange={(decade) => set({ decade })}>
        <option value="">{t('library.filters.anyDecade')}</option>
        {decades().map((decade) => (
          <option key={decade} value={decade}>
            {t('library.filters.decadeOption', { decade })}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="library-rating"
        label={t('library.filters.rating')}
        value={filters.minRating}
        onChange={(minRating) => set({ minRating })}
      >
        <option value="">{t('library.filters.anyRating')}</option>
        {MIN_RATINGS.map((value) => (
          <option key={value} value={value}>
            {t('library.filters.minRating', { value })}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="library-sort" label={t('library.filters.sort')} value={filters.sort} onChange={(sort) => set({ sort })}>
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`library.sorts.${sort}`)}
          </option>
        ))}
      </FilterSelect>
      {active ? (
        <Button variant="ghost" size="sm" className="mb-1" onClick={reset}>
          {t('library.filters.reset')}
        </Button>
      ) : null}
      {ratings.data ? (
        <p className="mb-2 ml-auto text-sm text-ink-muted" aria-live="polite">
          {t('library.count', { count: ratings.data.total })}
        </p>
      ) : null}
    </div>
  );

  if (ratings.isError) return <ErrorState onRetry={() => void ratings.refetch()} />;
  if (ratings.data && ratings.data.total === 0 && !active)
    return <EmptyState title={t('library.emptyRatings')} description={t('library.emptyRatingsHint')} action={<ExploreLink />} />;
  return (
    <>
      {toolbar}
      {ratings.data && ratings.data.items.length === 0 ? (
        <EmptyState
          title={t('library.noMatch')}
          description={t('library.noMatchHint')}
          action={<Button onClick={reset}>{t('library.filters.reset')}</Button>}
        />
      ) : (
        <div className="flex flex-col gap-1">
          {ratings.data
            ? ratings.data.items.map((item) => (
                <div key={item.album.id}>
                  <AlbumCard album={item.album} layout="list" />
                  <p className="px-2 pb-2 text-xs text-ink-muted sm:pl-[6.5rem]">
                    {t('library.ratedOn', { value: item.rating.toFixed(1), date: date.format(new Date(item.ratedAt)) })}
                  </p>
                </div>
              ))
            : Array.from({ length: 6 }, (_, index) => <AlbumCardSkeleton key={index} layout="list" />)}
        </div>
      )}
      {ratings.data ? (
        <Pagination page={ratings.data.page} pages={ratings.data.totalPages} onPageChange={(page) => set({ page: String(page) })} />
      ) : null}
    </>
  );
}

function ListenLater() {
  const { t } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const later = useQuery({
    queryKey: ['listen-later', page],
    queryFn: ({ signal }) => api(`/api/me/listen-later?page=${page}&limit=24`, { schema: AlbumPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
  if (later.isError) return <ErrorState onRetry={() => void later.refetch()} />;
  if (later.data && later.data.items.length === 0)
    return <EmptyState title={t('library.emptyLater')} description={t('library.emptyLaterHint')} action={<ExploreLink />} />;
  return (
    <>
      <AlbumGrid>
        {later.data
          ? later.data.items.map((album) => <AlbumCard key={album.id} album={album} />)
          : Array.from({ length: 8 }, (_, index) => <AlbumCardSkeleton key={index} />)}
      </AlbumGrid>
      {later.data ? <Pagination page={later.data.page} pages={later.data.totalPages} onPageChange={setPage} /> : null}
    </>
  );
}

function ExploreLink() {
  const { t } = useTranslation('catalog');
  return (
    <Button asChild>
      <Link to="/explore">{t('library.explore')}</Link>
    </Button>
  );
}
