import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../shared/lib/format-date.ts';
import { Container } from '../../shared/ui/card.tsx';

interface Section {
  /** An address within the page, for sections linked to (the community rules, from a moderator's decision). */
  id?: string;
  heading: string;
  body: string;
}

const LAST_UPDATED = '2026-11-22';

function LegalPage({ document }: { document: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation('legal');
  const sections = t(`${document}.sections`, { returnObjects: true }) as Section[];
  return (
    <Container className="max-w-3xl py-12">
      <title>{`${t(`${document}.title`)} · Hearsay`}</title>
      <h1 className="font-display text-4xl font-semibold text-ink">{t(`${document}.title`)}</h1>
      <p className="mt-2 text-sm text-ink-subtle">{t('updated', { date: formatCalendarDate(LAST_UPDATED, i18n.language) })}</p>
      <p className="mt-6 text-lg text-ink-muted">{t(`${document}.intro`)}</p>
      {sections.map((section) => (
        <section key={section.heading} id={section.id} className="mt-8 scroll-mt-24">
          <h2 className="font-display text-xl font-semibold text-ink">{section.heading}</h2>
          <p className="mt-2 leading-relaxed text-ink-muted">{section.body}</p>
        </section>
      ))}
    </Container>
  );
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}

export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
