import type { SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { formatRating, formatNumber } from '../i18n/index.ts';

/** One star, 24 units square; five side by side make a row 120 units wide. */
function starPoints(left: number): string {
  const points: string[] = [];
  for (let corner = 0; corner < 10; corner++) {
    const radius = corner % 2 === 0 ? 11.5 : 4.8;
    const angle = (Math.PI / 5) * corner - Math.PI / 2;
    points.push(`${(left + 12 + radius * Math.cos(angle)).toFixed(2)},${(12.6 + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join('L')}Z`;
}
const FIVE_STARS = Array.from({ length: 5 }, (_, index) => starPoints(index * 24)).join('');

/**
 * Five stars in one drawing, filled up to `value` out of 10 (each star is two points): the empty row, and the same row
 * cut at the value's width on top. One drawing per rating, not two per star.
 */
export function StarRow({ value, className, ...props }: { value: number | null; className?: string } & SVGProps<SVGSVGElement>) {
  const filled = value === null ? 0 : Math.max(0, Math.min(120, value * 12));
  return (
    <svg viewBox="0 0 120 24" className={className} {...props}>
      <path d={FIVE_STARS} className="fill-star-empty" />
      {/* Drawn at no width too: a rating clicked before the app has the page fills it (web/index.html). */}
      <svg width={filled} height="24" viewBox={`0 0 ${filled} 24`} data-fill="">
        <path d={FIVE_STARS} className="fill-star" />
      </svg>
    </svg>
  );
}

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
  const rowSize = { xs: 'h-3 w-15', sm: 'h-3.5 w-17.5', md: 'h-4.5 w-22.5', lg: 'h-6 w-30' }[size];
  const label = givenLabel ?? (value === null ? t('rating.none') : t('rating.outOfTen', { value: formatRating(value) }));
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <StarRow value={value} role="img" aria-label={label} className={cn('shrink-0', rowSize)} />
      {showValue ? (
        <span aria-hidden className="text-sm font-semibold tabular-nums text-ink">
          {value === null ? '–' : formatRating(value)}
          {count !== undefined ? <span className="ml-1 font-normal text-ink-subtle">({formatNumber(count)})</span> : null}
        </span>
      ) : null}
    </span>
  );
}
