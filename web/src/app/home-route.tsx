import { lazy, Suspense } from 'react';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { useSession } from '../shared/auth/session.ts';
import { Spinner } from '../shared/ui/skeleton.tsx';

const HomeFeedPage = lazy(async () => ({ default: (await import('../features/feed/home-feed-page.tsx')).HomeFeedPage }));

/** `/`: the landing page for visitors, the home feed for signed-in people (its code loads only for them). */
export function HomeRoute() {
  const session = useSession();
  if (session.status === 'loading') return <Spinner className="min-h-[50vh]" />;
  if (session.status === 'signed-out') return <LandingPage />;
  return (
    <Suspense fallback={<Spinner className="min-h-[50vh]" />}>
      <HomeFeedPage />
    </Suspense>
  );
}
