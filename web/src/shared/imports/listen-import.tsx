import type { ImportJob } from '@hearsay/contracts/imports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../i18n/error-text.ts';
import { ApiError } from '../lib/api-client.ts';
import { Button } from '../ui/button.tsx';
import { Field, Input } from '../ui/input.tsx';
import { ProgressBar } from '../ui/progress-bar.tsx';
import { importJobQueryOptions, listenImportOptionsQuery, refreshAfterImport, useStartLastfmImport, useStartListenImport } from './api.ts';

const HISTORY_FILE = /\.(zip|json|jsonl|csv)$/i;

/**
 * Import a listening history (decision 074): a ListenBrainz export, pages of its listens, or a Last.fm CSV, uploaded
 * (the server tells which it is from its content); or, where the site has Last.fm's API set up, a Last.fm username.
 * The import runs as a job: its progress shows here, then what it did.
 */
export function ListenImport() {
  const { t } = useTranslation('imports');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const options = useQuery(listenImportOptionsQuery);
  const [files, setFiles] = useState<File[]>([]);
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);

  const onError = (cause: unknown) => setProblem(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('failedRetry'));
  const started = { onSuccess: (job: ImportJob) => setJobId(job.id), onError };
  const upload = useStartListenImport();
  const lastfm = useStartLastfmImport();

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
  }, [current, queryClient]);

  const choose = (chosen: File[]) => {
    setProblem(null);
    setJobId(null);
    setFiles([]);
    if (!chosen.length) return;
    if (chosen.some((file) => !HISTORY_FILE.test(file.name))) return setProblem(t('listens.wrongType'));
    const megabytes = options.data?.maxMegabytes;
    if (megabytes && chosen.reduce((sum, file) => sum + file.size, 0) > megabytes * 2 ** 20) {
      return setProblem(t('listens.tooBig', { megabytes }));
    }
    setFiles(chosen);
  };

  const running = upload.isPending || lastfm.isPending || current?.status === 'running';
  const submitLastfm = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setJobId(null);
    lastfm.mutate(username.trim(), started);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">{t('listens.how')}</p>
      <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-line-strong p-5 hover:bg-surface-2">
        <FileUp aria-hidden className="size-6 text-accent" />
        <span className="font-medium text-ink">{t('listens.choose')}</span>
        <input
          type="file"
          multiple
          accept=".zip,application/zip,.json,application/json,.jsonl,.csv,text/csv"
          className="sr-only"
          disabled={running}
          onChange={(event) => {
            choose([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </label>
      {files.length ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink">
            {t('listens.chosen', {
              count: files.length,
              name: files[0]!.name,
              size: (files.reduce((sum, file) => sum + file.size, 0) / 2 ** 20).toFixed(1),
            })}
          </p>
          {!current ? (
            <Button onClick={() => upload.mutate(files, started)} disabled={running}>
              {upload.isPending ? t('uploading') : t('start')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {options.data?.lastfm ? (
        <form onSubmit={submitLastfm} className="flex flex-wrap items-end gap-3">
          <Field id="lastfm-username" label={t('listens.lastfmUser')} className="grow">
            <Input
              id="lastfm-username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="off"
              required
              maxLength={15}
            />
          </Field>
          <Button type="submit" disabled={running || !username.trim()}>
            {lastfm.isPending ? t('listens.lastfmStarting') : t('listens.lastfmStart')}
          </Button>
        </form>
      ) : null}
      {problem ? (
        <div role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
          <p className="font-semibold">{t('failed')}</p>
          <p>{problem}</p>
        </div>
      ) : null}
      {current ? <ListenImportProgress job={current} /> : null}
    </div>
  );
}

function ListenImportProgress({ job }: { job: ImportJob }) {
  const { t } = useTranslation('imports');
  const errorText = useErrorText();
  const { summary } = job;
  if (job.status === 'running') {
    // Last.fm's pages are counted ahead; a file's records are known once it is read through.
    const percent = job.total ? Math.min(100, Math.round((job.processed / job.total) * 100)) : 0;
    const status =
      job.source === 'lastfm'
        ? t('listens.pages', { processed: job.processed, total: job.total, listens: summary.listensImported })
        : t('listens.reading', { count: job.processed });
    return <ProgressBar label={t('progress')} percent={percent} status={status} />;
  }
  if (job.status === 'failed') {
    return (
      <div role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
        <p className="font-semibold">{t('failed')}</p>
        <p>
          {job.errorCode
            ? errorText({ code: job.errorCode, params: job.errorParams, message: job.error ?? '', issues: job.issues })
            : (job.error ?? t('failedRetry'))}
        </p>
        {summary.listensImported ? <p>{t('listens.storedBefore', { count: summary.listensImported })}</p> : null}
      </div>
    );
  }
  const lines: [string, number][] = [
    ['listensImported', summary.listensImported],
    ['listensUnchanged', summary.listensUnchanged],
    ['skipped', summary.skipped],
    ['lovedTracks', summary.lovedTracks],
    ['albumLikes', summary.albumLikes],
    ['lovedNotFound', summary.lovedNotFound],
  ];
  return (
    <section aria-label={t('summaryTitle')} className="rounded-xl border border-line p-4">
      <p className="flex items-center gap-2 font-semibold text-ink" role="status">
        <CheckCircle2 aria-hidden className="size-5 text-success" />
        {t('listens.done', {
          listens: summary.listensImported.toLocaleString(),
          skipped: summary.skipped.toLocaleString(),
          favourites: summary.albumLikes.toLocaleString(),
        })}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {lines.map(([key, value]) => (
          <div key={key} className="flex justify-between gap-2">
            <dt className="text-ink-muted">{t(`listens.summary.${key}`)}</dt>
            <dd className="font-semibold tabular-nums text-ink">{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {summary.skippedRows.length ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-ink">{t('listens.skippedDetails', { count: summary.skipped })}</summary>
          <ul className="mt-2 space-y-1 text-ink-muted">
            {summary.skippedRows.map((row, index) => (
              <li key={index}>
                {t('listens.skippedLine', {
                  file: row.file ?? '',
                  line: row.line,
                  artist: row.artist || '—',
                  title: row.title || '—',
                  reason: row.reason,
                })}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
