import { paths } from '@hearsay/contracts/paths';
import type { YearInReview } from '@hearsay/contracts/year-in-review';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Heart, Lock, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { Link, useParams } from 'react-router';
import { formatNumber, formatRating } from '../../shared/i18n/index.ts';
import { ApiError } from '../../shared/lib/api-client.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { ListeningSummaryView } from '../../shared/listening/listening-summary.tsx';
import { RankedAlbums } from '../../shared/listening/ranked-albums.tsx';
import { AlbumCard, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, Container } from '../../shared/ui/card.tsx';
import { NotFound, SignInFirst } from '../../shared/ui/not-found.tsx';
import { RatingDistribution } from '../../shared/ui/rating-distribution.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { ShareButton } from '../../shared/ui/share-button.tsx';
import { EmptyState, ErrorState, PageLoading, Spinner } from '../../shared/ui/skeleton.tsx';
import { yearQueryOptions } from './api.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

/** /profile/{username}/year/{year}: a member's year in music, meant to be shared. */
export function YearInReviewPage() {
  const { t } = useTranslation('year');
  const errorText = useErrorText();
  const { username = 'me', year = '' } = useParams();
  const valid = /^\d{4}$/.test(year);
  const query = useQuery({ ...yearQueryOptions(username, year), enabled: valid });
  if (!valid) return <NotFound title={t('notFound.title')} description={t('notFound.description')} />;
  if (query.isPending) {
    return (
      <PageLoading className="py-16">
        <Spinner label={t('loading')} />
      </PageLoading>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404) {
      return (
        <NotFound
          title={t('notFound.title')}
          description={error.code === 'year_not_found' ? errorText(error) : t('notFound.description')}
        />
      );
    }
    if (error instanceof ApiError && error.status === 401) return <SignInFirst />;
    if (error instanceof ApiError && error.status === 403)
      return <ClosedYear code={error.code} message={errorText(error)} username={username} />;
    return <ErrorState onRetry={() => void query.refetch()} />;
  }
  return <YearView data={query.data} />;
}

/** A year closed to the viewer: the same words as the profile's tabs. */
function ClosedYear({ code, message, username }: { code: string; message: string; username: string }) {
  const { t } = useTranslation('year');
  const title = code === 'ratings_not_shared' ? t('closed.ratingsTitle') : t('closed.privateTitle');
  return (
    <Container className="py-12">
      <title>{`${title} · Hearsay`}</title>
      <EmptyState
        icon={<Lock />}
        title={title}
        description={message}
        action={
          <Button asChild variant="outline">
            <Link to={paths.profile(username)}>{t('backToProfile', { name: username })}</Link>
          </Button>
        }
      />
    </Container>
  );
}

