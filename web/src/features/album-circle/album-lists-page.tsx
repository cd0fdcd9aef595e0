import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { CollectionGrid } from '../../shared/ui/collection-card.tsx';
import { PageLoadError } from '../../shared/ui/not-found.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { albumListsQueryOptions } from './api.ts';

const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);

export const loader = queryLoader(({ client, params, search }) =>
  ensure(client, albumListsQueryOptions(params.albumId ?? '', pageOf(search))),
);

/** /album/{id}/lists: every list containing the album that you may see, most liked first. */
export function AlbumListsPage() {
  const { t } = useTranslation('catalog');
  const { albumId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const lists = useQuery(albumListsQueryOptions(albumId, page));
  if (lists.isError) return <PageLoadError query={lists} title={t('album.notFoundTitle')} description={t('album.notFound')} />;
  return (
    <Container>
      <title>{`${t('circle.listsTitle')} · Hearsay`}</title>
      <Link to={paths.album(albumId)} className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {t('circle.backToAlbum')}
      </Link>
      <PageHeader title={t('circle.listsTitle')} description={lists.data ? t('circle.lists', { count: lists.data.total }) : undefined} />
      {!lists.data ? (
        <Skeleton className="h-40 w-full" />
      ) : lists.data.items.length === 0 ? (
        <EmptyState title={t('circle.noLists')} />
      ) : (
        <CollectionGrid collections={lists.data.items} />
      )}
      {lists.data ? (
        <Pagination page={lists.data.page} pages={lists.data.totalPages} onPageChange={(next) => setParams({ page: String(next) })} />
      ) : null}
    </Container>
  );
}
