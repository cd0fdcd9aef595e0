import type { DataExport } from '@hearsay/contracts/data-export';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/i18n/index.ts';
import { ApiError } from '../../shared/lib/api-client.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';
import { exportDownloadUrl, latestExportOptions, useStartExport } from './data-export-api.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/** A size as people read it: "840 KB", "1.2 MB". */
function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
}

/**
 * Settings → Privacy → Download my data: asks for a ZIP of everything of yours, shows it being gathered (it is built
 * in the background: you may leave, the bell tells you when it is ready), then offers it for a week.
 */
export function DownloadMyData() {
  const { t } = useTranslation('settings');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const latest = useQuery({
    ...latestExportOptions,
    refetchInterval: (query) => (query.state.data?.export?.status === 'running' ? 1000 : false),
  });
  const start = useStartExport();
  const current: DataExport | null | undefined = latest.data?.export;
  const available = current?.status === 'done' && current.expiresAt !== null && current.expiresAt > new Date().toISOString();
  const running = start.isPending || current?.status === 'running';
  const percent = current && current.total > 0 ? Math.min(100, Math.round((current.processed / current.total) * 100)) : 0;

  return (
    <div className="flex flex-col gap-3">
      {current?.status === 'running' ? (
        <div>
          <ProgressBar
            label={t('yourData.progress')}
            percent={percent}
            status={t('yourData.gathering', { processed: current.processed, total: current.total })}
          />
          <p className="mt-2 text-sm text-ink-muted">{t('yourData.leaveIt')}</p>
        </div>
      ) : null}
      {available && current ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-surface-2 px-4 py-3">
          <a
            href={exportDownloadUrl(current.id)}
            download
            className="inline-flex items-center gap-2 rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-ink hover:opacity-90"
          >
            <Download aria-hidden className="size-4" />
            {t('yourData.downloadZip', { size: fileSize(current.size ?? 0) })}
          </a>
          <span className="text-sm text-ink-muted">{t('yourData.until', { date: formatDate(current.expiresAt!, 'dateTime') })}</span>
        </div>
      ) : null}
      {current?.status === 'failed' ? (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
          {current.error ?? t('yourData.failed')}
        </p>
      ) : null}
      {start.error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {start.error instanceof ApiError && start.error.status !== 0 ? errorText(start.error) : t('yourData.failed')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled={running || latest.isPending} onClick={() => start.mutate()}>
          {available ? t('yourData.again') : t('yourData.download')}
        </Button>
        <span className="text-sm text-ink-muted">{t('yourData.contents')}</span>
      </div>
    </div>
  );
}
