import type { PreviewRoute } from '../../platform/http/link-previews.ts';
import type { CatalogService } from './catalog.service.ts';
import { countOf } from '../../platform/text.ts';
import { chartPermalink, ChartQuerySchema, type Chart } from '@hearsay/contracts/catalog';

const KINDS: Record<string, string> = {
  album: 'albums',
  ep: 'EPs',
  single: 'singles',
  compilation: 'compilations',
  live: 'live albums',
  soundtrack: 'soundtracks',
  remix: 'remixes',
  other: 'releases',
};
const PERIODS: Record<Chart['period'], string> = {
  week: 'rated this week',
  month: 'rated this month',
  year: 'rated this year',
  decade: 'rated this decade',
  all: 'of all time',
};
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A chart slice in words, for its link preview: "Top EPs · Shoegaze · from Japan · released in the 1990s, of all time". */
export function chartTitle(chart: Pick<Chart, 'period' | 'slice'>): string {
  const { slice } = chart;
  const parts = [
    `Top ${slice.type ? KINDS[slice.type] : 'albums'}`,
    slice.genre?.name,
    slice.descriptor?.name,
    slice.country ? `from ${countryNames.of(slice.country) ?? slice.country}` : undefined,
    slice.year !== null ? `released in ${slice.year}` : slice.decade !== null ? `released in the ${slice.decade}s` : undefined,
  ].filter(Boolean);
  const whose = slice.scope === 'following' ? ' among the people I follow' : '';
  return `${parts.join(' · ')}, ${PERIODS[chart.period]}${whose} — Hearsay charts`;
}

/** Open Graph previews for shared album and artist links. */
export function catalogPreviews(catalog: CatalogService): PreviewRoute[] {
  return [
    {
      // A chart slice: its query is its address (chartPermalink), so the preview and the canonical address come from it.
      pattern: /^\/trending\/?$/,
      async resolve(_match, viewer, search) {
        const parsed = ChartQuerySchema.safeParse(Object.fromEntries(search));
        if (!parsed.success) return undefined;
        const chart = await catalog.chart({ ...parsed.data, page: 1, limit: 10 }, viewer?.id);
        const top = chart.items
          .slice(0, 5)
          .map((entry) => `${entry.rank}. ${entry.album.title} — ${entry.album.artistCredit} (${entry.weightedRating.toFixed(1)})`)
          .join(' · ');
        return {
          title: chartTitle(chart),
          description: top
            ? `${top}. Bayesian weighted ratings, at least ${countOf(chart.minRatings, 'rating')} each.`
            : 'No album has been rated enough for this chart yet. Rate some on Hearsay.',
          image: chart.items[0]?.album.coverUrl ?? undefined,
          type: 'website',
          url: chartPermalink(parsed.data),
        };
      },
    },
    {
      pattern: /^\/album\/([^/]+)\/?$/,
      async resolve(match) {
        const album = await catalog.getAlbum(decodeURIComponent(match[1] ?? ''));
        const rating =
          album.averageRating !== null
            ? `Rated ${album.averageRating.toFixed(1)}/10 by ${countOf(album.ratingCount, 'person', 'people')} on Hearsay.`
            : 'Rate it and review it on Hearsay.';
        const facts = [
          album.releaseYear,
          album.genres
            .slice(0, 3)
            .map((genre) => genre.name)
            .join(', '),
        ]
          .filter(Boolean)
          .join(' · ');
        return {
          title: `${album.title} — ${album.artistCredit}`,
          description: [facts, album.description, rating].filter(Boolean).join('. ').replace(/\.\./g, '.'),
          image: album.coverUrl,
          type: 'music.album',
        };
      },
    },
    {
      pattern: /^\/artist\/([^/]+)\/?$/,
      async resolve(match) {
        const artist = await catalog.getArtist(decodeURIComponent(match[1] ?? ''));
        const genres = artist.genres.map((genre) => genre.name).join(', ');
        return {
          title: `${artist.name} — albums, ratings and reviews`,
          description: `${countOf(artist.albumCount, 'album')}${genres ? ` · ${genres}` : ''}${
            artist.averageRating !== null ? ` · average rating ${artist.averageRating.toFixed(1)}/10` : ''
          } on Hearsay.`,
          image: artist.imageUrl,
          type: 'website',
        };
      },
    },
  ];
}
