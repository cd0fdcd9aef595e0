import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Container } from './card.tsx';
import { ExploreLink } from './explore-link.tsx';
import { EmptyState } from './skeleton.tsx';

/** An honest placeholder for a screen that is registered but not built yet; `screen` is a key under `screens`. */
export function ComingSoon({ screen: key }: { screen: string }) {
  const { t } = useTranslation();
  const screen = t(`screens.${key}`);
  return (
    <Container className="py-12">
      <h1 className="mb-6 font-display text-3xl font-semibold text-ink">{screen}</h1>
      <EmptyState
        icon={<Hammer />}
        title={t('comingSoon.title', { screen })}
        description={t('comingSoon.description')}
        action={<ExploreLink label={t('comingSoon.explore')} />}
      />
    </Container>
  );
}
