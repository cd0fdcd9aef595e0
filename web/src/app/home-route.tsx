import { lazy, Suspense } from 'react';
import { useSession } from '../shared/auth/session.ts';
import { Spinner } from '../shared/ui/skeleton.tsx';

const loadLanding = () => import('../features/landing/landing-page.tsx');
const LandingPage = lazy(async () => ({ default: (await loadLanding()).LandingPage }));
const HomeFeedPage = lazy(async () => ({ default: (await import('../features/feed/home-feed-page.tsx')).HomeFeedPage }));

/** `/`: the landing page for visitors, the home feed for signed-in people (each page's code loads only for them). */
export function HomeRoute() {
  const session = useSession();
  if (session.status === 'loading') {
    // Most first visits are visitors': the landing page's code comes while the session is asked for.
    void loadLanding();
    return <Spinner className="min-h-[50vh]" />;
  }
  return (
    <Suspense fallback={<Spinner className="min-h-[50vh]" />}>
      {session.status === 'signed-out' ? <LandingPage /> : <HomeFeedPage />}
    </Suspense>
  );
}
