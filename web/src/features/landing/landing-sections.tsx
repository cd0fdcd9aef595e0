import { paths } from '@hearsay/contracts/paths';
import type { Landing } from '@hearsay/contracts/site';
import { Check, Library, Star, Users, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { cn } from '../../shared/lib/cn.ts';
import { AlbumCard, AlbumCardSkeleton, AlbumGrid } from '../../shared/ui/album-card.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, Container } from '../../shared/ui/card.tsx';
import { EmailField, NameField } from '../../shared/ui/input.tsx';
import { legalLinks } from '../../shared/ui/legal-links.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { formatNumber } from '../../shared/i18n/index.ts';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

/** A landing section's title, which the section is labelled by; `className` adds spacing or alignment to its look. */
function SectionTitle({ id, className, children }: { id: string; className?: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className={cn(className, 'font-display text-2xl font-semibold text-ink sm:text-3xl')}>
      {children}
    </h2>
  );
}

function SectionHeading({ id, title, subtitle, action }: { id: string; title: string; subtitle?: string; action?: React.ReactNode }) {
  return (
    <div className="mb-6 flex items-end justify-between gap-4">
      <div>
        <SectionTitle id={id}>{title}</SectionTitle>
        {subtitle ? <p className="mt-1 text-ink-muted">{subtitle}</p> : null}
      </div>
      {action}
    </div>
  );
}

export function Hero({ landing, covers }: { landing: Landing | undefined; covers: Landing['featuredAlbums'] }) {
  const { t } = useTranslation('landing');
  const stats = landing?.stats;
  return (
    <section className="relative overflow-hidden border-b border-line">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--accent-soft),transparent)]"
      />
      <Container className="relative grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.16em] text-accent">{t('hero.eyebrow')}</p>
          <h1 className="mt-4 font-display text-4xl font-semibold leading-[1.05] text-ink sm:text-5xl lg:text-6xl">{t('hero.title')}</h1>
          <p className="mt-5 max-w-xl text-lg text-ink-muted">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/register">{t('hero.join')}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/explore">{t('hero.explore')}</Link>
            </Button>
          </div>
          <dl aria-label={t('stats.label')} className="mt-10 flex flex-wrap gap-x-10 gap-y-4" data-testid="site-stats">
            {(['members', 'ratings', 'albums'] as const).map((key) => (
              <div key={key} className="flex flex-col-reverse">
                <dt className="text-sm text-ink-muted">{t(`stats.${key}`, { count: stats?.[key] ?? 0 })}</dt>
                <dd className="font-display text-3xl font-semibold tabular-nums text-ink" data-testid={`stat-${key}`}>
                  {stats ? formatNumber(stats[key]) : <Skeleton className="h-9 w-20" />}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div aria-hidden className="relative hidden h-[26rem] lg:block">
          {covers.slice(0, 3).map((album, index) => (
            <img
              key={album.id}
              src={album.coverUrl}
              alt=""
              width={600}
              height={600}
              // Lazy, so a phone, which hides the stack, does not download it; a wide screen has it in view at once.
              loading="lazy"
              decoding="async"
              className="absolute size-64 rounded-2xl object-cover shadow-[var(--shadow-lg)]"
              style={{ left: `${index * 22}%`, top: `${[12, 0, 24][index]}%`, rotate: `${[-6, 3, 8][index]}deg`, zIndex: 3 - index }}
            />
          ))}
        </div>
      </Container>
    </section>
  );
}

export function FeaturedAlbums({ landing, loading }: { landing: Landing | undefined; loading: boolean }) {
  const { t } = useTranslation(['landing', 'common']);
  const albums = landing?.featuredAlbums ?? [];
  const rated = albums.some((album) => album.ratingCount > 0);
  return (
    <section aria-labelledby="featured-title" className="py-14">
      <Container>
        <SectionHeading
          id="featured-title"
          title={t('featured.title')}
          subtitle={rated ? t('featured.subtitleRated') : t('featured.subtitlePicks')}
          action={
            <Button asChild variant="outline" size="sm">
              <Link to="/explore">{t('common:actions.viewAll')}</Link>
            </Button>
          }
        />
        <AlbumGrid>
          {loading
            ? Array.from({ length: 4 }, (_, index) => <AlbumCardSkeleton key={index} />)
            : albums.map((album, index) => <AlbumCard key={album.id} album={album} priority={index < 4} />)}
        </AlbumGrid>
      </Container>
    </section>
  );
}

export function GenreChips({ landing, loading }: { landing: Landing | undefined; loading: boolean }) {
  const { t } = useTranslation('landing');
  const genreName = useGenreName();
  return (
    <section aria-labelledby="genres-title" className="bg-surface-2/60 py-14">
      <Container>
        <SectionTitle id="genres-title">{t('genres.title')}</SectionTitle>
        <p className="mb-6 mt-1 text-ink-muted">{t('genres.subtitle')}</p>
        <ul className="flex flex-wrap gap-2.5">
          {loading
            ? Array.from({ length: 12 }, (_, index) => <Skeleton key={index} className="h-10 w-28 rounded-full" />)
            : landing?.genres.map((genre) => (
                <li key={genre.slug}>
                  <Link
                    to={paths.explore({ genre: genre.slug })}
                    className="inline-flex h-10 items-center gap-2 rounded-full border border-line-strong bg-surface px-4 text-sm font-medium text-ink hover:border-accent hover:text-accent"
                  >
                    {genreName(genre)}
                    <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs tabular-nums text-ink-muted">
                      {formatNumber(genre.albumCount)}
                      <span className="sr-only"> {t('genres.albums', { count: genre.albumCount })}</span>
                    </span>
                  </Link>
                </li>
              ))}
        </ul>
      </Container>
    </section>
  );
}

export function HowItWorks() {
  const { t } = useTranslation('landing');
  const cards = [
    { key: 'rate', icon: Star },
    { key: 'collect', icon: Library },
    { key: 'follow', icon: Users },
  ] as const;
  return (
    <section aria-labelledby="how-title" className="py-14">
      <Container>
        <SectionTitle id="how-title" className="mb-8 text-center">
          {t('how.title')}
        </SectionTitle>
        <div className="grid gap-5 md:grid-cols-3">
          {cards.map(({ key, icon: Icon }, index) => (
            <Card key={key} className="p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span className="font-display text-sm font-semibold text-ink-subtle">0{index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-ink">{t(`how.${key}.title`)}</h3>
              <p className="mt-2 text-ink-muted">{t(`how.${key}.body`)}</p>
            </Card>
          ))}
        </div>
      </Container>
    </section>
  );
}

const COMPARISON_ROWS = ['curated', 'ratings', 'community', 'journal', 'albums', 'bias'] as const;

export function CompareTable() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="compare-title" className="bg-surface-2/60 py-14">
      <Container className="max-w-4xl">
        <SectionHeading id="compare-title" title={t('compare.title')} subtitle={t('compare.subtitle')} />
        {/* Narrower cells on a phone, and words that may break, keep all three columns in view; with much larger text the
            table still scrolls sideways, in a region the keyboard can scroll too. */}
        <Card className="overflow-x-auto" role="region" aria-labelledby="compare-title" tabIndex={0}>
          <table className="w-full text-left hyphens-auto [overflow-wrap:anywhere]" aria-labelledby="compare-title">
            <thead>
              <tr className="border-b border-line text-xs text-ink-muted sm:text-sm">
                <th scope="col" className="px-3 py-3 font-medium sm:px-5">
                  {t('compare.feature')}
                </th>
                <th scope="col" className="px-2 py-3 text-center font-semibold text-ink sm:px-5">
                  {t('compare.us')}
                </th>
                <th scope="col" className="px-2 py-3 text-center font-medium sm:px-5">
                  {t('compare.them')}
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON_ROWS.map((row) => (
                <tr key={row} className="border-b border-line last:border-0">
                  <th scope="row" className="px-3 py-3.5 text-sm font-medium text-ink sm:px-5 sm:text-base">
                    {t(`compare.rows.${row}`)}
                  </th>
                  <td className="px-2 py-3.5 text-center sm:px-5">
                    <Check role="img" aria-label={t('compare.yes')} className="mx-auto size-5 text-success" />
                  </td>
                  <td className="px-2 py-3.5 text-center sm:px-5">
                    <X role="img" aria-label={t('compare.no')} className="mx-auto size-5 text-ink-subtle" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </Container>
    </section>
  );
}

/** The sign-up teaser: Get Started carries the name and e-mail over to the register form. */
export function SignUpTeaser() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams();
    if (name.trim()) query.set('name', name.trim());
    if (email.trim()) query.set('email', email.trim());
    const search = query.toString();
    void navigate(search ? `/register?${search}` : '/register');
  };
  return (
    <section aria-labelledby="teaser-title" className="py-14">
      <Container className="max-w-3xl">
        <Card className="p-6 sm:p-10">
          <SectionTitle id="teaser-title">{t('teaser.title')}</SectionTitle>
          <p className="mt-2 text-ink-muted">{t('teaser.subtitle')}</p>
          <form onSubmit={submit} className="mt-6 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <NameField id="teaser-name" name="name" label={t('teaser.name')} value={name} onValueChange={setName} />
            <EmailField id="teaser-email" name="email" label={t('teaser.email')} value={email} onValueChange={setEmail} />
            <Button type="submit" size="lg">
              {t('teaser.submit')}
            </Button>
          </form>
          <p className="mt-4 text-sm text-ink-muted">
            <Trans t={t} i18nKey="teaser.notice" components={legalLinks} />
          </p>
        </Card>
      </Container>
    </section>
  );
}

