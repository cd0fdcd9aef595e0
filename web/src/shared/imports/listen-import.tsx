import type { ImportJob } from '@hearsay/contracts/imports';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../i18n/error-text.ts';
import { ApiError } from '../lib/api-client.ts';
import { Button } from '../ui/button.tsx';
import { Field, Input } from '../ui/input.tsx';
import { ProgressBar } from '../ui/progress-bar.tsx';
import { formatNumber } from '../i18n/index.ts';
import { listenImportOptionsQuery, useStartLastfmImport, useStartListenImport } from './api.ts';
import { ImportFailed, ImportFilePicker, ImportSummary, useFollowedImport } from './import-parts.tsx';

const HISTORY_FILE = /\.(zip|json|jsonl|csv)$/i;

/**
 * Import a listening history (decision 074): a ListenBrainz export, pages of its listens, or a Last.fm CSV, uploaded
 * (the server tells which it is from its content); or, where the site has Last.fm's API set up, a Last.fm username.
 * The import runs as a job: its progress shows here, then what it did.
 */
export function ListenImport() {
  const { t } = useTranslation('imports');
  const errorText = useErrorText();
  const options = useQuery(listenImportOptionsQuery);
  const [files, setFiles] = useState<File[]>([]);
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { current, follow } = useFollowedImport();

  const onError = (cause: unknown) => setProblem(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('failedRetry'));
  const started = { onSuccess: (job: ImportJob) => follow(job.id), onError };
  const upload = useStartListenImport();
  const lastfm = useStartLastfmImport();

  const choose = (chosen: File[]) => {
    setProblem(null);
    follow(null);
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
    follow(null);
    lastfm.mutate(username.trim(), started);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">{t('listens.how')}</p>
      <ImportFilePicker
        label={t('listens.choose')}
        multiple
        accept=".zip,application/zip,.json,application/json,.jsonl,.csv,text/csv"
        disabled={running}
        onChoose={choose}
      />
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
      <ImportFailed job={job}>
        {summary.listensImported ? <p>{t('listens.storedBefore', { count: summary.listensImported })}</p> : null}
      </ImportFailed>
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
    <ImportSummary
      done={t('listens.done', {
        listens: formatNumber(summary.listensImported),
        skipped: formatNumber(summary.skipped),
        favourites: formatNumber(summary.albumLikes),
      })}
      counts={lines}
      names={(key) => t(`listens.summary.${key}`)}
    >
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
    </ImportSummary>
  );
}
