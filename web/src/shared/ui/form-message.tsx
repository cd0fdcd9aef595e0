/** A form's error (announced) or success line, above its fields (account screens, settings, dialogs). */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p role="status" className="rounded-xl bg-success-soft px-4 py-3 text-sm font-medium text-success">
        {success}
      </p>
    );
  }
  return null;
}
