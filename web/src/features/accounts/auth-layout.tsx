import { Card, Container } from '../../shared/ui/card.tsx';

/** The centred card every account screen sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  return (
    <Container className="flex justify-center py-10 sm:py-16">
      <title>{`${title} · Hearsay`}</title>
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="font-display text-3xl font-semibold text-ink">{title}</h1>
        {subtitle ? <p className="mt-2 text-ink-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </Card>
    </Container>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
      {message}
    </p>
  );
}
