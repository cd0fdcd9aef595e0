import { paths } from '@hearsay/contracts/paths';
import { BarChart3, Shuffle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAlbumViewMode } from '../../shared/lib/view-mode.ts';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Chip, Container, PageHeader } from '../../shared/ui/card.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs.tsx';
import { ViewModeToggle } from '../../shared/ui/view-mode-toggle.tsx';
import { useDiscover } from './api.ts';
import { DISCOVER_TABS } from '@hearsay/contracts/constants';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

/** The Discover genre row of spec §3, in its order. */
const DISCOVER_GENRES = [
  { slug: 'classic', name: 'Classic' },
  { slug: '90s', name: '90s' },
  { slug: 'new', name: 'New' },
  { slug: 'instrumental', name: 'Instrumental' },
  { slug: 'jazz', name: 'Jazz' },
  { slug: 'electronic', name: 'Electronic' },
  { slug: 'hip-hop', name: 'Hip-Hop' },
  { slug: 'rock', name: 'Rock' },
  { slug: 'pop', name: 'Pop' },
] as const;

type Tab = (typeof DISCOVER_TABS)[number];

export function DiscoverPage() {
  const { t } = useTranslation('catalog');
  const genreName = useGenreName();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('trending');
  const [genre, setGenre] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [viewMode, setViewMode] = useAlbumViewMode();
  const albums = useDiscover({ tab, genre, page, limit: 24 });

  const surprise = () => {
    const items = albums.data?.items ?? [];
    const pick = items[Math.floor(Math.random() * items.length)];
    if (pick) void navigate(paths.album(pick.slug));
  };

  return (
    <Container>
      <PageHeader
        title={t('discover.title')}
        description={t('discover.description')}
        actions={
          <>
            <ViewModeToggle value={viewMode} onChange={setViewMode} />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('discover.shuffle')}
              title={t('discover.shuffleHint')}
              onClick={surprise}
              disabled={!albums.data?.items.length}
            >
              <Shuffle aria-hidden />
            </Button>
            <Button asChild variant="ghost" size="icon">
              <Link to="/trending" aria-label={t('discover.charts')} title={t('discover.charts')}>
                <BarChart3 aria-hidden />
              </Link>
            </Button>
          </>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setTab(value as Tab);
          setPage(1);
        }}
      >
        <TabsList>
          {DISCOVER_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`discover.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab}>
          <div role="group" aria-label={t('discover.genres')} className="-mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
            {DISCOVER_GENRES.map((item) => (
              <Chip
                key={item.slug}
                active={genre === item.slug}
                onClick={() => {
                  // Clicking the selected genre clears it (spec §4).
                  setGenre(genre === item.slug ? undefined : item.slug);
                  setPage(1);
                }}
              >
                {genreName(item)}
              </Chip>
            ))}
          </div>
          {tab === 'trending' && albums.data?.fallback && page === 1 ? (
            <p className="mt-3 text-sm text-ink-muted">{t('discover.quiet')}</p>
          ) : null}
          <div className="mt-6">
            {albums.isError ? (
              <ErrorState onRetry={() => void albums.refetch()} />
            ) : albums.data && albums.data.items.length === 0 ? (
              <EmptyState title={t('discover.empty')} description={t('discover.emptyHint')} />
            ) : viewMode === 'grid' ? (
              <AlbumGrid className={albums.isPlaceholderData ? 'opacity-60' : undefined}>
                {albums.data
                  ? albums.data.items.map((album) => <AlbumCard key={album.id} album={album} />)
                  : Array.from({ length: 8 }, (_, index) => <AlbumCardSkeleton key={index} />)}
              </AlbumGrid>
            ) : (
              <div className={albums.isPlaceholderData ? 'flex flex-col gap-1 opacity-60' : 'flex flex-col gap-1'}>
                {albums.data
                  ? albums.data.items.map((album) => <AlbumCard key={album.id} album={album} layout="list" />)
                  : Array.from({ length: 8 }, (_, index) => <AlbumCardSkeleton key={index} layout="list" />)}
              </div>
            )}
          </div>
        </TabsContent>
      </Tabs>
      {albums.data ? <Pagination page={albums.data.page} pages={albums.data.totalPages} onPageChange={setPage} /> : null}
    </Container>
  );
}
