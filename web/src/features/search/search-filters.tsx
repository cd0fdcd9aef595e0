import type { SearchQuery, SearchYears } from '@hearsay/contracts/search';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SEARCH_MIN_RATINGS } from '@hearsay/contracts/constants';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

/** The search filter genres of spec §2, with the catalog slug each one filters by. */
const SEARCH_GENRES = [
  { slug: 'classic', name: 'Classic' },
  { slug: 'jazz', name: 'Jazz' },
  { slug: 'electronic', name: 'Electronic' },
  { slug: 'rock', name: 'Rock' },
  { slug: 'hip-hop', name: 'Hip-Hop' },
  { slug: 'pop', name: 'Pop' },
  { slug: 'alternative', name: 'Alternative' },
  { slug: 'metal', name: 'Metal' },
  { slug: 'folk', name: 'Folk' },
  { slug: 'r-and-b', name: 'R&B' },
] as const;

export type SearchFilterValues = Pick<SearchQuery, 'year' | 'genre' | 'minRating'>;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <details open className="group border-b border-line py-3 last:border-0">
      <summary className="flex cursor-pointer list-none items-center justify-between py-1 font-semibold text-ink [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown aria-hidden className="size-4 text-ink-muted transition-transform group-open:rotate-180" />
      </summary>
      <fieldset className="mt-2 flex flex-col gap-1.5">
        <legend className="sr-only">{title}</legend>
        {children}
      </fieldset>
    </details>
  );
}

function Option({ name, checked, label, onSelect }: { name: string; checked: boolean; label: string; onSelect: () => void }) {
  return (
    <label className="flex cursor-pointer items-center gap-2.5 rounded-lg px-1 py-0.5 text-sm text-ink hover:bg-surface-2">
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        onClick={() => {
          // Choosing the selected option again clears it.
          if (checked) onSelect();
        }}
        className="size-4 accent-[var(--accent)]"
      />
      {label}
    </label>
  );
}

/** The year filter's values: the catalog's latest years, "before" the last of them, and the address's choice if it is neither. */
function yearChoices(years: SearchYears | undefined, chosen: string | undefined): string[] {
  const choices = [...(years?.years ?? []).map(String), ...(years?.before ? [`before-${years.before}`] : [])];
  return chosen && !choices.includes(chosen) ? [...choices, chosen] : choices;
}

/**
 * Release Year, Genre and Rating sections (collapsible, all open) and Reset Filters, as in spec §2. The years are the
 * catalog's (`years`), so a young catalog and the turn of a year need no new release.
 */
export function SearchFilters({
  values,
  years,
  onChange,
  idPrefix,
}: {
  values: SearchFilterValues;
  years: SearchYears | undefined;
  onChange: (next: SearchFilterValues) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation('search');
  const genreName = useGenreName();
  const toggle = <K extends keyof SearchFilterValues>(key: K, value: SearchFilterValues[K]) =>
    onChange({ ...values, [key]: values[key] === value ? undefined : value });
  return (
    <div>
      <Section title={t('releaseYear')}>
        {yearChoices(years, values.year).map((year) => (
          <Option
            key={year}
            name={`${idPrefix}-year`}
            checked={values.year === year}
            label={year.startsWith('before-') ? t('yearBefore', { year: year.slice('before-'.length) }) : t('year', { year })}
            onSelect={() => toggle('year', year)}
          />
        ))}
      </Section>
      <Section title={t('genre')}>
        {SEARCH_GENRES.map((genre) => (
          <Option
            key={genre.slug}
            name={`${idPrefix}-genre`}
            checked={values.genre === genre.slug}
            label={genreName(genre)}
            onSelect={() => toggle('genre', genre.slug)}
          />
        ))}
      </Section>
      <Section title={t('rating')}>
        {SEARCH_MIN_RATINGS.map((rating) => (
          <Option
            key={rating}
            name={`${idPrefix}-rating`}
            checked={values.minRating === rating}
            label={t('ratingOnly', { value: rating })}
            onSelect={() => toggle('minRating', rating)}
          />
        ))}
      </Section>
      <Button variant="outline" size="sm" className="mt-4 w-full" onClick={() => onChange({})}>
        {t('reset')}
      </Button>
    </div>
  );
}
