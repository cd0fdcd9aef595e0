import { Info, Link2, X } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { chartPermalink } from '@hearsay/contracts/paths';
import { useSession } from '../../shared/auth/session.ts';
import { ShareButton } from '../../shared/ui/share-button.tsx';
import { urlFilters, urlParam, useUrlFilters, type UrlFilterValues } from '../../shared/hooks/use-url-filters.ts';
import { AlbumCard, AlbumCardSkeleton } from '../../shared/ui/album-card.tsx';
import { Card, Container, PageHeader } from '../../shared/ui/card.tsx';
import { FilterSelect, SelectOptions } from '../../shared/ui/input.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs.tsx';
import { chartQueryOptions, genresQueryOptions, useChart, useGenres } from './api.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';
import { yieldToBrowser } from '../../shared/lib/yield-to-browser.ts';
import { formatRating } from '../../shared/i18n/index.ts';
import { CHART_PERIODS, RELEASE_TYPES } from '@hearsay/contracts/constants';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

const CHART_SCOPES = ['everyone', 'following'] as const;
const COUNTRY_CODE = /^[A-Z]{2}$/;

/**
 * A slice of the charts, as its address holds it (decision 081): `chartPermalink` writes the one address of each. The
 * parameters are named in the permalink's order, so choosing a filter writes that address at once.
 */
const ChartFilters = urlFilters({
  period: urlParam.oneOf(CHART_PERIODS, 'week'),
  year: urlParam.wholeNumber({ min: 1900 }),
  decade: urlParam.wholeNumber({ min: 1900, multipleOf: 10 }),
  genre: urlParam.text,
  descriptor: urlParam.text,
  country: (raw: string | undefined) => (raw && COUNTRY_CODE.test(raw.toUpperCase()) ? raw.toUpperCase() : undefined),
  type: urlParam.optionalOneOf(RELEASE_TYPES),
  scope: urlParam.oneOf(CHART_SCOPES, 'everyone'),
  page: urlParam.page,
});
const DECADES = [2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950];
/** Region codes that name no country (the world, the EU, unknown). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

type Country = { value: string; label: string };

/**
 * Every country code the browser can name, by its name in the reader's language, named a letter at a time between
 * the browser's other work. Named once the page is taken over: the server's and the browser's lists of names differ,
 * and a page must hydrate with the text the server sent. Naming all 676 codes in one go was one long task on a
 * phone, as the chart was taken over.
 */
async function nameCountries(language: string, stillWanted: () => boolean): Promise<Country[] | null> {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    return [];
  }
  const found: Country[] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const label = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (label && label !== code) found.push({ value: code, label });
    }
    await yieldToBrowser();
    if (!stillWanted()) return null;
  }
  const collator = new Intl.Collator(language);
  return found.sort((a, b) => collator.compare(a.label, b.label));
}

function useCountries(language: string): Country[] {
  const [countries, setCountries] = useState<{ language: string; list: Country[] }>({ language, list: [] });
  useEffect(() => {
    let wanted = true;
    void nameCountries(language, () => wanted).then((list) => {
      if (list) startTransition(() => setCountries({ language, list }));
    });
    return () => {
      wanted = false;
    };
  }, [language]);
  return countries.language === language ? countries.list : [];
}

/**
 * The country drop-down's choices, a component of their own: when they are named as the page is taken over, only they
 * render again, not the whole chart.
 */
function CountryOptions({ any, language }: { any: string; language: string }) {
  return <SelectOptions any={any} options={useCountries(language)} />;
}

/** The chart the page shows at an address (the server fetches it before rendering the page). */
export const trendingChartOptions = (search: URLSearchParams) => chartQueryOptions(chartQuery(ChartFilters.read(search)));
const chartQuery = (filters: UrlFilterValues<typeof ChartFilters>) => ({ ...filters, limit: 25 });

