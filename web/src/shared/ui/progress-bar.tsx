/** A long task's progress: what is done so far (announced as it changes) over a bar. */
export function ProgressBar({ label, status, percent }: { label: string; status: string; percent: number }) {
  return (
    <div>
      <p className="mb-2 text-sm font-medium text-ink" aria-live="polite">
        {status}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-surface-3"
      >
        <div className="h-full bg-accent transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
