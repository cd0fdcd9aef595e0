import type { PreviewRoute } from '../../platform/http/link-previews.ts';
import type { CatalogService } from './catalog.service.ts';
import { countOf } from '../../platform/text.ts';

/** Open Graph previews for shared album and artist links. */
export function catalogPreviews(catalog: CatalogService): PreviewRoute[] {
  return [
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
