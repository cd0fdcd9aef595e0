import type { ListeningSummary } from '@hearsay/contracts/listening-stats';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/index.ts';
import { Card } from '../ui/card.tsx';
import { RankedAlbums } from './ranked-albums.tsx';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A listening time in the reader's words: minutes under an hour, else hours to a tenth. */
export function formatListeningTime(ms: number, language: string): string {
  const [unit, value] = ms < HOUR_MS ? (['minute', ms / MINUTE_MS] as const) : (['hour', ms / HOUR_MS] as const);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: unit === 'hour' ? 1 : 0,
  }).format(value);
}

/**
 * A member's listening over a stretch of time (a profile's Listening tab, the year in review): how long and how many
 * tracks, then the albums and artists played most, with bars in proportion to the first.
 */
export function ListeningSummaryView({ summary, testId }: { summary: ListeningSummary; testId?: string }) {
  const { t, i18n } = useTranslation('listening-stats');
  const topArtistListens = Math.max(1, ...summary.topArtists.map((artist) => artist.listens));
  return (
    <div className="flex flex-col gap-6" data-testid={testId}>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl border border-line bg-surface p-4 shadow-card">
          <dt className="text-sm text-ink-muted">{t('time')}</dt>
          <dd className="mt-1 font-display text-3xl font-semibold tabular-nums text-ink" data-testid="listening-time">
            {formatListeningTime(summary.listeningMs, i18n.language)}
          </dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4 shadow-card">
          <dt className="text-sm text-ink-muted">{t('listens')}</dt>
          <dd className="mt-1 font-display text-3xl font-semibold tabular-nums text-ink" data-testid="listening-listens">
            {formatNumber(summary.listens)}
          </dd>
        </div>
      </dl>
      {summary.guessedListens > 0 ? <p className="-mt-3 text-xs text-ink-muted">{t('guessed')}</p> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5">
          <h3 className="mb-3 font-display text-lg font-semibold text-ink">{t('topAlbums')}</h3>
          {summary.topAlbums.length === 0 ? <p className="text-sm text-ink-muted">{t('noAlbums')}</p> : null}
          <RankedAlbums items={summary.topAlbums} count={(count) => t('plays', { count })} />
        </Card>
        <Card className="p-5">
          <h3 className="mb-3 font-display text-lg font-semibold text-ink">{t('topArtists')}</h3>
          {summary.topArtists.length === 0 ? <p className="text-sm text-ink-muted">{t('noArtists')}</p> : null}
          <ol className="flex flex-col gap-3">
            {summary.topArtists.map((artist) => (
              <li key={artist.name}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="truncate font-medium text-ink">{artist.name}</span>
                  <span className="shrink-0 tabular-nums text-ink-muted">{t('plays', { count: artist.listens })}</span>
                </div>
                <div aria-hidden className="mt-1 h-2 rounded-full bg-surface-2">
                  <div className="h-2 rounded-full bg-accent/80" style={{ width: `${(artist.listens / topArtistListens) * 100}%` }} />
                </div>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </div>
  );
}
