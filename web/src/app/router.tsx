import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { sessionQueryOptions } from '../shared/auth/session.ts';
import { routeDataContext } from '../shared/lib/route-data.ts';
import { NotFound } from '../shared/ui/not-found.tsx';
import { Spinner } from '../shared/ui/skeleton.tsx';
import { ErrorPage } from './error-page.tsx';
import { HomeRoute, homeLoader } from './home-route.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { layoutLoader } from './layout/layout-data.ts';
import { PrivateRoute } from './route-guards.tsx';

/**
 * What the server does with a route. Public pages are rendered there with their data, so they paint (and search engines
 * and link previews read them) before the scripts run; the signed-in-only part is rendered only for a signed-in viewer.
 */
export interface RouteHandle {
  serverRendered?: true;
  signedInOnly?: true;
}
const serverRendered: RouteHandle = { serverRendered: true };

function RouteLoading() {
  return <Spinner className="min-h-[50vh]" />;
}

/**
 * Every route of spec §2, plus the screens the spec leaves out (artist, lists, reviews, terms, privacy).
 * Public screens first, then the signed-in ones behind PrivateRoute (spec §6). A route whose page reads the API on its
 * first render has a loader (from its page's module) that fetches it into the query cache (decision 064).
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    loader: layoutLoader,
    // A start from the shell runs the layout's loader first (it only starts fetches, so this shows for a moment).
    HydrateFallback: RouteLoading,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        // While the first screen's code loads, the header stays and the page says it is loading (without this, React
        // Router renders nothing there and warns "No `HydrateFallback` element provided").
        HydrateFallback: RouteLoading,
        children: [
          { index: true, element: <HomeRoute />, loader: homeLoader, handle: serverRendered },
          { path: 'login', lazy: async () => ({ Component: (await import('../features/accounts/login-page.tsx')).LoginPage }) },
          { path: 'register', lazy: async () => ({ Component: (await import('../features/accounts/register-page.tsx')).RegisterPage }) },
          {
            path: 'forgot-password',
            lazy: async () => ({ Component: (await import('../features/accounts/forgot-password-page.tsx')).ForgotPasswordPage }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({ Component: (await import('../features/accounts/reset-password-page.tsx')).ResetPasswordPage }),
          },
          {
            // The link mailed to a new address: public, since it may be opened on a device that is not signed in.
            path: 'settings/confirm-email',
            lazy: async () => ({ Component: (await import('../features/settings/confirm-email-page.tsx')).ConfirmEmailPage }),
          },
          {
            path: 'auth/callback',
            lazy: async () => ({ Component: (await import('../features/accounts/auth-callback-page.tsx')).AuthCallbackPage }),
          },
          {
            path: 'search',
            handle: serverRendered,
            lazy: async () => {
              const { SearchPage, loader } = await import('../features/search/search-page.tsx');
              return { Component: SearchPage, loader };
            },
          },
          {
            path: 'album/:albumId',
            handle: serverRendered,
            lazy: () => import('./album-route.tsx'),
          },
          {
            path: 'album/:albumId/lists',
            handle: serverRendered,
            lazy: async () => {
              const { AlbumListsPage, loader } = await import('../features/album-circle/album-lists-page.tsx');
              return { Component: AlbumListsPage, loader };
            },
          },
          {
            path: 'artist/:artistId',
            handle: serverRendered,
            lazy: async () => {
              const { ArtistPage, loader } = await import('../features/catalog/artist-page.tsx');
              return { Component: ArtistPage, loader };
            },
          },
          // A genre's page and a descriptor's (decision 077): one module, its route by the word of the path.
          ...(['genre', 'descriptor'] as const).map((kind) => ({
            path: `${kind}/:${kind}`,
            handle: serverRendered,
            lazy: () => import('../features/genres/taxonomy-page.tsx').then((module) => module.routes[kind]),
          })),
          {
            path: 'explore',
            handle: serverRendered,
            lazy: async () => {
              const { ExplorePage, loader } = await import('../features/catalog/explore-page.tsx');
              return { Component: ExplorePage, loader };
            },
          },
          {
            path: 'trending',
            handle: serverRendered,
            lazy: async () => {
              const { TrendingPage, loader } = await import('../features/catalog/trending-page.tsx');
              return { Component: TrendingPage, loader };
            },
          },
          {
            path: 'lists',
            handle: serverRendered,
            lazy: async () => {
              const { ListsPage, loader } = await import('../features/collections/lists-page.tsx');
              return { Component: ListsPage, loader };
            },
          },
          {
            path: 'lists/:listId',
            handle: serverRendered,
            lazy: async () => {
              const { CollectionPage, loader } = await import('../features/collections/collection-page.tsx');
              return { Component: CollectionPage, loader };
            },
          },
          {
            path: 'review/:reviewId',
            handle: serverRendered,
            lazy: async () => {
              const { ReviewPage, loader } = await import('../features/reviews/review-page.tsx');
              return { Component: ReviewPage, loader };
            },
          },
          {
            path: 'about/catalog',
            handle: serverRendered,
            lazy: async () => {
              const { AboutCatalogPage, loader } = await import('../features/catalog/about-catalog-page.tsx');
              return { Component: AboutCatalogPage, loader };
            },
          },
          {
            path: 'terms',
            handle: serverRendered,
            lazy: async () => ({ Component: (await import('../features/legal/legal-page.tsx')).TermsPage }),
          },
          {
            path: 'privacy',
            handle: serverRendered,
            lazy: async () => ({ Component: (await import('../features/legal/legal-page.tsx')).PrivacyPage }),
          },
          {
            path: 'api',
            handle: serverRendered,
            lazy: async () => ({ Component: (await import('../features/developers/api-page.tsx')).ApiPage }),
          },
          {
            // Open to visitors when its owner made it public; a closed profile sends a visitor to sign in (decision 055).
            path: 'profile/:username',
            handle: serverRendered,
            // Create Collection belongs to the collections feature: composed here, not imported by profile.
            lazy: async () => {
              const [{ ProfilePage, loader }, { CreateCollection }] = await Promise.all([
                import('../features/profile/profile-page.tsx'),
                import('../features/collections/create-collection.tsx'),
              ]);
              return { Component: () => <ProfilePage createCollection={CreateCollection} />, loader };
            },
          },
          {
            // A person of another site as this site knows them (members only: a visitor is asked to sign in).
            path: 'people/remote/:personId',
            handle: serverRendered,
            lazy: async () => {
              const { RemotePersonPage, loader } = await import('../features/search/remote-person-page.tsx');
              return { Component: RemotePersonPage, loader };
            },
          },
          {
            path: 'profile/:username/year/:year',
            handle: serverRendered,
            lazy: async () => {
              const { YearInReviewPage, loader } = await import('../features/year-in-review/year-page.tsx');
              return { Component: YearInReviewPage, loader };
            },
          },
          {
            path: 'onboarding',
            lazy: async () => ({ Component: (await import('../features/onboarding/onboarding-page.tsx')).OnboardingPage }),
          },

          {
            element: <PrivateRoute />,
            handle: { signedInOnly: true } satisfies RouteHandle,
            children: [
              { path: 'discover', lazy: async () => ({ Component: (await import('../features/catalog/discover-page.tsx')).DiscoverPage }) },
              // The phone's share sheet opens this with a music link (the manifest's share_target, decision 086).
              { path: 'share', lazy: async () => ({ Component: (await import('../features/links/share-page.tsx')).SharePage }) },
              {
                path: 'settings',
                // Settings → Listening shows forwarding, which belongs to the listening feature: composed here.
                lazy: async () => {
                  const [{ SettingsPage }, { ListenBrainzForwardingSection }] = await Promise.all([
                    import('../features/settings/settings-page.tsx'),
                    import('../features/listening/forwarding-section.tsx'),
                  ]);
                  return { Component: () => <SettingsPage listeningForwarding={ListenBrainzForwardingSection} /> };
                },
              },
              {
                path: 'moderation',
                lazy: async () => ({ Component: (await import('../features/moderation/moderation-page.tsx')).ModerationPage }),
              },
              {
                path: 'curation',
                lazy: async () => ({ Component: (await import('../features/curation/curation-page.tsx')).CurationPage }),
              },
              {
                path: 'notifications',
                handle: serverRendered,
                lazy: async () => {
                  const { NotificationsPage, loader } = await import('../features/notifications/notifications-page.tsx');
                  return { Component: NotificationsPage, loader };
                },
              },
              {
                path: 'library',
                // The library shows the journal, the albums played and not rated, and your reviews, which belong to
                // their own features: composed here.
                lazy: async () => {
                  const [{ LibraryPage }, { JournalSection }, { PlayedNotRated }, { MyReviews }] = await Promise.all([
                    import('../features/catalog/library-page.tsx'),
                    import('../features/journal/journal-section.tsx'),
                    import('../features/listening/played-not-rated.tsx'),
                    import('../features/reviews/my-reviews.tsx'),
                  ]);
                  return { Component: () => <LibraryPage journal={JournalSection} played={PlayedNotRated} reviews={MyReviews} /> };
                },
              },
              {
                path: 'messages/:conversationId?',
                handle: serverRendered,
                lazy: async () => {
                  const { MessagesPage, loader } = await import('../features/conversations/messages-page.tsx');
                  return { Component: MessagesPage, loader };
                },
              },
              {
                path: 'favorites',
                lazy: async () => {
                  const [{ FavoritesPage }, { LikedReviewsSection }] = await Promise.all([
                    import('../features/catalog/favorites-page.tsx'),
                    import('../features/reviews/liked-reviews.tsx'),
                  ]);
                  return { Component: () => <FavoritesPage more={<LikedReviewsSection />} /> };
                },
              },
            ],
          },
          // Rendered on the server too, so an address that names nothing answers 404 (not the app's shell with 200).
          { path: '*', element: <NotFound />, handle: serverRendered },
        ],
      },
    ],
  },
];

/**
 * The browser's router. Its loaders only start their page's fetches, so a screen waits for its code, never for its
 * data; and only once the app knows who is signed in (on a start from the shell the page fetches what it reads itself).
 */
export const createRouter = (client: QueryClient, hydrationData?: HydrationState) =>
  createBrowserRouter(routes, {
    hydrationData,
    getContext: () => {
      const session = client.getQueryData(sessionQueryOptions.queryKey);
      return routeDataContext(session ? { client, signedIn: session.user !== null, waitForData: false } : null);
    },
  });

/**
 * Loads the code of the routes a path shows, before a page rendered on the server is hydrated: the router then starts
 * with them, as the server did, instead of with the loading placeholder.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const lazyRoutes = (matchRoutes(routes, pathname) ?? []).map((match) => match.route).filter((route) => route.lazy);
  await Promise.all(
    lazyRoutes.map(async (route) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
