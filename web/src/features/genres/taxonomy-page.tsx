import type { DescriptorPage, GenrePage } from '@hearsay/contracts/genres';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { formatRating } from '../../shared/i18n/index.ts';
import { AlbumCard } from '../../shared/ui/album-card.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { PageLoadError } from '../../shared/ui/not-found.tsx';
import { PageLoading } from '../../shared/ui/skeleton.tsx';
import { descriptorPageOptions, genrePageOptions, taxonomyPaths, useDescriptorName } from './api.ts';

/** The album page's panel comes with the pages: one chunk, whose name the entry then says once. */
export { AlbumGenresPanel } from './album-genres-panel.tsx';

/** /genre/:genre: a genre of the taxonomy, its parents and children, and its top albums (decision 077). */
export function GenrePageScreen() {
  const { genre = '' } = useParams();
  const { t } = useTranslation('genres');
  const answer = useQuery(genrePageOptions(genre));
  if (answer.isPending) return <PageLoading label={t('page.loading')} />;
  if (answer.isError) return <PageLoadError query={answer} title={t('page.genreNotFound')} description={t('page.genreNotFoundText')} />;
  const { parents, children } = answer.data;
  return (
    <TaxonomyView
      title={answer.data.genre.name}
      kind={t('page.genre')}
      top={answer.data}
      links={[
        {
          label: t('page.parents'),
          items: parents.map((parent) => ({ key: parent.slug, to: taxonomyPaths.genre(parent.slug), name: parent.name })),
        },
        {
          label: t('page.children'),
          items: children.map((child) => ({ key: child.slug, to: taxonomyPaths.genre(child.slug), name: child.name })),
        },
      ]}
    />
  );
}

/** /descriptor/:descriptor: a mood, texture or theme and its top albums. */
export function DescriptorPageScreen() {
  const { descriptor = '' } = useParams();
  const { t } = useTranslation('genres');
  const name = useDescriptorName();
  const answer = useQuery(descriptorPageOptions(descriptor));
  if (answer.isPending) return <PageLoading label={t('page.loading')} />;
  if (answer.isError) {
    return <PageLoadError query={answer} title={t('page.descriptorNotFound')} description={t('page.descriptorNotFoundText')} />;
  }
  const { related } = answer.data;
  return (
    <TaxonomyView
      title={name(answer.data.descriptor)}
      kind={t(`categories.${answer.data.descriptor.category}`)}
      top={answer.data}
      links={[
        {
          label: t('page.related'),
          items: related.map((other) => ({ key: other.slug, to: taxonomyPaths.descriptor(other.slug), name: name(other) })),
        },
      ]}
    />
  );
}

function TaxonomyView({
  title,
  kind,
  top,
  links,
}: {
  title: string;
  kind: string;
  top: Pick<GenrePage | DescriptorPage, 'albums' | 'priorWeight' | 'meanRating'>;
  links: { label: string; items: { key: string; to: string; name: string }[] }[];
}) {
  const { t } = useTranslation('genres');
  return (
    <Container className="py-8 sm:py-12">
      <title>{`${title} · Hearsay`}</title>
      <p className="text-sm font-medium uppercase tracking-wide text-ink-subtle">{kind}</p>
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-5xl">{title}</h1>
      {links.map((group) =>
        group.items.length ? (
          <nav key={group.label} aria-label={group.label} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-ink-muted">{group.label}:</span>
            {group.items.map((item) => (
              <Link
                key={item.key}
                to={item.to}
                className="rounded-full border border-line-strong bg-surface px-3 py-1 text-ink hover:bg-surface-2"
              >
                {item.name}
              </Link>
            ))}
          </nav>
        ) : null,
      )}
      <h2 className="mt-10 font-display text-2xl font-semibold text-ink">{t('page.topAlbums')}</h2>
      <p className="mt-1 text-sm text-ink-muted">{t('page.ranking', { m: top.priorWeight, mean: formatRating(top.meanRating) })}</p>
      {top.albums.length ? (
        <ol className="mt-4 space-y-1">
          {top.albums.map((entry) => (
            <li key={entry.album.id}>
              <AlbumCard
                album={entry.album}
                layout="list"
                rank={entry.rank}
                rating={
                  <span className="text-right text-sm">
                    <span className="font-semibold text-ink">{formatRating(entry.weightedRating)}</span>{' '}
                    <span className="text-ink-subtle">{t('page.ratings', { count: entry.ratings })}</span>
                  </span>
                }
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-ink-muted">{t('page.noAlbums')}</p>
      )}
    </Container>
  );
}

/** The two routes' pages and loaders (the page's data fetched before it renders, decision 064). */
export const routes = {
  genre: {
    Component: GenrePageScreen,
    loader: queryLoader(({ client, params }) => ensure(client, genrePageOptions(params.genre ?? ''))),
  },
  descriptor: {
    Component: DescriptorPageScreen,
    loader: queryLoader(({ client, params }) => ensure(client, descriptorPageOptions(params.descriptor ?? ''))),
  },
};
