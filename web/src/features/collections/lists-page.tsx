import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@hearsay/contracts/paths';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { CollectionGrid } from '../../shared/ui/collection-card.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs.tsx';
import { collectionListQueryOptions, myCollectionsQueryOptions } from './api.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { CreateCollection } from './create-collection.tsx';

type Tab = 'popular' | 'recent' | 'yours';

/** The tab an address opens on: yours only for a member. */
const tabOf = (params: URLSearchParams, signedIn: boolean): Tab => {
  const requested = params.get('tab');
  return requested === 'recent' || (requested === 'yours' && signedIn) ? requested : 'popular';
};

/** The lists the page shows first at an address (the server fetches them before rendering the page). */
export function firstListsOptions(params: URLSearchParams, signedIn: boolean) {
  const tab = tabOf(params, signedIn);
  return tab === 'yours' ? myCollectionsQueryOptions(1) : collectionListQueryOptions(tab, 1);
}

/** /lists: popular public collections (most liked lately), recent ones, and yours. */
export function ListsPage() {
  const { t } = useTranslation('collections');
  const session = useSession();
  const navigate = useNavigate();
  const sendToSignIn = useSendToSignIn();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const tab = tabOf(params, session.status === 'signed-in');
  const create = () => (session.status === 'signed-in' ? setCreating(true) : sendToSignIn());

  return (
    <Container>
      <PageHeader
        title={t('lists.title')}
        description={t('lists.description')}
        actions={
          <Button onClick={create}>
            <Plus aria-hidden />
            {t('lists.create')}
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList>
          <TabsTrigger value="popular">{t('lists.popular')}</TabsTrigger>
          <TabsTrigger value="recent">{t('lists.recent')}</TabsTrigger>
          {session.status === 'signed-in' ? <TabsTrigger value="yours">{t('lists.yours')}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="popular" className="mt-6">
          <PublicLists sort="popular" />
        </TabsContent>
        <TabsContent value="recent" className="mt-6">
          <PublicLists sort="recent" />
        </TabsContent>
        <TabsContent value="yours" className="mt-6">
          <YourLists onCreate={create} />
        </TabsContent>
      </Tabs>
      <CreateCollection open={creating} onOpenChange={setCreating} onCreated={(collection) => void navigate(paths.list(collection.id))} />
    </Container>
  );
}

function PublicLists({ sort }: { sort: 'popular' | 'recent' }) {
  const { t } = useTranslation('collections');
  const [page, setPage] = useState(1);
  const lists = useQuery(collectionListQueryOptions(sort, page));
  if (lists.isPending) return <Skeleton className="h-40 w-full" />;
  if (lists.isError) return <ErrorState onRetry={() => void lists.refetch()} />;
  if (!lists.data.items.length) return <EmptyState title={t('lists.empty')} description={t('lists.emptyPublic')} />;
  return (
    <>
      <CollectionGrid collections={lists.data.items} />
      <Pagination page={page} pages={lists.data.totalPages} onPageChange={setPage} />
    </>
  );
}

function YourLists({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('collections');
  const [page, setPage] = useState(1);
  const lists = useQuery(myCollectionsQueryOptions(page));
  if (lists.isPending) return <Skeleton className="h-40 w-full" />;
  if (lists.isError) return <ErrorState onRetry={() => void lists.refetch()} />;
  if (!lists.data.items.length) {
    return (
      <EmptyState
        title={t('lists.empty')}
        description={t('lists.emptyHint')}
        action={<Button onClick={onCreate}>{t('lists.create')}</Button>}
      />
    );
  }
  return (
    <>
      <CollectionGrid collections={lists.data.items} />
      <Pagination page={page} pages={lists.data.totalPages} onPageChange={setPage} />
    </>
  );
}

/** The route's data: the first page of the tab its address (and the viewer) opens on. */
export const loader = queryLoader(({ client, search, signedIn }) => ensure(client, firstListsOptions(search, signedIn)));
