import type { AlbumVotes, GenreVoteKind, Taxonomy } from '@hearsay/contracts/genres';
import { useQueryClient } from '@tanstack/react-query';
import { ThumbsDown, ThumbsUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import type { AlbumExtensionProps } from '../../shared/lib/album-extensions.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { Input, Label, NativeSelect } from '../../shared/ui/input.tsx';
import { taxonomyOptions, taxonomyPaths, useAlbumVotes, useDescriptorName, useTaxonomy, useVote } from './api.ts';

const percent = (weight: number) => `${Math.round(weight * 100)}%`;

/**
 * The album page's genres and descriptors as members voted them (decision 077), each with its weight and a link to
 * its page, and, for a member, voting: a genre up as primary or secondary or down, a descriptor up or down.
 */
export function AlbumGenresPanel({ album }: AlbumExtensionProps) {
  const { t } = useTranslation('genres');
  const votes = useAlbumVotes(album.slug);
  const session = useSession();
  const signIn = useSendToSignIn();
  const descriptorName = useDescriptorName();
  const [voting, setVoting] = useState(false);
  if (!votes.data) return null;
  const voted = votes.data.genres.filter((genre) => genre.voted);
  const fromCatalog = votes.data.genres.filter((genre) => !genre.voted);
  const primary = voted.filter((genre) => genre.kind === 'primary');
  const secondary = voted.filter((genre) => genre.kind === 'secondary');
  return (
    <Card className="p-5">
      <section aria-labelledby="album-genres-title" className="space-y-4 text-sm">
        <h2 id="album-genres-title" className="font-display text-lg font-semibold text-ink">
          {t('panel.title')}
        </h2>
        {voted.length === 0 ? <p className="text-ink-muted">{t('panel.noneVoted')}</p> : null}
        <GenreList label={t('panel.primary')} genres={primary} />
        <GenreList label={t('panel.secondary')} genres={secondary} />
        {fromCatalog.length ? (
          <div>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-ink-subtle">{t('panel.fromCatalog')}</h3>
            <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {fromCatalog.map((genre) => (
                <li key={genre.slug}>
                  <Link className="text-ink-muted hover:text-accent" to={taxonomyPaths.genre(genre.slug)}>
                    {genre.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-ink-subtle">{t('panel.descriptors')}</h3>
          {votes.data.descriptors.length ? (
            <ul aria-label={t('panel.descriptors')} className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {votes.data.descriptors.map((descriptor) => (
                <li key={descriptor.slug}>
                  <Link className="text-ink hover:text-accent" to={taxonomyPaths.descriptor(descriptor.slug)}>
                    {descriptorName(descriptor)}
                  </Link>{' '}
                  <span className="text-ink-subtle">{percent(descriptor.weight)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-ink-muted">{t('panel.noDescriptors')}</p>
          )}
        </div>
        {session.status === 'signed-in' ? (
          voting ? (
            <VoteForm albumRef={album.slug} votes={votes.data} onDone={() => setVoting(false)} />
          ) : (
            <Button variant="outline" size="sm" onClick={() => setVoting(true)}>
              {t('panel.vote')}
            </Button>
          )
        ) : session.status === 'signed-out' ? (
          <Button variant="outline" size="sm" onClick={signIn}>
            {t('panel.signInToVote')}
          </Button>
        ) : null}
      </section>
    </Card>
  );
}

function GenreList({ label, genres }: { label: string; genres: AlbumVotes['genres'] }) {
  if (!genres.length) return null;
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-ink-subtle">{label}</h3>
      <ul aria-label={label} className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {genres.map((genre) => (
          <li key={genre.slug}>
            <Link className="font-medium text-ink hover:text-accent" to={taxonomyPaths.genre(genre.slug)}>
              {genre.name}
            </Link>{' '}
            <span className="text-ink-subtle">{percent(genre.weight)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function VoteForm({ albumRef, votes, onDone }: { albumRef: string; votes: AlbumVotes; onDone: () => void }) {
  const { t } = useTranslation('genres');
  const taxonomy = useTaxonomy(true);
  const vote = useVote(albumRef);
  const errorText = useErrorText();
  const descriptorName = useDescriptorName();
  const ids = { genre: useId(), kind: useId(), descriptor: useId(), list: useId() };
  const [genreText, setGenreText] = useState('');
  const [kind, setKind] = useState<GenreVoteKind>('primary');
  const [descriptor, setDescriptor] = useState('');
  const [unknown, setUnknown] = useState<string | null>(null);
  const viewer = votes.viewer;
  const genreSlug = (text: string, data: Taxonomy | undefined) =>
    data?.genres.find((genre) => genre.name.toLowerCase() === text.trim().toLowerCase())?.slug ?? null;

  const queryClient = useQueryClient();
  const voteGenre = async (value: 1 | -1) => {
    // A member quicker than the list of genres waits for it rather than being told their genre is unknown.
    const known = taxonomy.data ?? (await queryClient.fetchQuery(taxonomyOptions).catch(() => undefined));
    const slug = genreSlug(genreText, known);
    if (!slug) {
      setUnknown(t('vote.unknownGenre', { name: genreText.trim() }));
      return;
    }
    setUnknown(null);
    vote.mutate({ genre: { genre: slug, kind, value } }, { onSuccess: () => setGenreText('') });
  };
  const voteDescriptor = (value: 1 | -1) => {
    if (descriptor) vote.mutate({ descriptor: { descriptor, value } });
  };
  const categories = ['mood', 'texture', 'theme'] as const;

  return (
    <div className="space-y-4 border-t border-line pt-4">
      <div className="space-y-2">
        <Label htmlFor={ids.genre}>{t('vote.genre')}</Label>
        <Input
          id={ids.genre}
          list={ids.list}
          value={genreText}
          onChange={(event) => setGenreText(event.target.value)}
          placeholder={t('vote.genrePlaceholder')}
          autoComplete="off"
        />
        <datalist id={ids.list}>
          {taxonomy.data?.genres.map((genre) => (
            <option key={genre.slug} value={genre.name} />
          ))}
        </datalist>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={ids.kind} className="sr-only">
            {t('vote.kind')}
          </Label>
          <NativeSelect id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as GenreVoteKind)} className="w-auto">
            <option value="primary">{t('panel.primary')}</option>
            <option value="secondary">{t('panel.secondary')}</option>
          </NativeSelect>
          <Button size="sm" variant="outline" disabled={vote.isPending || !genreText.trim()} onClick={() => void voteGenre(1)}>
            <ThumbsUp aria-hidden />
            {t('vote.up')}
          </Button>
          <Button size="sm" variant="outline" disabled={vote.isPending || !genreText.trim()} onClick={() => void voteGenre(-1)}>
            <ThumbsDown aria-hidden />
            {t('vote.down')}
          </Button>
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.descriptor}>{t('vote.descriptor')}</Label>
        <NativeSelect id={ids.descriptor} value={descriptor} onChange={(event) => setDescriptor(event.target.value)}>
          <option value="">{t('vote.chooseDescriptor')}</option>
          {categories.map((category) => (
            <optgroup key={category} label={t(`categories.${category}`)}>
              {taxonomy.data?.descriptors
                .filter((entry) => entry.category === category)
                .map((entry) => (
                  <option key={entry.slug} value={entry.slug}>
                    {descriptorName(entry)}
                  </option>
                ))}
            </optgroup>
          ))}
        </NativeSelect>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={vote.isPending || !descriptor} onClick={() => voteDescriptor(1)}>
            <ThumbsUp aria-hidden />
            {t('vote.up')}
          </Button>
          <Button size="sm" variant="outline" disabled={vote.isPending || !descriptor} onClick={() => voteDescriptor(-1)}>
            <ThumbsDown aria-hidden />
            {t('vote.down')}
          </Button>
        </div>
      </div>
      <FormMessage error={unknown ?? (vote.isError ? errorText(vote.error) : null)} />
      {viewer && (viewer.genres.length || viewer.descriptors.length) ? (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-ink-subtle">{t('vote.yours')}</h3>
          <ul aria-label={t('vote.yours')} className="mt-1 space-y-1">
            {viewer.genres.map((mine) => (
              <li key={`g-${mine.slug}`} className="flex items-center justify-between gap-2">
                <span>
                  {t(mine.value > 0 ? 'vote.genreUp' : 'vote.genreDown', {
                    name: mine.name,
                    kind: t(mine.kind === 'primary' ? 'panel.primary' : 'panel.secondary'),
                  })}
                </span>
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label={t('vote.takeBack', { name: mine.name })}
                  disabled={vote.isPending}
                  onClick={() => vote.mutate({ genre: { genre: mine.slug, kind: mine.kind, value: 0 } })}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
            {viewer.descriptors.map((mine) => {
              const entry = taxonomy.data?.descriptors.find((known) => known.slug === mine.slug);
              const name = entry ? descriptorName(entry) : mine.slug;
              return (
                <li key={`d-${mine.slug}`} className="flex items-center justify-between gap-2">
                  <span>{t(mine.value > 0 ? 'vote.descriptorUp' : 'vote.descriptorDown', { name })}</span>
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    aria-label={t('vote.takeBack', { name })}
                    disabled={vote.isPending}
                    onClick={() => vote.mutate({ descriptor: { descriptor: mine.slug, value: 0 } })}
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <p className="text-xs text-ink-subtle">
        {t('vote.rule', { voters: votes.rule.minVoters, share: percent(votes.rule.minShare) })}{' '}
        {viewer ? t('vote.weight', { weight: viewer.weight.toFixed(2) }) : null}
      </p>
      <Button size="sm" variant="ghost" onClick={onDone}>
        {t('vote.done')}
      </Button>
    </div>
  );
}
