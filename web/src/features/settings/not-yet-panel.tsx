import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/ui/skeleton.tsx';

/** A settings section that is not built yet says so, rather than showing switches that do nothing. */
export function NotYetPanel({ title }: { title: string }) {
  const { t } = useTranslation('settings');
  return (
    <section aria-label={title}>
      <EmptyState icon={<Hammer />} title={t('notYet.title', { section: title })} description={t('notYet.description')} />
    </section>
  );
}
