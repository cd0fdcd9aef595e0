import type { MyRatingsQuery } from '@hearsay/contracts/ratings';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { urlFilters, urlParam, useUrlFilters } from '../../shared/hooks/use-url-filters.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { AlbumCard, AlbumCardSkeleton } from '../../shared/ui/album-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { ExploreLink } from '../../shared/ui/explore-link.tsx';
import { FilterSelect, SelectOptions } from '../../shared/ui/input.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs.tsx';
import { AlbumCardGrid } from './album-card-grid.tsx';
import { useGenres, useListenLater, useMyRatings } from './api.ts';
import { useOwned } from './editions-api.ts';
import { MEDIA_TYPES, OWNERSHIP_STATUSES, type OwnershipStatus } from '@hearsay/contracts/library';
import { formatRating } from '../../shared/i18n/index.ts';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

const TABS = ['ratings', 'journal', 'played', 'reviews', 'listenLater', 'collection'] as const;
type Tab = (typeof TABS)[number];

const LibraryTab = urlFilters({ tab: urlParam.oneOf(TABS, 'ratings') });

/**
 * /library: your ratings (filter by genre, decade and rating; sort by date or rating), your listening journal,
 * the albums you played and have not rated yet, your reviews and your listen-later list. The journal, the played
 * albums and the reviews belong to other features, so the app layer passes them in.
 */
export function LibraryPage({
  journal: Journal,
  played: Played,
  reviews: Reviews,
}: {
  journal?: ComponentType;
  played?: ComponentType;
  reviews?: ComponentType;
}) {
  const { t } = useTranslation('catalog');
  const { filters, resetFilters } = useUrlFilters(LibraryTab, { replace: true });
  const slots: Partial<Record<Tab, ComponentType | undefined>> = { journal: Journal, played: Played, reviews: Reviews };
  const available = (candidate: Tab) => (candidate in slots ? Boolean(slots[candidate]) : true);
  const tab: Tab = available(filters.tab) ? filters.tab : 'ratings';
  // Each tab keeps its own filters in the address; switching tabs leaves the others' behind.
  const choose = (next: string) => resetFilters({ tab: next });
  return (
    <Container>
      <PageHeader
        title={t('library.title')}
        description={t('library.description')}
        actions={
          // The sentence is long in some languages: it wraps on a phone rather than run off the screen.
          <Button asChild variant="ghost" size="sm" className="h-auto whitespace-normal py-1 text-left">
            <Link to="/favorites">{t('library.favorites')}</Link>
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={choose}>
        <TabsList>
          <TabsTrigger value="ratings">{t('library.tabs.ratings')}</TabsTrigger>
          {Journal ? <TabsTrigger value="journal">{t('library.tabs.journal')}</TabsTrigger> : null}
          {Played ? <TabsTrigger value="played">{t('library.tabs.played')}</TabsTrigger> : null}
          {Reviews ? <TabsTrigger value="reviews">{t('library.tabs.reviews')}</TabsTrigger> : null}
          <TabsTrigger value="listenLater">{t('library.tabs.listenLater')}</TabsTrigger>
          <TabsTrigger value="collection">{t('library.tabs.collection')}</TabsTrigger>
        </TabsList>
        <TabsContent value="ratings" className="mt-6">
          <MyRatings />
        </TabsContent>
        {Journal ? (
          <TabsContent value="journal" className="mt-6">
            <Journal />
          </TabsContent>
        ) : null}
        {Played ? (
          <TabsContent value="played" className="mt-6">
            <Played />
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
        <TabsContent value="collection" className="mt-6">
          <Collection />
        </TabsContent>
      </Tabs>
    </Container>
  );
}

const SORTS = ['date-desc', 'date-asc', 'rating-desc', 'rating-asc'] as const;
const MIN_RATINGS = [9, 8, 7, 6, 5] as const;

/** The ratings tab's filters live in the address, so a filtered view can be reloaded and shared. */
const RatingFilters = urlFilters({
  genre: urlParam.text,
  decade: urlParam.wholeNumber({ multipleOf: 10 }),
  minRating: urlParam.optionalOneOf(MIN_RATINGS),
  sort: urlParam.oneOf(SORTS, 'date-desc'),
  page: urlParam.page,
});

function decades(): number[] {
  const latest = Math.floor(new Date().getFullYear() / 10) * 10;
  return Array.from({ length: (latest - 1900) / 10 + 1 }, (_, index) => latest - index * 10);
}

function MyRatings() {
  const { t } = useTranslation('catalog');
  const formatDate = useFormatDate();
  const genreName = useGenreName();
  const { filters, setFilters } = useUrlFilters(RatingFilters, { replace: true });
  const active = Boolean(filters.genre || filters.decade || filters.minRating);
  const reset = () => setFilters({ genre: undefined, decade: undefined, minRating: undefined, sort: undefined });
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
  const ratings = useMyRatings(query);

  const toolbar = (
    <div className="mb-5 flex flex-wrap items-end gap-3" role="group" aria-label={t('library.filters.label')}>
      <FilterSelect
        id="library-genre"
        label={t('library.filters.genre')}
        value={filters.genre ?? ''}
        onChange={(genre) => setFilters({ genre })}
      >
        <SelectOptions
          any={t('library.filters.anyGenre')}
          options={genres.data?.items.map((genre) => ({ value: genre.slug, label: genreName(genre) }))}
        />
      </FilterSelect>
      <FilterSelect
        id="library-decade"
        label={t('library.filters.decade')}
        value={filters.decade?.toString() ?? ''}
        onChange={(decade) => setFilters({ decade })}
      >
        <SelectOptions
          any={t('library.filters.anyDecade')}
          options={decades().map((decade) => ({ value: decade, label: t('library.filters.decadeOption', { decade }) }))}
        />
      </FilterSelect>
      <FilterSelect
        id="library-rating"
        label={t('library.filters.rating')}
        value={filters.minRating?.toString() ?? ''}
        onChange={(minRating) => setFilters({ minRating })}
      >
        <SelectOptions
          any={t('library.filters.anyRating')}
          options={MIN_RATINGS.map((value) => ({ value, label: t('library.filters.minRating', { value }) }))}
        />
      </FilterSelect>
      <FilterSelect id="library-sort" label={t('library.filters.sort')} value={filters.sort} onChange={(sort) => setFilters({ sort })}>
        <SelectOptions options={SORTS.map((sort) => ({ value: sort, label: t(`library.sorts.${sort}`) }))} />
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
    return (
      <EmptyState
        title={t('library.emptyRatings')}
        description={t('library.emptyRatingsHint')}
        action={<ExploreLink label={t('library.explore')} />}
      />
    );
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
                  <AlbumCard album={item.album} layout="list" showPersonalRating={false} />
                  <p className="px-2 pb-2 text-xs text-ink-muted sm:pl-[6.5rem]">
                    {t('library.ratedOn', { value: formatRating(item.rating), date: formatDate(item.ratedAt) })}
                  </p>
                </div>
              ))
            : Array.from({ length: 6 }, (_, index) => <AlbumCardSkeleton key={index} layout="list" />)}
        </div>
      )}
      {ratings.data ? (
        <Pagination page={ratings.data.page} pages={ratings.data.totalPages} onPageChange={(page) => setFilters({ page })} />
      ) : null}
    </>
  );
}

