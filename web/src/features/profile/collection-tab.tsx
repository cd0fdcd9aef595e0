import type { Profile } from '@hearsay/contracts/profiles';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { genresQueryOptions } from '../../shared/catalog/genres.ts';
import { useAlbumViewMode } from '../../shared/lib/view-mode.ts';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { FilterSelect, SelectOptions } from '../../shared/ui/input.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { ViewModeToggle } from '../../shared/ui/view-mode-toggle.tsx';
import { profileRatingsQueryOptions, type RatingsFilter } from './api.ts';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

/** How the Collection tab, the one a profile opens on, first lists the ratings. */
export const FIRST_COLLECTION_FILTER: RatingsFilter = { sort: 'date', page: 1 };

const DECADES = [2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950];

const PROFILE_SORTS = ['date', 'rating', 'release', 'title'] as const;

/** The profile's Collection tab, the one it opens on: the albums they rated, with filters, sort and view mode. */
export function CollectionTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const [mode, setMode] = useAlbumViewMode();
  const [filter, setFilter] = useState<RatingsFilter>(FIRST_COLLECTION_FILTER);
  const genres = useQuery(genresQueryOptions);
  const genreName = useGenreName();
  const ratings = useQuery(profileRatingsQueryOptions(profile.username, filter));
  const change = (next: Partial<RatingsFilter>) => setFilter((current) => ({ ...current, ...next, page: next.page ?? 1 }));
  // The ratings shown are the profile owner's: "Your rating" only on your own profile, "Ana's rating" on Ana's.
  const ratedBy = profile.isOwner ? undefined : profile.name;
  return (
    <section aria-labelledby="collection-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="collection-heading" className="font-display text-xl font-semibold text-ink">
          {t('tabs.collection', { count: ratings.data?.total ?? profile.stats.ratings })}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <FilterSelect
            id="profile-genre"
            label={t('filter.genre')}
            value={filter.genre ?? ''}
            onChange={(genre) => change({ genre: genre || undefined })}
          >
            <SelectOptions
              any={t('filter.any')}
              options={genres.data?.items.map((genre) => ({ value: genre.slug, label: genreName(genre) }))}
            />
          </FilterSelect>
          <FilterSelect
            id="profile-decade"
            label={t('filter.decade')}
            value={filter.decade?.toString() ?? ''}
            onChange={(decade) => change({ decade: decade ? Number(decade) : undefined })}
          >
            <SelectOptions
              any={t('filter.any')}
              options={DECADES.map((decade) => ({ value: decade, label: t('filter.decadeValue', { decade }) }))}
            />
          </FilterSelect>
          <FilterSelect
            id="profile-rating"
            label={t('filter.rating')}
            value={filter.minRating?.toString() ?? ''}
            onChange={(minRating) => change({ minRating: minRating ? Number(minRating) : undefined })}
          >
            <SelectOptions
              any={t('filter.any')}
              options={[9, 8, 7, 6, 5].map((value) => ({ value, label: t('filter.atLeast', { value }) }))}
            />
          </FilterSelect>
          <FilterSelect
            id="profile-sort"
            label={t('sort.label')}
            value={filter.sort}
            onChange={(sort) => change({ sort: sort as RatingsFilter['sort'] })}
          >
            <SelectOptions options={PROFILE_SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))} />
          </FilterSelect>
          <ViewModeToggle value={mode} onChange={setMode} />
        </div>
      </div>
      {ratings.isPending ? (
        <>
          <p className="sr-only" role="status">
            {t('loadingAlbums')}
          </p>
          <AlbumGrid>
            {Array.from({ length: 8 }, (_, index) => (
              <AlbumCardSkeleton key={index} layout={mode} />
            ))}
          </AlbumGrid>
        </>
      ) : ratings.isError ? (
        <ErrorState onRetry={() => void ratings.refetch()} />
      ) : ratings.data.items.length === 0 ? (
        <EmptyState title={t('emptyAlbums')} description={profile.isOwner ? t('emptyAlbumsHint') : undefined} />
      ) : (
        <>
          {mode === 'grid' ? (
            <AlbumGrid>
              {ratings.data.items.map((item) => (
                <AlbumCard key={item.album.id} album={{ ...item.album, viewerRating: item.rating }} ratedBy={ratedBy} />
              ))}
            </AlbumGrid>
          ) : (
            <div className="flex flex-col gap-2">
              {ratings.data.items.map((item) => (
                <AlbumCard key={item.album.id} album={{ ...item.album, viewerRating: item.rating }} ratedBy={ratedBy} layout="list" />
              ))}
            </div>
          )}
          <Pagination page={filter.page} pages={ratings.data.totalPages} onPageChange={(page) => change({ page })} />
        </>
      )}
    </section>
  );
}
