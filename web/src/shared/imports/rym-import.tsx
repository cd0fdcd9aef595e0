import type { ImportJob } from '@hearsay/contracts/imports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@hearsay/contracts/paths';
import { ApiError } from '../lib/api-client.ts';
import { Button } from '../ui/button.tsx';
import { ProgressBar } from '../ui/progress-bar.tsx';
import { useStartImport } from './api.ts';
import { ImportFailed, ImportFilePicker, ImportSummary, useFollowedImport } from './import-parts.tsx';
import { HEARSAY_IMPORT_MAX_BYTES, IMPORT_MAX_BYTES } from '@hearsay/contracts/constants';
import { useErrorText } from '../i18n/error-text.ts';

/** Which import a file goes to, by its extension: a RateYourMusic CSV, or a Hearsay export (the ZIP or its JSON). */
function kindOf(name: string): 'rym' | 'hearsay' | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'rym';
  if (lower.endsWith('.zip') || lower.endsWith('.json')) return 'hearsay';
  return null;
}

/**
 * Import a RateYourMusic export or a Hearsay export ("Download my data"): choose the .csv or the .zip (checked here for
 * type and size), upload it, watch the progress, then read what happened. Used by onboarding and by Settings;
 * importing the same file again changes nothing.
 */
export function RymImport({ onFinished }: { onFinished?: (job: ImportJob) => void }) {
  const { t } = useTranslation('imports');
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const { current, follow } = useFollowedImport(onFinished);

  const startImport = useStartImport();
  const start = (chosen: File) =>
    startImport.mutate(
      { file: chosen, kind: kindOf(chosen.name) === 'hearsay' ? 'hearsay' : 'rym' },
      {
        onSuccess: (job) => follow(job.id),
        onError: (cause) => setError(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('failedRetry')),
      },
    );

  const choose = (chosen: File | null) => {
    setError(null);
    setFileProblem(null);
    setFile(null);
    follow(null);
    if (!chosen) return;
    const kind = kindOf(chosen.name);
    if (!kind) return setFileProblem(t('wrongType'));
    if (kind === 'rym' && chosen.size > IMPORT_MAX_BYTES) return setFileProblem(t('tooBig'));
    if (kind === 'hearsay' && chosen.size > HEARSAY_IMPORT_MAX_BYTES) return setFileProblem(t('tooBigZip'));
    setFile(chosen);
  };

  const running = startImport.isPending || current?.status === 'running';
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">{t('how')}</p>
      <p className="text-sm text-ink-muted">{t('howHearsay')}</p>
      <ImportFilePicker
        label={t('chooseAny')}
        accept=".csv,text/csv,.zip,application/zip,.json,application/json"
        disabled={running}
        onChoose={(files) => choose(files[0] ?? null)}
      />
      {fileProblem ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {fileProblem}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
          <p className="font-semibold">{t('failed')}</p>
          <p>{error}</p>
        </div>
      ) : null}
      {file ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink">{t('size', { name: file.name, size: (file.size / 1024).toFixed(1) })}</p>
          {!current ? (
            <Button onClick={() => start(file)} disabled={running}>
              {startImport.isPending ? t('uploading') : t('start')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {current ? <ImportProgress job={current} /> : null}
    </div>
  );
}

function ImportProgress({ job }: { job: ImportJob }) {
  const { t } = useTranslation('imports');
  const errorText = useErrorText();
  const percent = job.total ? Math.round((job.processed / job.total) * 100) : 100;
  const hearsay = job.source === 'hearsay';
  if (job.status === 'running') {
    if (job.checking) return <ProgressBar label={t('progress')} percent={0} status={t('checking')} />;
    return (
      <ProgressBar
        label={t('progress')}
        percent={percent}
        status={
          hearsay
            ? t('importingItems', { processed: job.processed, total: job.total })
            : t('importing', { processed: job.processed, total: job.total })
        }
      />
    );
  }
  if (job.status === 'failed') {
    return (
      <ImportFailed job={job}>
        {job.issues.length > 1 ? (
          <ul aria-label={t('issues')} className="mt-2 list-disc space-y-1 ps-5">
            {job.issues.map((issue, index) => (
              <li key={index}>
                {issue.path ? <code className="break-all">{issue.path}</code> : null}
                {issue.path ? ': ' : null}
                {errorText.issue(issue)}
              </li>
            ))}
          </ul>
        ) : null}
      </ImportFailed>
    );
  }
  const { summary } = job;
  const lines: [string, number][] = hearsay
    ? [
        ['ratingsImported', summary.ratingsImported],
        ['trackRatingsImported', summary.trackRatingsImported],
        ['reviewsImported', summary.reviewsImported],
        ['reviewsKept', summary.reviewsKept],
        ['journalImported', summary.journalImported],
        ['collectionsImported', summary.collectionsImported],
        ['listenLater', summary.listenLater],
        ['albumLikes', summary.albumLikes],
        ['favouriteAlbums', summary.favouriteAlbums],
        ['listensImported', summary.listensImported],
        ['matched', summary.matched],
        ['created', summary.created],
        ['unchanged', summary.unchanged],
        ['skipped', summary.skipped],
      ]
    : [
        ['ratingsImported', summary.ratingsImported],
        ['reviewsImported', summary.reviewsImported],
        ['reviewsKept', summary.reviewsKept],
        ['listenLater', summary.listenLater],
        ['matched', summary.matched],
        ['created', summary.created],
        ['unchanged', summary.unchanged],
        ['skipped', summary.skipped],
      ];
  const { followsSkipped, commentsSkipped, likesSkipped, remoteFollowsAsked, remoteFollowsOff } = summary;
  return (
    <ImportSummary
      done={hearsay ? t('doneItems', { count: job.total }) : t('done', { count: job.total })}
      counts={lines}
      names={(key) => t(`summary.${key}`)}
    >
      {followsSkipped + commentsSkipped + likesSkipped > 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          {t('leftOut', { follows: followsSkipped, comments: commentsSkipped, likes: likesSkipped })}
        </p>
      ) : null}
      {remoteFollowsAsked > 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{t('remoteFollowsAsked', { count: remoteFollowsAsked })}</p>
      ) : null}
      {remoteFollowsOff > 0 ? <p className="mt-3 text-sm text-ink-muted">{t('remoteFollowsOff', { count: remoteFollowsOff })}</p> : null}
      {summary.drafts.length ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-ink">{t('draftsDetails', { count: summary.reviewsKept })}</summary>
          <p className="mt-2 text-ink-muted">{t('draftsHow')}</p>
          <ul className="mt-2 space-y-1">
            {summary.drafts.map((draft) => (
              <li key={draft.albumId}>
                <Link to={`${paths.album(draft.albumId)}#reviews`} className="font-medium text-accent hover:underline">
                  {t('draftLink', { artist: draft.artist || '—', title: draft.title || '—' })}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {summary.skippedRows.length ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-ink">{t('skippedDetails', { count: summary.skipped })}</summary>
          <ul className="mt-2 space-y-1 text-ink-muted">
            {summary.skippedRows.map((row) => (
              <li key={`${row.line}-${row.artist}-${row.title}`}>
                {!hearsay
                  ? t('skippedRow', { line: row.line, artist: row.artist || '—', title: row.title || '—', reason: row.reason })
                  : row.artist
                    ? t('skippedItem', { artist: row.artist, title: row.title, reason: row.reason })
                    : t('skippedNamed', { title: row.title, reason: row.reason })}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </ImportSummary>
  );
}