function ListenLater() {
  const { t } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const later = useListenLater(page);
  if (later.isError) return <ErrorState onRetry={() => void later.refetch()} />;
  if (later.data && later.data.items.length === 0)
    return (
      <EmptyState
        title={t('library.emptyLater')}
        description={t('library.emptyLaterHint')}
        action={<ExploreLink label={t('library.explore')} />}
      />
    );
  return (
    <>
      <AlbumCardGrid albums={later.data?.items} />
      {later.data ? <Pagination page={later.data.page} pages={later.data.totalPages} onPageChange={setPage} /> : null}
    </>
  );
}

/** The albums you own, want or once owned (one at a time), with the medium and the edition when you said which. */
function Collection() {
  const { t } = useTranslation('catalog');
  const [status, setStatus] = useState<OwnershipStatus>('owned');
  const [page, setPage] = useState(1);
  const owned = useOwned({ status, page, limit: 24 });
  const mediumName = (medium: string) =>
    (MEDIA_TYPES as readonly string[]).includes(medium) ? t(`ownership.media.${medium as (typeof MEDIA_TYPES)[number]}`) : medium;
  const toolbar = (
    <div className="mb-5 flex flex-wrap items-end gap-3">
      <FilterSelect
        id="collection-status"
        label={t('library.collectionShows')}
        value={status}
        onChange={(value) => {
          setStatus(value as OwnershipStatus);
          setPage(1);
        }}
      >
        <SelectOptions options={OWNERSHIP_STATUSES.map((value) => ({ value, label: t(`ownership.statuses.${value}`) }))} />
      </FilterSelect>
      {owned.data ? (
        <p className="mb-2 ml-auto text-sm text-ink-muted" aria-live="polite">
          {t('library.count', { count: owned.data.total })}
        </p>
      ) : null}
    </div>
  );
  if (owned.isError) return <ErrorState onRetry={() => void owned.refetch()} />;
  return (
    <>
      {toolbar}
      {owned.data && owned.data.items.length === 0 ? (
        <EmptyState
          title={t('library.emptyCollection')}
          description={t('library.emptyCollectionHint')}
          action={<ExploreLink label={t('library.explore')} />}
        />
      ) : (
        <div className="flex flex-col gap-1">
          {owned.data
            ? owned.data.items.map(({ album, ownership }) => (
                <div key={album.id}>
                  <AlbumCard album={album} layout="list" />
                  <p className="px-2 pb-2 text-xs text-ink-muted sm:pl-[6.5rem]">
                    {[
                      ownership.mediaType ? mediumName(ownership.mediaType) : null,
                      ownership.edition
                        ? t('library.edition', {
                            edition: [ownership.edition.date?.slice(0, 4), ownership.edition.country, ownership.edition.format]
                              .filter(Boolean)
                              .join(' · '),
                          })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' — ') || t('library.noMedium')}
                  </p>
                </div>
              ))
            : Array.from({ length: 4 }, (_, index) => <AlbumCardSkeleton key={index} layout="list" />)}
        </div>
      )}
      {owned.data ? <Pagination page={owned.data.page} pages={owned.data.totalPages} onPageChange={setPage} /> : null}
    </>
  );
}
