import { useTranslation } from 'react-i18next';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';
import { ErrorState } from '../../shared/ui/skeleton.tsx';
import { useLanding } from './api.ts';
import {
  ClosingCall,
  CompareTable,
  FeaturedAlbums,
  GenreChips,
  Hero,
  HowItWorks,
  SignUpTeaser,
  Testimonials,
} from './landing-sections.tsx';

/** The landing page of spec §2, every figure on it read from the database. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const landing = useLanding();
  if (landing.isError && !landing.data) {
    return (
      <div className="py-16">
        <ErrorState onRetry={() => void landing.refetch()} />
      </div>
    );
  }
  const data = landing.data;
  return (
    <>
      <title>{`Hearsay — ${t('hero.title')}`}</title>
      <Hero landing={data} covers={data?.featuredAlbums ?? []} />
      {/* Below the hero, each part is taken over in a pass of its own, and the furthest laid out only near the screen. */}
      <HydratesApart>
        <FeaturedAlbums landing={data} loading={landing.isPending} />
        <GenreChips landing={data} loading={landing.isPending} />
      </HydratesApart>
      <div className="laid-out-when-near [--near-height:110rem]">
        <HydratesApart>
          <HowItWorks />
          <CompareTable />
          <SignUpTeaser />
        </HydratesApart>
        <HydratesApart>
          <Testimonials landing={data} />
          <ClosingCall />
        </HydratesApart>
      </div>
    </>
  );
}
