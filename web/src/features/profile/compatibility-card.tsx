import { paths } from '@hearsay/contracts/paths';
import type { Compatibility, Profile, SharedRating } from '@hearsay/contracts/profiles';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Spinner } from '../../shared/ui/skeleton.tsx';
import { compatibilityQueryOptions } from './api.ts';
import { COMPATIBILITY_MIN_IN_COMMON } from '@hearsay/contracts/constants';

/** Words for a score, from the closest tastes down. */
const VERDICTS = [
  [80, 'twin'],
  [60, 'close'],
  [40, 'some'],
  [0, 'apart'],
] as const;

/** Taste compatibility on someone else's profile: the score, albums in common, and where you agree and disagree most. */
export function CompatibilityCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('compatibility');
  const compatibility = useQuery(compatibilityQueryOptions(profile.username));
  return (
    <Card className="mt-6 p-5" aria-labelledby="compatibility-heading" role="region">
      <div className="flex items-center gap-2">
        <h2 id="compatibility-heading" className="font-display text-xl font-semibold text-ink">
          {t('title')}
        </h2>
        <HowItWorks />
      </div>
      {compatibility.isPending ? (
        <Spinner label={t('loading')} className="py-6" />
      ) : compatibility.isError ? (
        <p className="mt-3 text-sm text-ink-muted">
          {t('failed')}{' '}
          <button
            type="button"
            onClick={() => void compatibility.refetch()}
            className="font-medium text-accent underline underline-offset-4"
          >
            {t('retry')}
          </button>
        </p>
      ) : !compatibility.data.enough ? (
        <div className="mt-3">
          <p className="font-medium text-ink">{t('inCommon', { count: compatibility.data.inCommon })}</p>
          <p className="mt-1 max-w-2xl text-sm text-ink-muted">{t('notEnough', { min: COMPATIBILITY_MIN_IN_COMMON })}</p>
        </div>
      ) : (
        <Comparison comparison={compatibility.data} name={profile.name} />
      )}
    </Card>
  );
}

function Comparison({ comparison, name }: { comparison: Extract<Compatibility, { enough: true }>; name: string }) {
  const { t } = useTranslation('compatibility');
  const { score, inCommon } = comparison;
  const verdict = VERDICTS.find(([floor]) => score >= floor)?.[1] ?? 'apart';
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[14rem_1fr_1fr]">
      <div>
        <p className="font-display text-5xl font-semibold tabular-nums text-ink">
          <span className="sr-only">{t('scoreLabel', { name, score })}</span>
          <span aria-hidden>
            {score}
            <span className="ml-1 text-lg font-medium text-ink-muted">/100</span>
          </span>
        </p>
        <div aria-hidden className="mt-2 h-2 overflow-hidden rounded-full bg-surface-3">
          <div className="h-full rounded-full bg-accent" style={{ width: `${score}%` }} />
        </div>
        <p className="mt-2 font-medium text-ink">{t(`verdict.${verdict}`)}</p>
        <p className="text-sm text-ink-muted">{t('inCommon', { count: inCommon })}</p>
      </div>
      <SharedList title={t('agree')} empty={t('noAgree')} items={comparison.agree} name={name} />
      <SharedList title={t('disagree')} empty={t('noDisagree')} items={comparison.disagree} name={name} />
    </div>
  );
}

function HowItWorks() {
  const { t } = useTranslation('compatibility');
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={t('howLabel')}
        title={t('howLabel')}
        className="rounded-full p-1 text-ink-muted hover:bg-surface-2 hover:text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
      >
        <Info aria-hidden className="size-4" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-w-xs rounded-xl border border-line bg-surface p-3 text-sm text-ink shadow-pop"
        >
          {t('how', { min: COMPATIBILITY_MIN_IN_COMMON })}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function SharedList({ title, empty, items, name }: { title: string; empty: string; items: SharedRating[]; name: string }) {
  const { t, i18n } = useTranslation('compatibility');
  const rating = (value: number) => value.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-ink-muted">{title}</h3>
      {items.length === 0 ? <p className="text-sm text-ink-muted">{empty}</p> : null}
      <ul className="flex flex-col gap-2">
        {items.map(({ album, yourRating, theirRating }) => {
          const values = { yours: rating(yourRating), theirs: rating(theirRating), name };
          return (
            <li key={album.id} className="flex items-center gap-3">
              <AlbumCover
                src={album.coverUrl}
                alt={t('coverAlt', { title: album.title, artist: album.artistCredit })}
                className="size-12 shrink-0 rounded-lg"
              />
              <div className="min-w-0 flex-1">
                <Link to={paths.album(album.slug)} className="block truncate font-medium text-ink hover:text-accent">
                  {album.title}
                </Link>
                <span className="block truncate text-sm text-ink-muted">{album.artistCredit}</span>
                <span className="sr-only">{t('ratingsLabel', values)}</span>
                <span aria-hidden className="block truncate text-sm tabular-nums text-ink">
                  {t('ratings', values)}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
