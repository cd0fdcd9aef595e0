import type { ComponentType } from 'react';
import type { Profile } from '@hearsay/contracts/profiles';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { CollectionGrid } from '../../shared/ui/collection-card.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState, Spinner } from '../../shared/ui/skeleton.tsx';
import { profileCollectionsQueryOptions } from './api.ts';

/** The Create Collection dialog, which belongs to the collections feature: the app layer passes it in. */
export type CreateCollectionDialogType = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;

/** The profile's Lists tab: their collections, and a Create Collection button on one's own. */
export function ListsTab({ profile, CreateCollection }: { profile: Profile; CreateCollection?: CreateCollectionDialogType }) {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const lists = useQuery(profileCollectionsQueryOptions(profile.username, page));
  return (
    <section aria-labelledby="lists-heading">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="lists-heading" className="font-display text-xl font-semibold text-ink">
          {t('collections', { count: lists.data?.total ?? profile.stats.lists })}
        </h2>
        {profile.isOwner && CreateCollection ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t('createCollection')}
          </Button>
        ) : null}
      </div>
      {lists.isPending ? (
        <Spinner label={t('loadingCollections')} />
      ) : lists.isError ? (
        <ErrorState onRetry={() => void lists.refetch()} />
      ) : lists.data.items.length === 0 ? (
        <EmptyState title={t('emptyCollections')} description={profile.isOwner ? t('emptyCollectionsHint') : undefined} />
      ) : (
        <>
          <CollectionGrid collections={lists.data.items} />
          <Pagination page={page} pages={lists.data.totalPages} onPageChange={setPage} />
        </>
      )}
      {CreateCollection ? <CreateCollection open={creating} onOpenChange={setCreating} /> : null}
    </section>
  );
}
