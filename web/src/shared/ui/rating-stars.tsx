import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { formatRating, formatNumber } from '../i18n/index.ts';

/**
 * A rating out of 10 drawn as five stars (each star is two points), with the number beside it.
 * Screen readers hear "Rated 8.5 out of 10".
 */
export function RatingStars({
  value,
  count,
  size = 'sm',
  showValue = true,
  label: givenLabel,
  className,
}: {
  value: number | null;
  count?: number;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  showValue?: boolean;
  /** What screen readers hear instead of "Rated 8.5 out of 10" (a chart's "Weighted rating 8.4"). */
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const iconSize = { xs: 'size-3', sm: 'size-3.5', md: 'size-4.5', lg: 'size-6' }[size];
  const label = givenLabel ?? (value === null ? t('rating.none') : t('rating.outOfTen', { value: formatRating(value) }));
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span className="inline-flex" role="img" aria-label={label}>
        {Array.from({ length: 5 }, (_, index) => {
          const fill = value === null ? 0 : Math.max(0, Math.min(1, (value - index * 2) / 2));
          return (
            <span key={index} className={cn('relative inline-block', iconSize)}>
              <Star className={cn('absolute inset-0 text-star-empty', iconSize)} fill="currentColor" strokeWidth={0} />
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn('text-star', iconSize)} fill="currentColor" strokeWidth={0} />
              </span>
            </span>
          );
        })}
      </span>
      {showValue ? (
        <span aria-hidden className="text-sm font-semibold tabular-nums text-ink">
          {value === null ? '–' : formatRating(value)}
          {count !== undefined ? <span className="ml-1 font-normal text-ink-subtle">({formatNumber(count)})</span> : null}
        </span>
      ) : null}
    </span>
  );
}
