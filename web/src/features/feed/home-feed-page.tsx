import type { FeedSidebar as FeedSidebarData } from '@hearsay/contracts/feed';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AlbumCard, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container, PageHeader } from '../../shared/ui/card.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { usePullToRefresh } from '../../shared/hooks/use-pull-to-refresh.ts';
import { PullToRefreshIndicator } from '../../shared/ui/pull-to-refresh.tsx';
import { feedQueryOptions, feedSidebarQueryOptions } from './api.ts';
import { FeedItemCard } from './feed-item.tsx';
import { FeedSidebar } from './feed-sidebar.tsx';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';

function FeedSkeleton() {
  return (
    <div className="space-y-4" aria-hidden>
      {[0, 1, 2].map((key) => (
        <div key={key} className="rounded-2xl border border-line bg-surface p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 w-1/2" />
          </div>
          <Skeleton className="mt-4 h-20 w-full" />
        </div>
      ))}
    </div>
  );
}

/** For a member who follows few people yet: albums from what they chose at onboarding (else the most rated), unrated by them. */
function StarterAlbums({ starter }: { starter: NonNullable<FeedSidebarData['starter']> }) {
  const { t } = useTranslation('feed');
  return (
    <section aria-labelledby="starter-albums" className="mb-8">
      <h2 id="starter-albums" className="font-display text-xl font-semibold text-ink">
        {t('starter.title')}
      </h2>
      <p className="mb-4 mt-1 text-sm text-ink-muted">{starter.fromChoices ? t('starter.fromChoices') : t('starter.mostRated')}</p>
      <AlbumGrid>
        {starter.albums.map((album) => (
          <AlbumCard key={album.id} album={album} />
        ))}
      </AlbumGrid>
    </section>
  );
}

/**
 * The home page of a signed-in person: the activity of the people they follow, newest first, loading the next page
 * as the end of the list scrolls into view (or with Load more, for keyboards), and the sidebar beside it (below it on
 * phones). `played`: the albums the person played and has not rated, above the feed (from the listening feature).
 */
export function HomeFeedPage({ played: Played }: { played?: ComponentType<{ compact?: boolean }> } = {}) {
  const { t } = useTranslation('feed');
  const feed = useInfiniteQuery(feedQueryOptions);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const sentinel = useRef<HTMLDivElement>(null);
  const pageCount = feed.data?.pages.length ?? 0;

  // A new observer after each page: it reports at once whether the end is still in view (a page can be short).
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pageCount]);

  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  // The sidebar's answer (one request for both) carries the starter section of a member who follows few people.
  const starter = useQuery(feedSidebarQueryOptions).data?.starter;
  const starterAlbums = starter && starter.albums.length ? starter : null;
  const pull = usePullToRefresh(() => feed.refetch());
  return (
    <Container className="pb-16">
      <PullToRefreshIndicator
        pull={pull}
        words={{ pull: t('pullToRefresh.pull'), release: t('pullToRefresh.release'), refreshing: t('pullToRefresh.refreshing') }}
      />
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          {Played ? <Played compact /> : null}
          {starterAlbums ? <StarterAlbums starter={starterAlbums} /> : null}
          <section aria-label={t('feedLabel')} aria-busy={feed.isPending || isFetchingNextPage}>
            {feed.isPending ? (
              <>
                <span className="sr-only" role="status">
                  {t('loading')}
                </span>
                <FeedSkeleton />
              </>
            ) : feed.isError && !feed.data ? (
              <ErrorState onRetry={() => void feed.refetch()} />
            ) : items.length === 0 && !hasNextPage ? (
              starterAlbums ? (
                <p className="text-sm text-ink-muted">{t('empty.description')}</p>
              ) : (
                <EmptyState title={t('empty.title')} description={t('empty.description')} />
              )
            ) : (
              <>
                {/* The entries are taken over apart from the page's head and side (decision 089). */}
                <HydratesApart>
                  <ol className="flex flex-col gap-4">
                    {items.map((item) => (
                      // Laid out only as it nears the screen; the padding within the negative margin keeps a focused card's
                      // outline inside the entry's box.
                      <li key={item.id} className="laid-out-when-near -m-1 p-1 [--near-height:12rem]">
                        <FeedItemCard item={item} />
                      </li>
                    ))}
                  </ol>
                </HydratesApart>
                <div ref={sentinel} className="mt-6 flex justify-center">
                  {hasNextPage ? (
                    <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                      {isFetchingNextPage ? t('loadingMore') : t('loadMore')}
                    </Button>
                  ) : (
                    <p className="text-sm text-ink-muted">{t('end')}</p>
                  )}
                </div>
              </>
            )}
          </section>
        </div>
        <aside aria-label={t('sidebar.label')}>
          <HydratesApart>
            <FeedSidebar />
          </HydratesApart>
        </aside>
      </div>
    </Container>
  );
}
