import type { ArtistDetail } from '@hearsay/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ArtistImage } from '../../shared/ui/artist-card.tsx';
import { Badge, Container } from '../../shared/ui/card.tsx';
import { PageLoadError } from '../../shared/ui/not-found.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { ShareButton } from '../../shared/ui/share-button.tsx';
import { MediaRowSkeleton, PageLoading } from '../../shared/ui/skeleton.tsx';
import { artistQueryOptions, useArtist } from './api.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { ArtistFacts, DiscographyTable } from './discography.tsx';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';

export function ArtistPage() {
  const { artistId = '' } = useParams();
  const { t } = useTranslation('catalog');
  const artist = useArtist(artistId);
  if (artist.isPending) {
    return (
      <PageLoading label={t('artist.loading')}>
        <MediaRowSkeleton
          className="gap-6"
          media="size-28 rounded-full sm:size-40"
          lines={['h-10 w-1/2', 'h-5 w-1/3']}
          linesClassName="space-y-3"
        />
      </PageLoading>
    );
  }
  if (artist.isError) return <PageLoadError query={artist} title={t('artist.notFoundTitle')} description={t('artist.notFound')} />;
  return <ArtistView artist={artist.data} />;
}

function ArtistView({ artist }: { artist: ArtistDetail }) {
  const { t } = useTranslation(['catalog', 'common']);
  const genreName = useGenreName();
  return (
    <Container className="py-8 sm:py-12">
      <title>{`${artist.name} · Hearsay`}</title>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <ArtistImage artist={artist} size={160} className="size-28 rounded-full bg-surface-3 object-cover shadow-card sm:size-40" />
        <div className="min-w-0 flex-1">
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-5xl">{artist.name}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-4 text-ink-muted">
            <RatingStars value={artist.averageRating} size="md" />
            <span>{t('artist.ratings', { count: artist.ratingCount })}</span>
            <span>{t('common:artist.albums', { count: artist.albumCount })}</span>
          </div>
          {artist.genres.length ? (
            <div className="mt-3 flex flex-wrap gap-2">
              {artist.genres.map((genre) => (
                <Badge key={genre.slug}>{genreName(genre)}</Badge>
              ))}
            </div>
          ) : null}
        </div>
        <ShareButton title={artist.name} className="self-start sm:self-center" />
      </div>
      <ArtistFacts artist={artist} />
      <h2 className="mt-12 font-display text-2xl font-semibold text-ink">{t('artist.discography')}</h2>
      {/* Taken over apart from the artist's head, table by table (decision 089). */}
      {artist.discography.map((group) => (
        <HydratesApart key={group.releaseType}>
          <DiscographyTable group={group} />
        </HydratesApart>
      ))}
    </Container>
  );
}

/** The route's data: the artist (their albums come with them). */
export const loader = queryLoader(({ client, params }) => ensure(client, artistQueryOptions(params.artistId ?? '')));
