import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { ExploreLink } from '../../shared/ui/explore-link.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { AlbumCardGrid } from './album-card-grid.tsx';
import { favoritesQueryOptions } from './api.ts';

/**
 * /favorites: the albums you liked, then whatever else the app puts under it (the reviews you liked, which the
 * reviews feature supplies: this feature does not import it).
 */
export function FavoritesPage({ more }: { more?: React.ReactNode }) {
  const { t } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const favorites = useQuery(favoritesQueryOptions(page));
  return (
    <Container>
      <PageHeader title={t('favorites.title')} description={t('favorites.description')} />
      {favorites.isError ? (
        <ErrorState onRetry={() => void favorites.refetch()} />
      ) : favorites.data && favorites.data.items.length === 0 ? (
        <EmptyState
          title={t('favorites.empty')}
          description={t('favorites.emptyHint')}
          action={<ExploreLink label={t('favorites.explore')} />}
        />
      ) : (
        <AlbumCardGrid albums={favorites.data?.items} />
      )}
      {favorites.data ? <Pagination page={favorites.data.page} pages={favorites.data.totalPages} onPageChange={setPage} /> : null}
      {more}
    </Container>
  );
}
