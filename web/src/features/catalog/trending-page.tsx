import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
import { formatRating } from '../../shared/i18n/index.ts';
import { CHART_PERIODS } from '@hearsay/contracts/constants';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

const ChartFilters = urlFilters({
  period: urlParam.oneOf(CHART_PERIODS, 'week'),
  genre: urlParam.text,
  year: urlParam.wholeNumber({ min: 1900 }),
  page: urlParam.page,
});

/** The chart the page shows at an address (the server fetches it before rendering the page). */
export const trendingChartOptions = (search: URLSearchParams) => chartQueryOptions(chartQuery(ChartFilters.read(search)));
const chartQuery = (filters: UrlFilterValues<typeof ChartFilters>) => ({ ...filters, limit: 25 });

export function TrendingPage() {
  const { t } = useTranslation('catalog');
  const genreName = useGenreName();
  const { filters, setFilters } = useUrlFilters(ChartFilters);
  const { period, genre, year } = filters;
  const chart = useChart(chartQuery(filters));
  const genres = useGenres();
  const thisYear = new Date().getFullYear();

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

          <div className="grid grid-cols-2 gap-3 sm:w-96">
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
              id="chart-year"
              label={t('trending.year')}
              value={year ?? ''}
              onChange={(next) => setFilters({ year: next })}
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
          </div>
        </div>
        <TabsContent value={period}>
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
                  >
                    {chart.data
                      ? chart.data.items.map((entry) => (
                          <li key={entry.album.id} className="min-w-0">
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
              </Card>
            </aside>
          </div>
        </TabsContent>
      </Tabs>
    </Container>
  );
}

/** The route's data: the chart its address asks for, and the genres to filter it by. */
export const loader = queryLoader(({ client, search }) =>
  Promise.all([ensure(client, trendingChartOptions(search)), ensure(client, genresQueryOptions)]),
);
