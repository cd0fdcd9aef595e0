import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enrichmentStatusOptions } from '../../shared/catalog/musicbrainz.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { Container } from '../../shared/ui/card.tsx';

/** Where the catalog comes from, under which licences, and how far its lookup on MusicBrainz has come. */
export function AboutCatalogPage() {
  const { t, i18n } = useTranslation('catalog');
  const status = useQuery({ ...enrichmentStatusOptions, refetchInterval: 30_000 });
  const number = (value: number) => value.toLocaleString(i18n.language);
  const data = status.data;
  return (
    <Container className="max-w-3xl py-8 sm:py-12">
      <title>{`${t('about.title')} · Hearsay`}</title>
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{t('about.title')}</h1>
      <div className="mt-6 space-y-4 leading-relaxed text-ink-muted">
        <p>{t('about.intro')}</p>
        <p>
          {t('about.musicbrainz')}{' '}
          <a
            href="https://musicbrainz.org/doc/About/Data_License"
            className="text-accent underline underline-offset-4"
            rel="noopener noreferrer"
            target="_blank"
          >
            {t('about.musicbrainzLicence')}
          </a>
        </p>
        <p>
          {t('about.covers')}{' '}
          <a
            href="https://coverartarchive.org/"
            className="text-accent underline underline-offset-4"
            rel="noopener noreferrer"
            target="_blank"
          >
            {t('about.coverArtArchive')}
          </a>
        </p>
      </div>
      <section aria-labelledby="catalog-progress" className="mt-8 rounded-2xl border border-line bg-surface p-5">
        <h2 id="catalog-progress" className="font-display text-lg font-semibold text-ink">
          {t('about.progressTitle')}
        </h2>
        {data ? (
          <div role="status" className="mt-2 space-y-1 text-sm text-ink-muted">
            {data.state === 'off' ? (
              <p>{t('about.off')}</p>
            ) : (
              <>
                <p>
                  {t('about.progress', { with: number(data.withMusicBrainz), albums: number(data.albums) })}
                  {data.albums > 0 ? (
                    <progress className="ml-3 h-2 w-40 align-middle accent-accent" max={data.albums} value={data.albums - data.remaining} />
                  ) : null}
                </p>
                {data.ambiguous ? <p>{t('about.ambiguous', { count: data.ambiguous })}</p> : null}
                <p>{data.remaining ? t('about.remaining', { count: data.remaining }) : t('about.done')}</p>
                {data.state === 'running' ? <p>{t('about.running')}</p> : null}
              </>
            )}
          </div>
        ) : null}
      </section>
    </Container>
  );
}

/** The route's data: where the catalog's enrichment stands. */
export const loader = queryLoader(({ client }) => ensure(client, enrichmentStatusOptions));