export function TrendingPage() {
  const { t, i18n } = useTranslation('catalog');
  const genreName = useGenreName();
  const { filters, setFilters } = useUrlFilters(ChartFilters);
  const { period, genre, year, decade, country, type, scope, descriptor } = filters;
  const session = useSession();
  // A visitor's address asking for the people they follow shows everyone's chart.
  const shownScope = session.status === 'signed-in' ? scope : 'everyone';
  const chart = useChart(chartQuery({ ...filters, scope: shownScope }));
  const genres = useGenres();
  const thisYear = new Date().getFullYear();
  const location = useLocation();
  const navigate = useNavigate();
  const permalink = chartPermalink({ ...filters, scope: shownScope });
  // The address bar always holds the slice's one address, the one a shared link and its preview use.
  useEffect(() => {
    if (`${location.pathname}${location.search}` !== permalink && session.status !== 'loading')
      void navigate(permalink, { replace: true, preventScrollReset: true });
  }, [location.pathname, location.search, permalink, navigate, session.status]);
  const descriptorName = chart.data?.slice.descriptor?.names[i18n.language] ?? chart.data?.slice.descriptor?.name ?? descriptor;

  return (
    <Container>
      <PageHeader title={t('trending.title')} description={t('trending.description')} />
      <Tabs value={period} onValueChange={(value) => setFilters({ period: value })}>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <TabsList className="max-w-full overflow-x-auto">
            {CHART_PERIODS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {t(`trending.periods.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>

          {session.status === 'signed-in' ? (
            <div role="group" aria-label={t('trending.scope.label')} className="flex gap-2">
              {CHART_SCOPES.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={shownScope === value}
                  onClick={() => setFilters({ scope: value })}
                  className={
                    shownScope === value
                      ? 'rounded-full border border-accent bg-accent px-3 py-1.5 text-sm font-medium text-accent-ink'
                      : 'rounded-full border border-line px-3 py-1.5 text-sm text-ink-muted hover:text-ink'
                  }
                >
                  {t(`trending.scope.${value}`)}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <FilterSelect
            id="chart-genre"
            label={t('trending.genre')}
            value={genre ?? ''}
            onChange={(next) => setFilters({ genre: next })}
            className="grid gap-1.5"
          >
            <SelectOptions
              any={t('trending.anyGenre')}
              options={genres.data?.items.map((item) => ({ value: item.slug, label: genreName(item) }))}
            />
          </FilterSelect>
          <FilterSelect
            id="chart-decade"
            label={t('trending.decade')}
            value={decade ?? ''}
            onChange={(next) => setFilters({ decade: next, year: undefined })}
            className="grid gap-1.5"
          >
            <SelectOptions
              any={t('trending.anyDecade')}
              options={DECADES.map((value) => ({ value, label: t('explore.decadeLabel', { decade: value }) }))}
            />
          </FilterSelect>
          <FilterSelect
            id="chart-year"
            label={t('trending.year')}
            value={year ?? ''}
            onChange={(next) => setFilters({ year: next, decade: undefined })}
            className="grid gap-1.5"
          >
            <SelectOptions
              any={t('trending.anyYear')}
              options={Array.from({ length: thisYear - 1949 }, (_, index) => thisYear - index).map((value) => ({
                value,
                label: String(value),
              }))}
            />
          </FilterSelect>
          <FilterSelect
            id="chart-country"
            label={t('trending.country')}
            value={country ?? ''}
            onChange={(next) => setFilters({ country: next })}
            className="grid gap-1.5"
          >
            <CountryOptions any={t('trending.anyCountry')} language={i18n.language} />
          </FilterSelect>
          <FilterSelect
            id="chart-type"
            label={t('trending.type')}
            value={type ?? ''}
            onChange={(next) => setFilters({ type: next })}
            className="grid gap-1.5"
          >
            <SelectOptions
              any={t('trending.anyType')}
              options={RELEASE_TYPES.map((value) => ({ value, label: t(`album.releaseType.${value}`) }))}
            />
          </FilterSelect>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {descriptor ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-line bg-surface-2 px-3 py-1 text-sm text-ink">
              {t('trending.descriptor', { name: descriptorName })}
              <button
                type="button"
                onClick={() => setFilters({ descriptor: undefined })}
                aria-label={t('trending.clearDescriptor', { name: descriptorName })}
                className="rounded-full p-0.5 text-ink-muted hover:text-ink"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </span>
          ) : null}
          <a
            href={permalink}
            data-testid="chart-permalink"
            className="inline-flex min-w-0 items-center gap-1.5 text-sm text-ink-muted underline-offset-2 hover:underline"
          >
            <Link2 aria-hidden className="size-4 shrink-0" />
            <span className="truncate">{t('trending.permalink')}</span>
          </a>
          <ShareButton
            title={t('trending.shareTitle', { period: t(`trending.periods.${period}`) })}
            url={typeof window === 'undefined' ? permalink : new URL(permalink, window.location.origin).toString()}
            label={t('trending.share')}
            size="sm"
          />
          {chart.data ? (
            <span className="text-sm text-ink-muted" data-testid="chart-minimum">
              {t('trending.minimum', { count: chart.data.minRatings })}
            </span>
          ) : null}
        </div>
        <TabsContent value={period}>
          {/* The chart is taken over apart from the filters above it, its rows far down laid out only near the screen. */}
          <HydratesApart>
            <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <div className="min-w-0">
                {chart.isError ? (
                  <ErrorState onRetry={() => void chart.refetch()} />
                ) : chart.data && chart.data.items.length === 0 ? (
                  <EmptyState title={t('trending.empty')} description={t('trending.emptyHint', { count: chart.data.minRatings })} />
                ) : (
                  <>
                    {chart.data?.provisional ? (
                      <p role="note" className="mb-4 rounded-lg border border-line bg-surface-2 px-4 py-3 text-sm text-ink-muted">
                        {t('trending.provisional', { count: chart.data.minRatings })}
                      </p>
                    ) : null}
                    <ol
                      className={chart.isPlaceholderData ? 'flex flex-col gap-1 opacity-60' : 'flex flex-col gap-1'}
                      aria-label={t(`trending.periods.${period}`)}
                      data-testid="chart-list"
                    >
                      {chart.data
                        ? chart.data.items.map((entry) => (
                            // The padding within the negative margin keeps a focused row's outline inside the row's box.
                            <li key={entry.album.id} className="laid-out-when-near -m-1 min-w-0 p-1 [--near-height:5.5rem]">
                              {/* The row gives the chart's own rating once: the weighted rating and the ratings in the period. */}
                              <AlbumCard
                                album={entry.album}
                                layout="list"
                                rank={entry.rank}
                                rating={
                                  <>
                                    <RatingStars
                                      value={entry.weightedRating}
                                      label={t('trending.weighted', { value: formatRating(entry.weightedRating) })}
                                    />
                                    <span className="text-xs text-ink-muted">{t('trending.ratings', { count: entry.ratings })}</span>
                                  </>
                                }
                              />
                            </li>
                          ))
                        : Array.from({ length: 8 }, (_, index) => (
                            <li key={index}>
                              <AlbumCardSkeleton layout="list" />
                            </li>
                          ))}
                    </ol>
                  </>
                )}
                {chart.data ? (
                  <Pagination page={chart.data.page} pages={chart.data.totalPages} onPageChange={(next) => setFilters({ page: next })} />
                ) : null}
              </div>
              <aside>
                <Card className="p-5">
                  <h2 className="flex items-center gap-2 font-display text-lg font-semibold text-ink">
                    <Info aria-hidden className="size-5 text-accent" />
                    {t('trending.howTitle')}
                  </h2>
                  <p className="mt-2 text-sm leading-relaxed text-ink-muted">
                    {t('trending.howBody', {
                      mean: chart.data ? formatRating(chart.data.meanRating) : '–',
                      m: chart.data?.priorWeight ?? '–',
                      min: chart.data?.minRatings ?? '–',
                    })}
                  </p>
                  <p className="mt-2 text-sm leading-relaxed text-ink-muted">
                    {chart.data?.trustWeighted === false && shownScope === 'following'
                      ? t('trending.followingBody')
                      : t('trending.trustBody')}
                  </p>
                </Card>
              </aside>
            </div>
          </HydratesApart>
        </TabsContent>
      </Tabs>
    </Container>
  );
}

/** The route's data: the chart its address asks for, and the genres to filter it by. */
export const loader = queryLoader(({ client, search }) =>
  Promise.all([ensure(client, trendingChartOptions(search)), ensure(client, genresQueryOptions)]),
);
