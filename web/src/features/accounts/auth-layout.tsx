import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Container } from '../../shared/ui/card.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';

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

/** An account screen's form: the page checks the fields itself, and says what went wrong above them. */
export function AuthForm({
  onSubmit,
  error,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormMessage error={error} />
      {children}
    </form>
  );
}

/** The line under an account form that leads to the other one ("No account yet? Sign up"). */
export function AuthSwitch({ prompt, to, action }: { prompt: string; to: string; action: string }) {
  return (
    <p className="text-center text-sm text-ink-muted">
      {prompt}{' '}
      <Link to={to} className="font-medium text-accent hover:underline">
        {action}
      </Link>
    </p>
  );
}

/**
 * "Please fill in all fields": shown when the form is sent with a field empty, and gone as soon as every field has
 * something in it, without sending again.
 */
export function useMissingFields(filled: boolean, message: string) {
  const [shown, setShown] = useState(false);
  if (shown && filled) setShown(false);
  return { message: shown && !filled ? message : null, show: () => setShown(true) };
}
