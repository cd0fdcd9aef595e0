import type { Profile } from '@hearsay/contracts/profiles';
import { paths } from '@hearsay/contracts/paths';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Lock, MessageCircle, MoreHorizontal, Plus, Sparkles } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { genresQueryOptions } from '../../shared/catalog/genres.ts';
import { urlFilters, urlParam, useUrlFilters } from '../../shared/hooks/use-url-filters.ts';
import { ApiError } from '../../shared/lib/api-client.ts';
import { formatDate } from '../../shared/lib/format-date.ts';
import { useAlbumViewMode } from '../../shared/lib/view-mode.ts';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, Container } from '../../shared/ui/card.tsx';
import { CollectionGrid } from '../../shared/ui/collection-card.tsx';
import { FilterSelect, SelectOptions } from '../../shared/ui/input.tsx';
import { PageLoadError } from '../../shared/ui/not-found.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { RatingDistribution } from '../../shared/ui/rating-distribution.tsx';
import { EmptyState, ErrorState, PageLoading, Spinner } from '../../shared/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs.tsx';
import { ViewModeToggle } from '../../shared/ui/view-mode-toggle.tsx';
import {
  distributionQueryOptions,
  peopleQueryOptions,
  profileCollectionsQueryOptions,
  profileQueryOptions,
  profileRatingsQueryOptions,
  type RatingsFilter,
} from './api.ts';
import { CompatibilityCard } from './compatibility-card.tsx';
import { useOpenConversation } from '../../shared/hooks/use-open-conversation.ts';
import { FollowButton } from '../../shared/ui/follow-button.tsx';
import { useSetBlock, useSetMute } from '../../shared/hooks/use-block.ts';
import { BlockDialog } from '../../shared/ui/block-dialog.tsx';
import { ReportDialog } from '../../shared/ui/report-dialog.tsx';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { formatRating, formatNumber } from '../../shared/i18n/index.ts';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

/** The Create Collection dialog, which belongs to the collections feature: the app layer passes it in. */
export type CreateCollectionDialogType = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;

const TABS = ['collection', 'ratings', 'lists', 'followers'] as const;
const ProfileTab = urlFilters({ tab: urlParam.oneOf(TABS, 'collection') });
/** How the Collection tab, the one a profile opens on, first lists the ratings. */
const FIRST_COLLECTION_FILTER: RatingsFilter = { sort: 'date', page: 1 };

/**
 * What a profile shows first below its header at an address, once the profile is known: the Collection tab's ratings
 * and genres when it opens on that tab (the server fetches them before rendering the page).
 */
export async function fetchFirstTab(client: QueryClient, search: URLSearchParams, username: string): Promise<void> {
  if (ProfileTab.read(search).tab !== 'collection') return;
  await Promise.all([
    client.prefetchQuery(profileRatingsQueryOptions(username, FIRST_COLLECTION_FILTER)),
    client.prefetchQuery(genresQueryOptions),
  ]);
}

/** /profile/{username} (spec §2 Profile): who they are, their stats, and the Collection, Ratings, Lists and Followers tabs. */
export function ProfilePage({ createCollection }: { createCollection?: CreateCollectionDialogType }) {
  const { t } = useTranslation('profile');
  const { username = 'me' } = useParams();
  const profile = useQuery(profileQueryOptions(username));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const found = profile.data;
  // A username changed in the last 90 days still finds its person: the address moves to the name they have now.
  useEffect(() => {
    if (!found || username === 'me' || found.username === username) return;
    queryClient.setQueryData(profileQueryOptions(found.username).queryKey, found);
    void navigate({ pathname: paths.profile(found.username), search, hash }, { replace: true });
  }, [found, username, search, hash, navigate, queryClient]);
  if (profile.isPending) {
    return (
      <PageLoading className="py-16">
        <Spinner label={t('loading')} />
      </PageLoading>
    );
  }
  if (profile.isError) return <PageLoadError query={profile} title={t('notFound')} description={t('notFoundHint')} />;
  if (profile.data.blocked) return <BlockedProfile profile={profile.data} />;
  return <ProfileView profile={profile.data} createCollection={createCollection} />;
}

