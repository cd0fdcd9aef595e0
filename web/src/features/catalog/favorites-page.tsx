import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
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
      <title>{`${t('favorites.title')} · Hearsay`}</title>
      <PageHeader title={t('favorites.title')} description={t('favorites.description')} />
      {favorites.isError ? (
        <ErrorState onRetry={() => void favorites.refetch()} />
      ) : favorites.data && favorites.data.items.length === 0 ? (
        <EmptyState
          title={t('favorites.empty')}
          description={t('favorites.emptyHint')}
          action={
            <Button asChild>
              <Link to="/explore">{t('favorites.explore')}</Link>
            </Button>
          }
        />
      ) : (
        <AlbumGrid>
          {favorites.data
            ? favorites.data.items.map((album) => <AlbumCard key={album.id} album={album} />)
            : Array.from({ length: 8 }, (_, index) => <AlbumCardSkeleton key={index} />)}
        </AlbumGrid>
      )}
      {favorites.data ? <Pagination page={favorites.data.page} pages={favorites.data.totalPages} onPageChange={setPage} /> : null}
      {more}
    </Container>
  );
}