interface FallbackTestimonial {
  title: string;
  body: string;
}

/** Real recent reviews once people write them; until then, three plain reasons to keep a journal (never invented quotes). */
export function Testimonials({ landing }: { landing: Landing | undefined }) {
  const { t } = useTranslation('landing');
  const live = landing?.testimonials ?? [];
  const fallback = t('testimonials.fallback', { returnObjects: true }) as FallbackTestimonial[];
  return (
    <section aria-labelledby="testimonials-title" className="bg-surface-2/60 py-14">
      <Container>
        <SectionHeading
          id="testimonials-title"
          title={t('testimonials.title')}
          subtitle={live.length ? t('testimonials.subtitleLive') : t('testimonials.subtitleFallback')}
        />
        <div className="grid gap-5 md:grid-cols-3">
          {live.length
            ? live.slice(0, 3).map((item) => (
                <Card key={item.reviewId} className="flex min-w-0 flex-col p-6">
                  <RatingStars value={item.rating} size="sm" />
                  <blockquote className="mt-3 flex-1 font-display text-lg leading-snug text-ink [overflow-wrap:anywhere]">
                    “{item.excerpt}”
                  </blockquote>
                  <p className="mt-4 text-sm text-ink-muted">
                    <Link to={paths.profile(item.authorUsername)} className="font-semibold text-ink hover:text-accent">
                      {item.authorName}
                    </Link>
                    {' · '}
                    <Link
                      to={paths.review(item.reviewId)}
                      aria-label={t('testimonials.readReview', { album: item.albumTitle })}
                      className="hover:text-accent"
                    >
                      {item.albumTitle}
                    </Link>
                  </p>
                </Card>
              ))
            : fallback.map((item) => (
                <Card key={item.title} className="p-6">
                  <h3 className="font-display text-lg font-semibold text-ink">{item.title}</h3>
                  <p className="mt-2 text-ink-muted">{item.body}</p>
                </Card>
              ))}
        </div>
      </Container>
    </section>
  );
}

export function ClosingCall() {
  const { t } = useTranslation('landing');
  return (
    <section className="py-16 text-center">
      <Container>
        <h2 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{t('closing.title')}</h2>
        <Button asChild size="lg" className="mt-6">
          <Link to="/register">{t('closing.cta')}</Link>
        </Button>
      </Container>
    </section>
  );
}