function YearView({ data }: { data: YearInReview }) {
  const { t } = useTranslation('year');
  const genreName = useGenreName();
  const { person, year } = data;
  const title = data.isOwner ? t('titleOwn', { year }) : t('title', { name: person.name, year });
  const quiet = data.rated === 0 && data.reviewsWritten === 0 && !data.listens && !data.listening?.listens;
  return (
    <Container className="py-6 sm:py-10">
      <title>{`${title} · Hearsay`}</title>
      <header className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-[#1f2a44] to-[#6a4c93] p-6 text-[#f5f1e8] shadow-card sm:p-10">
        <div aria-hidden className="absolute -right-16 -top-16 size-64 rounded-full bg-[#f2b33d]/15" />
        <div aria-hidden className="absolute -right-4 -top-4 size-36 rounded-full bg-[#f2b33d]/15" />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex items-center gap-4">
            <Avatar name={person.name} src={person.avatarUrl} size="xl" />
            <div className="min-w-0">
              <Link
                to={paths.profile(person.username)}
                className="block truncate text-sm font-semibold uppercase tracking-widest text-[#f2b33d] hover:underline"
              >
                {person.name}
              </Link>
              <h1 className="font-display text-4xl font-semibold leading-tight sm:text-6xl">{title}</h1>
              <p className="mt-1 text-[#f5f1e8]/80">{t('subtitle')}</p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <YearNav data={data} />
            <ShareButton title={title} label={t('share')} className="bg-white/10 text-[#f5f1e8] hover:bg-white/20" />
          </div>
        </div>
      </header>
      {quiet ? (
        <EmptyState
          className="mt-8"
          icon={<Sparkles />}
          title={t('empty.title')}
          description={data.isOwner ? t('empty.own', { year }) : t('empty.other', { name: person.name, year })}
          action={
            data.isOwner ? (
              <Button asChild>
                <Link to={paths.explore()}>{t('empty.explore')}</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <Numbers data={data} />
          {data.topRated.length > 0 ? (
            <section aria-labelledby="top-rated" className="mt-10">
              <h2 id="top-rated" className="font-display text-2xl font-semibold text-ink">
                {t('topRated')}
              </h2>
              <p className="mb-4 text-sm text-ink-muted">{t('topRatedHint')}</p>
              <AlbumGrid className="lg:grid-cols-6">
                {data.topRated.map((item, index) => (
                  <AlbumCard
                    key={item.album.id}
                    album={{ ...item.album, viewerRating: item.rating }}
                    ratedBy={data.isOwner ? undefined : person.name}
                    priority={index < 4}
                  />
                ))}
              </AlbumGrid>
            </section>
          ) : null}
          <div className="mt-10 grid gap-6 lg:grid-cols-3">
            <Card className="p-5">
              <RatingDistribution buckets={data.distribution} title={t('distribution')} emptyText={t('distributionEmpty')} />
            </Card>
            <Ranking
              title={t('genres')}
              rows={data.topGenres.map((genre) => ({
                key: genre.slug,
                label: genreName(genre),
                to: paths.explore({ genre: genre.slug }),
                count: genre.count,
              }))}
            />
            <Ranking
              title={t('decades')}
              rows={data.topDecades.map((decade) => ({
                key: String(decade.decade),
                label: t('decade', { decade: decade.decade }),
                to: paths.explore({ decade: decade.decade }),
                count: decade.count,
              }))}
            />
          </div>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <MostListened data={data} />
            <TopReview data={data} />
          </div>
          {data.listening && data.listening.listens > 0 ? (
            <section aria-labelledby="year-listening" className="mt-10">
              <h2 id="year-listening" className="mb-4 font-display text-2xl font-semibold text-ink">
                {t('listeningTitle')}
              </h2>
              <ListeningSummaryView summary={data.listening} testId="year-listening" />
            </section>
          ) : null}
        </>
      )}
    </Container>
  );
}

/** Links to the other years of the member's time on Hearsay. */
function YearNav({ data }: { data: YearInReview }) {
  const { t } = useTranslation('year');
  const link = 'inline-flex h-10 items-center gap-1 rounded-full bg-white/10 px-3 text-sm font-medium hover:bg-white/20';
  return (
    <nav aria-label={t('yearsNav')} className="flex items-center gap-2">
      {data.year > data.firstYear ? (
        <Link to={paths.yearInReview(data.person.username, data.year - 1)} className={link} rel="prev">
          <ChevronLeft aria-hidden className="size-4" />
          {t('previousYear', { year: data.year - 1 })}
        </Link>
      ) : null}
      {data.year < data.lastYear ? (
        <Link to={paths.yearInReview(data.person.username, data.year + 1)} className={link} rel="next">
          {t('previousYear', { year: data.year + 1 })}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}

function Numbers({ data }: { data: YearInReview }) {
  const { t } = useTranslation('year');
  const stats: { key: string; value: React.ReactNode; testId: string }[] = [
    { key: 'rated', value: formatNumber(data.rated), testId: 'year-rated' },
    {
      key: 'average',
      value: data.averageRating === null ? '–' : formatRating(data.averageRating),
      testId: 'year-average',
    },
    { key: 'reviews', value: formatNumber(data.reviewsWritten), testId: 'year-reviews' },
    ...(data.listens === null ? [] : [{ key: 'listens', value: formatNumber(data.listens), testId: 'year-listens' }]),
    { key: 'followers', value: formatNumber(data.newFollowers), testId: 'year-followers' },
  ];
  return (
    <section aria-label={t('stats.label')} className="mt-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {stats.map((stat) => (
          <div key={stat.key} className="rounded-2xl border border-line bg-surface p-4 shadow-card">
            <dt className="text-sm text-ink-muted">{t(`stats.${stat.key}`)}</dt>
            <dd className="mt-1">
              <span className="block font-display text-3xl font-semibold tabular-nums text-ink" data-testid={stat.testId}>
                {stat.value}
              </span>
              {stat.key === 'average' && data.averageRating !== null ? (
                <RatingStars
                  value={data.averageRating}
                  showValue={false}
                  label={t('averageValue', { value: formatRating(data.averageRating) })}
                />
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A short ranking with bars in proportion to the leader (genres, decades). */
function Ranking({ title, rows }: { title: string; rows: { key: string; label: string; to: string; count: number }[] }) {
  const { t } = useTranslation('year');
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-display text-lg font-semibold text-ink">{title}</h2>
      {rows.length === 0 ? <p className="text-sm text-ink-muted">{t('distributionEmpty')}</p> : null}
      <ol className="flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.key}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <Link to={row.to} className="truncate font-medium text-ink hover:text-accent">
                {row.label}
              </Link>
              <span className="shrink-0 tabular-nums text-ink-muted">{t('albumsCount', { count: row.count })}</span>
            </div>
            <div aria-hidden className="mt-1 h-2 rounded-full bg-surface-2">
              <div className="h-2 rounded-full bg-accent/80" style={{ width: `${(row.count / max) * 100}%` }} />
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function MostListened({ data }: { data: YearInReview }) {
  const { t } = useTranslation('year');
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-display text-lg font-semibold text-ink">{t('mostListened')}</h2>
      {data.mostListened === null ? (
        <p className="text-sm text-ink-muted">{t('listensPrivate', { name: data.person.name })}</p>
      ) : data.mostListened.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('noListens')}</p>
      ) : (
        <RankedAlbums items={data.mostListened} count={(count) => t('listensCount', { count })} />
      )}
    </Card>
  );
}

function TopReview({ data }: { data: YearInReview }) {
  const { t } = useTranslation('year');
  const formatDate = useFormatDate();
  const review = data.topReview;
  if (!review) return null;
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-display text-lg font-semibold text-ink">{t('topReview')}</h2>
      <div className="flex gap-4">
        <Link to={paths.album(review.album.slug)} className="shrink-0" tabIndex={-1} aria-hidden>
          <AlbumCover src={review.album.coverUrl} alt="" className="size-20 sm:size-24" sizes="96px" />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm text-ink-muted">
            {t('reviewOf', { album: review.album.title, artist: review.album.artistCredit })}
          </p>
          {review.title ? <p className="mt-1 font-display text-lg font-semibold text-ink">{review.title}</p> : null}
          <div className="mt-1 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
            <RatingStars value={review.rating} />
            <span className="inline-flex items-center gap-1">
              <Heart aria-hidden className="size-4 fill-current text-accent" />
              {t('likes', { count: review.likeCount })}
            </span>
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          </div>
        </div>
      </div>
      <p className="mt-3 text-ink">{review.excerpt}</p>
      <Button asChild variant="outline" className="mt-4">
        <Link to={paths.review(review.id)}>{t('readReview')}</Link>
      </Button>
    </Card>
  );
}

/** The route's data: the member's year. */
export const loader = queryLoader(({ client, params: { username = '', year = '' } }) => ensure(client, yearQueryOptions(username, year)));
