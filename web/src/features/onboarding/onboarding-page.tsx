import type { Onboarding, OnboardingArtist } from '@hearsay/contracts/accounts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { sessionQueryOptions, useSession } from '../../shared/auth/session.ts';
import { RymImport } from '../../shared/imports/rym-import.tsx';
import { cn } from '../../shared/lib/cn.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Card, Chip, Container } from '../../shared/ui/card.tsx';
import { Input } from '../../shared/ui/input.tsx';
import { EmptyState, Spinner } from '../../shared/ui/skeleton.tsx';
import { artistSearchQueryOptions, onboardingQueryOptions, useSaveOnboarding } from './api.ts';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

/** Spec §2 Onboarding: genres, artists, RateYourMusic import; each Next saves the step. */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const freshRegistrant = params.get('from') === 'signup' || sessionStorage.getItem('registration_complete') === 'true';

  useEffect(() => {
    if (session.status !== 'signed-out') return;
    toast(t('signIn'));
    void navigate('/login?redirect=%2Fonboarding', { replace: true });
  }, [session.status, navigate, t]);

  const progress = useQuery({ ...onboardingQueryOptions, enabled: session.status === 'signed-in' });

  if (session.status !== 'signed-in' || progress.isPending) return <Spinner label={t('loading')} className="min-h-[50vh]" />;
  if (progress.isError) {
    return (
      <Container className="py-16">
        <EmptyState
          title={t('loadFailedTitle')}
          description={t('loadFailed')}
          action={<Button onClick={() => window.location.reload()}>{t('refresh')}</Button>}
        />
      </Container>
    );
  }
  return <OnboardingSteps progress={progress.data} fresh={freshRegistrant} />;
}

function OnboardingSteps({ progress, fresh }: { progress: Onboarding; fresh: boolean }) {
  const { t } = useTranslation('onboarding');
  const genreName = useGenreName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A fresh registrant starts at the beginning with nothing chosen; others resume after their last saved step.
  const [step, setStep] = useState(fresh ? 1 : Math.min(3, progress.lastCompletedStep + 1));
  const [genres, setGenres] = useState<string[]>(fresh ? [] : progress.preferredGenres);
  const [artists, setArtists] = useState<string[]>(fresh ? [] : progress.favoriteArtists);

  const save = useSaveOnboarding();

  const next = () => {
    const body = step === 1 ? { step, preferredGenres: genres } : { step, favoriteArtists: artists };
    save.mutate(body, {
      // The answer carries the artists suggested for the genres just saved.
      onSuccess: (saved) => {
        queryClient.setQueryData(onboardingQueryOptions.queryKey, saved);
        setStep(step + 1);
      },
      onError: () => toast.error(t('saveFailed')),
    });
  };
  const finish = () => {
    save.mutate(
      { step: 3, preferredGenres: genres, favoriteArtists: artists, completed: true },
      {
        onSuccess: () => {
          sessionStorage.removeItem('needs_onboarding');
          sessionStorage.removeItem('registration_complete');
          void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
          toast.success(t('done'));
          void navigate('/', { replace: true });
        },
        onError: () => toast.error(t('finishFailed')),
      },
    );
  };
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

  return (
    <Container className="max-w-4xl py-10">
      <title>{`${t('header')} · Hearsay`}</title>
      <p className="text-sm font-semibold uppercase tracking-[0.14em] text-accent">{t('header')}</p>
      <div className="mt-2 flex items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold text-ink">{t(`titles.${step}`)}</h1>
        <span className="shrink-0 text-sm text-ink-muted">{t('stepOf', { step })}</span>
      </div>
      <div className="mt-3 flex gap-1.5" aria-hidden>
        {[1, 2, 3].map((index) => (
          <span key={index} className={cn('h-1.5 flex-1 rounded-full', index <= step ? 'bg-accent' : 'bg-surface-3')} />
        ))}
      </div>
      <p className="mt-4 text-ink-muted">{t(`subtitles.${step}`)}</p>

      <div className="mt-6">
        {step === 1 ? (
          <div className="space-y-6">
            {progress.genreGroups.map((group) => (
              <fieldset key={group.name}>
                <legend className="mb-2 font-semibold text-ink">
                  {group.name === 'Other'
                    ? t('genreGroupOther')
                    : genreName({ slug: group.name.toLowerCase().replace(/\W+/g, '-'), name: group.name })}
                </legend>
                <div className="flex flex-wrap gap-2">
                  {group.genres.map((genre) => (
                    <Chip key={genre.slug} active={genres.includes(genre.slug)} onClick={() => setGenres(toggle(genres, genre.slug))}>
                      {genres.includes(genre.slug) ? <Check aria-hidden className="size-4" /> : null}
                      {genreName(genre)}
                    </Chip>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        ) : null}
        {step === 2 ? (
          <ArtistStep suggested={progress.suggestedArtists} selected={artists} onToggle={(id) => setArtists(toggle(artists, id))} />
        ) : null}
        {step === 3 ? <ImportStep /> : null}
      </div>

      <div className="mt-10 flex items-center justify-between gap-3 border-t border-line pt-6">
        <Button variant="outline" disabled={step === 1 || save.isPending} onClick={() => setStep(step - 1)}>
          {t('back')}
        </Button>
        {step < 3 ? (
          <Button onClick={next} disabled={save.isPending}>
            {save.isPending ? t('saving') : t('next')}
          </Button>
        ) : (
          <Button onClick={finish} disabled={save.isPending}>
            {save.isPending ? t('saving') : t('finish')}
          </Button>
        )}
      </div>
    </Container>
  );
}

/** Step 2: artists suggested from the genres of step 1, or found by name. */
function ArtistStep({
  suggested,
  selected,
  onToggle,
}: {
  suggested: OnboardingArtist[];
  selected: string[];
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation(['onboarding', 'common']);
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useQuery({ ...artistSearchQueryOptions(debounced), enabled: debounced.length > 0 });
  const artists: OnboardingArtist[] = debounced ? (found.data?.artists ?? []) : suggested;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Input
          type="search"
          aria-label={t('searchArtists')}
          placeholder={t('searchArtists')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="max-w-sm"
        />
        <p className="text-sm text-ink-muted" aria-live="polite">
          {selected.length === 0 ? t('artistsNone') : t('artistsSelected', { count: selected.length })}
        </p>
      </div>
      {debounced && found.data && artists.length === 0 ? <p className="mt-6 text-ink-muted">{t('noArtists')}</p> : null}
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {artists.map((artist) => {
          const active = selected.includes(artist.id);
          return (
            <li key={artist.id}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onToggle(artist.id)}
                className={cn(
                  'relative flex w-full flex-col items-center gap-2 rounded-2xl border p-3 text-center transition-colors',
                  active ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:bg-surface-2',
                )}
              >
                {active ? (
                  <span className="absolute right-2 top-2 flex size-6 items-center justify-center rounded-full bg-accent text-accent-ink">
                    <Check aria-hidden className="size-4" />
                  </span>
                ) : null}
                <img
                  src={artist.imageUrl}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="size-20 rounded-full bg-surface-3 object-cover"
                />
                <span className="line-clamp-2 text-sm font-semibold text-ink">{artist.name}</span>
                <span className="text-xs text-ink-muted">{t('common:artist.albums', { count: artist.albumCount })}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Step 3: a real import of a RateYourMusic export; it is optional, Finish works with or without it. */
function ImportStep() {
  return (
    <Card className="p-6">
      <RymImport />
    </Card>
  );
}
