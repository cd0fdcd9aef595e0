import type { Profile } from '@hearsay/contracts/profiles';
import { paths } from '@hearsay/contracts/paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { genresQueryOptions } from '../../shared/catalog/genres.ts';
import { urlFilters, urlParam, useUrlFilters } from '../../shared/hooks/use-url-filters.ts';

import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, Container } from '../../shared/ui/card.tsx';
import { PageLoadError } from '../../shared/ui/not-found.tsx';
import { EmptyState, PageLoading, Spinner } from '../../shared/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs.tsx';
import { compatibilityQueryOptions, favouriteAlbumsQueryOptions, profileQueryOptions, profileRatingsQueryOptions } from './api.ts';
import { FavouriteAlbums } from './favourite-albums.tsx';
import { CompatibilityCard } from './compatibility-card.tsx';
import { CollectionTab, FIRST_COLLECTION_FILTER } from './collection-tab.tsx';
import { ListeningTab } from './listening-tab.tsx';
import { ListsTab, type CreateCollectionDialogType } from './lists-tab.tsx';
import { PeopleTab } from './people-tab.tsx';
import { ProfileActions } from './profile-actions.tsx';
import { RatingsTab } from './ratings-tab.tsx';
import { useSetBlock } from '../../shared/hooks/use-block.ts';
import { useSession } from '../../shared/auth/session.ts';
import { formatNumber } from '../../shared/i18n/index.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';

const TABS = ['collection', 'ratings', 'lists', 'followers', 'listening'] as const;
const ProfileTab = urlFilters({ tab: urlParam.oneOf(TABS, 'collection') });

/**
 * The route's data: the profile, then what it shows first below its header: the favourite albums of a profile open to
 * the viewer, compatibility, for a member on the profile
 * of someone they share ratings with, and the Collection tab's ratings and genres when the address opens on that tab.
 */
export const loader = queryLoader(async ({ client, params, search, signedIn }) => {
  const profile = await ensure(client, profileQueryOptions(params.username ?? ''));
  if (!profile) return;
  const firstTab = ProfileTab.read(search).tab === 'collection';
  await Promise.all([
    !profile.locked && !profile.blocked && ensure(client, favouriteAlbumsQueryOptions(profile.username)),
    signedIn && !profile.isOwner && profile.sharesRatings && ensure(client, compatibilityQueryOptions(profile.username)),
    firstTab && ensure(client, profileRatingsQueryOptions(profile.username, FIRST_COLLECTION_FILTER)),
    firstTab && ensure(client, genresQueryOptions),
  ]);
});

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
  const errorText = useErrorText();
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
                onError: (cause) => toast.error(errorText(cause, t('failed'))),
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
  const { t } = useTranslation('profile');
  const formatDate = useFormatDate();
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
            @{profile.username} · {t('memberSince', { year: formatDate(profile.memberSince, 'year') })}
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
      {profile.locked ? null : (
        <HydratesApart>
          <FavouriteAlbums profile={profile} />
        </HydratesApart>
      )}
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
      {/* What the tabs show is taken over apart from the profile's head (decision 089). */}
      <Tabs value={filters.tab} onValueChange={(tab) => resetFilters({ tab })} className="mt-8">
        <TabsList>
          <TabsTrigger value="collection">{t('tabs.collection', { count: profile.stats.ratings })}</TabsTrigger>
          <TabsTrigger value="ratings">{t('tabs.ratings')}</TabsTrigger>
          <TabsTrigger value="lists">{t('tabs.lists')}</TabsTrigger>
          <TabsTrigger value="followers">{t('tabs.followers')}</TabsTrigger>
          <TabsTrigger value="listening">{t('tabs.listening')}</TabsTrigger>
        </TabsList>
        <TabsContent value="collection" className="mt-6">
          <HydratesApart>
            {profile.sharesRatings ? <CollectionTab profile={profile} /> : <RatingsNotShared profile={profile} />}
          </HydratesApart>
        </TabsContent>
        <TabsContent value="ratings" className="mt-6">
          <HydratesApart>{profile.sharesRatings ? <RatingsTab profile={profile} /> : <RatingsNotShared profile={profile} />}</HydratesApart>
        </TabsContent>
        <TabsContent value="lists" className="mt-6">
          <HydratesApart>
            <ListsTab profile={profile} CreateCollection={createCollection} />
          </HydratesApart>
        </TabsContent>
        <TabsContent value="followers" className="mt-6">
          <HydratesApart>
            <PeopleTab profile={profile} />
          </HydratesApart>
        </TabsContent>
        <TabsContent value="listening" className="mt-6">
          <HydratesApart>{filters.tab === 'listening' ? <ListeningTab profile={profile} /> : null}</HydratesApart>
        </TabsContent>
      </Tabs>
    </>
  );
}
