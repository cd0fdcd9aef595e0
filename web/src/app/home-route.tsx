import { useSession } from '../shared/auth/session.ts';
import { deferred, loadParts } from '../shared/lib/deferred.tsx';
import { ensure, ensureInfinite, queryLoader } from '../shared/lib/route-data.ts';
import { Spinner } from '../shared/ui/skeleton.tsx';

const loading = <Spinner className="min-h-[50vh]" />;
const LandingPage = deferred('landing', () => import('../features/landing/landing-page.tsx').then((module) => module.LandingPage), loading);
// The albums played and not rated, above the feed, belong to the listening feature: composed here, and read with the
// feed, so the page comes whole from the server (asked for by the browser, they moved the feed down once it had shown,
// and their first call loaded the API's schemas just as the page started).
const HomeFeedPage = deferred(
  'home-feed',
  () =>
    Promise.all([import('../features/feed/home-feed-page.tsx'), import('../features/listening/played-not-rated.tsx')]).then(
      ([feed, listening]) =>
        function HomeFeed() {
          return <feed.HomeFeedPage played={listening.PlayedNotRated} />;
        },
    ),
  loading,
);

/** `/`: the landing page for visitors, the home feed for signed-in people (each page's code loads only for them). */
export function HomeRoute() {
  const session = useSession();
  if (session.status === 'loading') {
    // Most first visits are visitors': the landing page's code comes while the session is asked for.
    void loadParts(['landing']);
    return loading;
  }
  return session.status === 'signed-out' ? <LandingPage /> : <HomeFeedPage />;
}

/** A member's home is their feed; a visitor's the landing page. Their queries' code comes with them, not with the app. */
export const homeLoader = queryLoader(async ({ client, signedIn }) => {
  if (!signedIn) return ensure(client, (await import('../features/landing/api.ts')).landingQueryOptions);
  const [{ feedQueryOptions, feedSidebarQueryOptions }, { PLAYED_ON_HOME, playedNotRatedQueryOptions }] = await Promise.all([
    import('../features/feed/api.ts'),
    import('../features/listening/api.ts'),
  ]);
  return Promise.all([
    ensureInfinite(client, feedQueryOptions),
    ensure(client, feedSidebarQueryOptions),
    ensure(client, playedNotRatedQueryOptions(PLAYED_ON_HOME)),
  ]);
});
