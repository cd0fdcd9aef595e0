import type { RatingBucket } from '@hearsay/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { formatRating } from '../i18n/index.ts';

/**
 * Count of ratings per half step as a bar chart; the table underneath it is what screen readers
 * get (and what a keyboard user can read), the bars are decoration.
 */
export function RatingDistribution({ buckets, title, emptyText }: { buckets: RatingBucket[]; title: string; emptyText: string }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...buckets.map((bucket) => bucket.count));
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <figure className="m-0">
      <figcaption className="mb-3 font-display text-lg font-semibold text-ink">{title}</figcaption>
      {total === 0 ? <p className="mb-3 text-sm text-ink-muted">{emptyText}</p> : null}
      <div aria-hidden className="flex h-32 items-end gap-1">
        {buckets.map((bucket) => (
          <div
            key={bucket.rating}
            className="flex h-full flex-1 flex-col justify-end"
            title={`${formatRating(bucket.rating)}: ${bucket.count}`}
          >
            <div
              className="w-full rounded-t bg-accent/80"
              style={{
                height: max ? `${Math.max(bucket.count ? 4 : 1, (bucket.count / max) * 100)}%` : '1%',
                opacity: bucket.count ? 1 : 0.25,
              }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden className="mt-1 flex gap-1 text-[0.65rem] tabular-nums text-ink-muted">
        {buckets.map((bucket) => (
          <span key={bucket.rating} className="flex-1 text-center">
            {Number.isInteger(bucket.rating) ? bucket.rating : ''}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.rating}>
              <th scope="row">{formatRating(bucket.rating)}</th>
              <td>{t('rating.count', { count: bucket.count })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
