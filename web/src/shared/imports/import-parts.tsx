import type { ImportJob } from '@hearsay/contracts/imports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../i18n/error-text.ts';
import { formatNumber } from '../i18n/index.ts';
import { importJobQueryOptions, refreshAfterImport } from './api.ts';

/**
 * An import started here, followed until it ends: its job as the server reports it (asked every second while it runs),
 * and, once it has ended, what it changed refreshed and `onFinished` told.
 */
export function useFollowedImport(onFinished?: (job: ImportJob) => void) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useQuery({
    ...importJobQueryOptions(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
  const current = job.data;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!current || current.status === 'running' || reported.current === current.id) return;
    reported.current = current.id;
    void refreshAfterImport(queryClient);
    onFinished?.(current);
  }, [current, onFinished, queryClient]);
  /** `follow(job.id)` once the server has taken the import; `follow(null)` to forget it (another file is chosen). */
  return { current, follow: setJobId };
}

/** The dashed box that opens the file chooser; `onChoose` gets what was chosen (nothing, when it was closed). */
export function ImportFilePicker({
  label,
  accept,
  multiple = false,
  disabled,
  onChoose,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled: boolean;
  onChoose: (files: File[]) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-line-strong p-5 hover:bg-surface-2">
      <FileUp aria-hidden className="size-6 text-accent" />
      <span className="font-medium text-ink">{label}</span>
      <input
        type="file"
        multiple={multiple}
        accept={accept}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          onChoose([...(event.target.files ?? [])]);
          // The same file chosen again is a new choice.
          event.target.value = '';
        }}
      />
    </label>
  );
}

/** An import that failed: why, in the reader's words, and what it had done before (`children`). */
export function ImportFailed({ job, children }: { job: ImportJob; children?: ReactNode }) {
  const { t } = useTranslation('imports');
  const errorText = useErrorText();
  return (
    <div role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
      <p className="font-semibold">{t('failed')}</p>
      <p>
        {job.errorCode
          ? errorText({ code: job.errorCode, params: job.errorParams, message: job.error ?? '', issues: job.issues })
          : (job.error ?? t('failedRetry'))}
      </p>
      {children}
    </div>
  );
}

/**
 * What a finished import did: a sentence, then each count under its name (`names` maps a count's key to its words),
 * then whatever the import has to say besides (`children`: what it skipped, and why).
 */
export function ImportSummary({
  done,
  counts,
  names,
  children,
}: {
  done: string;
  counts: [string, number][];
  names: (key: string) => string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('imports');
  return (
    <section aria-label={t('summaryTitle')} className="rounded-xl border border-line p-4">
      <p className="flex items-center gap-2 font-semibold text-ink" role="status">
        <CheckCircle2 aria-hidden className="size-5 text-success" />
        {done}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {counts.map(([key, value]) => (
          <div key={key} className="flex justify-between gap-2">
            <dt className="text-ink-muted">{names(key)}</dt>
            <dd className="font-semibold tabular-nums text-ink">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
