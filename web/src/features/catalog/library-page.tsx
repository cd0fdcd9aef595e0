import { AlbumPageSchema } from '@hearsay/contracts/catalog';
import { MyRatingsPageSchema } from '@hearsay/contracts/ratings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../shared/lib/api-client.ts';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs.tsx';

type Tab = 'ratings' | 'listenLater';

/** /library: your ratings (newest first) and your listen-later list. */
export function LibraryPage() {
  const { t } = useTranslation('catalog');
  const [tab, setTab] = useState<Tab>('ratings');
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
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList>
          <TabsTrigger value="ratings">{t('library.tabs.ratings')}</TabsTrigger>
          <TabsTrigger value="listenLater">{t('library.tabs.listenLater')}</TabsTrigger>
        </TabsList>
        <TabsContent value="ratings" className="mt-6">
          <MyRatings />
        </TabsContent>
        <TabsContent value="listenLater" className="mt-6">
          <ListenLater />
        </TabsContent>
      </Tabs>
    </Container>
  );
}

function MyRatings() {
  const { t, i18n } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const ratings = useQuery({
    queryKey: ['my-ratings', page],
    queryFn: ({ signal }) => api(`/api/me/ratings?page=${page}&limit=24`, { schema: MyRatingsPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
  if (ratings.isError) return <ErrorState onRetry={() => void ratings.refetch()} />;
  if (ratings.data && ratings.data.items.length === 0)
    return <EmptyState title={t('library.emptyRatings')} description={t('library.emptyRatingsHint')} action={<ExploreLink />} />;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <>
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
      {ratings.data ? <Pagination page={ratings.data.page} pages={ratings.data.totalPages} onPageChange={setPage} /> : null}
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