/** Someone you blocked: who they are, and the way to unblock them; nothing of theirs. */
function BlockedProfile({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const setBlock = useSetBlock();
  return (
    <Container className="py-8 sm:py-12">
      <title>{`${profile.name} (@${profile.username}) · Hearsay`}</title>
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar name={profile.name} src={profile.avatarUrl} size="xl" />
        <div className="min-w-0 flex-1">
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{profile.name}</h1>
          <p className="text-ink-muted">@{profile.username}</p>
        </div>
      </header>
      <Card className="mt-6 p-5" role="status">
        <p className="font-medium text-ink">{t('blocked.title', { name: profile.name })}</p>
        <p className="mt-1 text-sm text-ink-muted">{t('blocked.description', { name: profile.name })}</p>
        <Button
          className="mt-4"
          variant="outline"
          disabled={setBlock.isPending}
          onClick={() =>
            setBlock.mutate(
              { username: profile.username, block: false },
              {
                onSuccess: () => toast.success(t('blocked.unblocked', { name: profile.name })),
                onError: (cause) => toast.error(cause instanceof ApiError ? cause.message : t('failed')),
              },
            )
          }
        >
          {t('blocked.unblock', { name: profile.name })}
        </Button>
      </Card>
    </Container>
  );
}

function ProfileView({ profile, createCollection }: { profile: Profile; createCollection?: CreateCollectionDialogType }) {
  const { t, i18n } = useTranslation('profile');
  const stats: [string, number][] = [
    ['ratings', profile.stats.ratings],
    ['reviews', profile.stats.reviews],
    ['lists', profile.stats.lists],
    ['followers', profile.stats.followers],
    ['following', profile.stats.following],
  ];
  return (
    <Container className="py-8 sm:py-12">
      <title>{`${profile.name} (@${profile.username}) · Hearsay`}</title>
      <header className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <Avatar name={profile.name} src={profile.avatarUrl} size="xl" />
        <div className="min-w-0 flex-1">
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{profile.name}</h1>
          <p className="text-ink-muted">
            @{profile.username} · {t('memberSince', { year: formatDate(profile.memberSince, i18n.language, 'year') })}
          </p>
          <p className="mt-3 max-w-2xl whitespace-pre-wrap text-ink">{profile.bio || t('noBio')}</p>
        </div>
        <ProfileActions profile={profile} />
      </header>
      <dl className="mt-6 grid grid-cols-5 gap-2 rounded-2xl border border-line bg-surface p-4 text-center">
        {stats.map(([key, value]) => (
          <div key={key}>
            <dd className="font-display text-2xl font-semibold tabular-nums text-ink" data-testid={`profile-stat-${key}`}>
              {formatNumber(value)}
            </dd>
            <dt className="text-xs text-ink-muted sm:text-sm">{t(`stats.${key}`)}</dt>
          </div>
        ))}
      </dl>
      {profile.locked || !profile.sharesRatings ? null : <YearInReviewLinks profile={profile} />}
      {profile.locked ? <LockedProfile profile={profile} /> : <ProfileTabs profile={profile} createCollection={createCollection} />}
    </Container>
  );
}

/** Discreet links to this year's year in review (and, in January, last year's while it is still fresh). */
function YearInReviewLinks({ profile }: { profile: Profile }) {
  const { t } = useTranslation('year');
  const now = new Date();
  const joined = new Date(profile.memberSince).getUTCFullYear();
  const years = [now.getUTCFullYear(), ...(now.getUTCMonth() === 0 ? [now.getUTCFullYear() - 1] : [])].filter((year) => year >= joined);
  return (
    <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {years.map((year) => (
        <Link
          key={year}
          to={paths.yearInReview(profile.username, year)}
          className="inline-flex items-center gap-1 text-accent hover:underline"
        >
          <Sparkles aria-hidden className="size-4" />
          {profile.isOwner
            ? year === now.getUTCFullYear()
              ? t('profileLink')
              : t('profileLinkOwnYear', { year })
            : t('profileLinkOther', { name: profile.name, year })}
        </Link>
      ))}
    </p>
  );
}

/** A profile closed to the viewer: who they are and their counts only, and how to ask for more. */
function LockedProfile({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const kind = profile.visibility === 'private' ? 'private' : 'followers';
  return (
    <Card className="mt-8 flex items-start gap-4 p-6" role="status">
      <Lock aria-hidden className="mt-0.5 size-6 shrink-0 text-ink-muted" />
      <div>
        <p className="font-medium text-ink">{t(`locked.${kind}.title`)}</p>
        <p className="mt-1 text-sm text-ink-muted">
          {profile.requested ? t('locked.requested', { name: profile.name }) : t(`locked.${kind}.description`, { name: profile.name })}
        </p>
      </div>
    </Card>
  );
}

/** Someone who keeps their ratings to themselves (Settings → Privacy): their ratings tabs say so. */
function RatingsNotShared({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  return (
    <EmptyState
      icon={<Lock />}
      title={t('ratingsNotShared.title')}
      description={t('ratingsNotShared.description', { name: profile.name })}
    />
  );
}

function ProfileTabs({ profile, createCollection }: { profile: Profile; createCollection?: CreateCollectionDialogType }) {
  const { t } = useTranslation('profile');
  const { filters, resetFilters } = useUrlFilters(ProfileTab, { replace: true });
  // Compatibility compares the viewer's ratings with these: a visitor has none.
  const signedIn = useSession().status === 'signed-in';
  return (
    <>
      {profile.isOwner || !profile.sharesRatings || !signedIn ? null : <CompatibilityCard profile={profile} />}
      <Tabs value={filters.tab} onValueChange={(tab) => resetFilters({ tab })} className="mt-8">
        <TabsList>
          <TabsTrigger value="collection">{t('tabs.collection', { count: profile.stats.ratings })}</TabsTrigger>
          <TabsTrigger value="ratings">{t('tabs.ratings')}</TabsTrigger>
          <TabsTrigger value="lists">{t('tabs.lists')}</TabsTrigger>
          <TabsTrigger value="followers">{t('tabs.followers')}</TabsTrigger>
        </TabsList>
        <TabsContent value="collection" className="mt-6">
          {profile.sharesRatings ? <CollectionTab profile={profile} /> : <RatingsNotShared profile={profile} />}
        </TabsContent>
        <TabsContent value="ratings" className="mt-6">
          {profile.sharesRatings ? <RatingsTab profile={profile} /> : <RatingsNotShared profile={profile} />}
        </TabsContent>
        <TabsContent value="lists" className="mt-6">
          <ListsTab profile={profile} CreateCollection={createCollection} />
        </TabsContent>
        <TabsContent value="followers" className="mt-6">
          <PeopleTab profile={profile} />
        </TabsContent>
      </Tabs>
    </>
  );
}

function ProfileActions({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const openConversation = useOpenConversation();
  const setMute = useSetMute();
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  // Following, writing, muting, reporting and blocking need an account: a visitor is sent to sign in, then back here.
  const signedIn = useSession().status === 'signed-in';
  const sendToSignIn = useSendToSignIn();
  const asMember = (action: () => void) => () => (signedIn ? action() : sendToSignIn());
  const toggleMute = () =>
    setMute.mutate(
      { username: profile.username, mute: !profile.muted },
      {
        onSuccess: () => toast.success(t(profile.muted ? 'mute.undone' : 'mute.done', { name: profile.name })),
        onError: (cause) => toast.error(cause instanceof ApiError ? cause.message : t('failed')),
      },
    );
  const share = async () => {
    const url = `${window.location.origin}${paths.profile(profile.username)}`;
    try {
      if (navigator.share) await navigator.share({ title: profile.name, url });
      else {
        await navigator.clipboard.writeText(url);
        toast.success(t('linkCopied'));
      }
    } catch {
      // Closing the share sheet is not an error.
    }
  };
  return (
    <div className="flex items-center gap-2">
      {!profile.isOwner ? (
        <FollowButton person={profile} onProfile />
      ) : (
        <Button asChild variant="outline">
          <Link to="/settings">{t('editProfile')}</Link>
        </Button>
      )}
      {!profile.isOwner ? (
        <Button
          variant="outline"
          title={t('message', { name: profile.name })}
          disabled={openConversation.isPending}
          onClick={asMember(() =>
            openConversation.mutate(profile.username, {
              onError: (cause) => toast.error(cause instanceof ApiError ? cause.message : t('failed')),
            }),
          )}
        >
          <MessageCircle aria-hidden />
          {t('messageButton')}
        </Button>
      ) : null}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" size="icon" aria-label={t('more')}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" className="z-50 min-w-40 rounded-xl border border-line bg-surface p-1 shadow-pop">
            <DropdownMenu.Item
              onSelect={() => void share()}
              className="cursor-pointer rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-2"
            >
              {t('share')}
            </DropdownMenu.Item>
            {profile.isOwner ? null : (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-line" />
                <DropdownMenu.Item
                  onSelect={asMember(toggleMute)}
                  className="cursor-pointer rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-2"
                >
                  {t(profile.muted ? 'mute.undo' : 'mute.action', { username: profile.username })}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  onSelect={asMember(() => setReporting(true))}
                  className="cursor-pointer rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-2"
                >
                  {t('reportAction', { username: profile.username })}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  onSelect={asMember(() => setBlocking(true))}
                  className="cursor-pointer rounded-lg px-3 py-2 text-sm text-danger outline-none data-[highlighted]:bg-danger-soft"
                >
                  {t('blockAction', { username: profile.username })}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {profile.isOwner ? null : (
        <>
          <BlockDialog person={profile} open={blocking} onOpenChange={setBlocking} />
          <ReportDialog subject={{ type: 'profile', id: profile.username }} open={reporting} onOpenChange={setReporting} />
        </>
      )}
    </div>
  );
}

const DECADES = [2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950];
const PROFILE_SORTS = ['date', 'rating', 'release', 'title'] as const;

function CollectionTab({ profile }: { profile: Profile }) {
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

function RatingsTab({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const [page, setPage] = useState(1);
  const distribution = useQuery(distributionQueryOptions(profile.username));
  const ratings = useQuery(profileRatingsQueryOptions(profile.username, { sort: 'date', page }, 20));
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <Card className="h-fit p-5">
        {distribution.data ? (
          <RatingDistribution buckets={distribution.data.buckets} title={t('distribution')} emptyText={t('emptyRatings')} />
        ) : (
          <Spinner />
        )}
      </Card>
      <section aria-label={t('tabs.ratings')}>
        {ratings.data?.items.length === 0 ? <EmptyState title={t('emptyRatings')} /> : null}
        <ol className="flex flex-col gap-2">
          {ratings.data?.items.map((item) => (
            <li key={item.album.id} className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface p-3">
              <Link to={paths.album(item.album.slug)} className="min-w-0">
                <span className="block truncate font-medium text-ink hover:text-accent">{item.album.title}</span>
                <span className="block truncate text-sm text-ink-muted">{item.album.artistCredit}</span>
              </Link>
              <span className="shrink-0 text-right">
                <span className="block font-display text-lg font-semibold tabular-nums text-ink">{formatRating(item.rating)}</span>
                <time dateTime={item.ratedAt} className="block text-xs text-ink-muted">
                  {formatDate(item.ratedAt, i18n.language)}
                </time>
              </span>
            </li>
          ))}
        </ol>
        {ratings.data ? <Pagination page={page} pages={ratings.data.totalPages} onPageChange={setPage} /> : null}
      </section>
    </div>
  );
}

function ListsTab({ profile, CreateCollection }: { profile: Profile; CreateCollection?: CreateCollectionDialogType }) {
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

function PeopleTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <PeopleList profile={profile} direction="followers" title={t('followersTitle', { count: profile.stats.followers })} />
      <PeopleList profile={profile} direction="following" title={t('followingTitle', { count: profile.stats.following })} />
    </div>
  );
}

function PeopleList({ profile, direction, title }: { profile: Profile; direction: 'followers' | 'following'; title: string }) {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState(1);
  const people = useQuery(peopleQueryOptions(profile.username, direction, page));
  return (
    <section aria-label={title}>
      <h2 className="mb-3 font-display text-lg font-semibold text-ink">{title}</h2>
      {people.data?.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t(direction === 'followers' ? 'noFollowers' : 'noFollowing')}</p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {people.data?.items.map((person) => (
          <li key={person.id} className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
            <Avatar name={person.name} src={person.avatarUrl} size="md" />
            <Link to={paths.profile(person.username)} className="min-w-0 flex-1">
              <span className="block truncate font-medium text-ink hover:text-accent">{person.name}</span>
              <span className="block truncate text-sm text-ink-muted">@{person.username}</span>
            </Link>
            {!person.isViewer ? <FollowButton person={person} /> : null}
          </li>
        ))}
      </ul>
      {people.data ? <Pagination page={page} pages={people.data.totalPages} onPageChange={setPage} /> : null}
    </section>
  );
}
