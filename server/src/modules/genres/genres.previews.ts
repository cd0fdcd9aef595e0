import type { PreviewRoute } from '../../platform/http/link-previews.ts';
import type { GenresService } from './genres.service.ts';

const topTitles = (albums: readonly { album: { title: string; artistCredit: string } }[]) =>
  albums
    .slice(0, 3)
    .map(({ album }) => `${album.title} (${album.artistCredit})`)
    .join(', ');

/** Open Graph previews for shared genre and descriptor links: the name and its top albums (decision 077). */
export function genresPreviews(genres: GenresService): PreviewRoute[] {
  return [
    {
      pattern: /^\/genre\/([^/]+)\/?$/,
      async resolve(match) {
        const page = await genres.genrePage(decodeURIComponent(match[1] ?? ''));
        const top = topTitles(page.albums);
        const parents = page.parents.map((parent) => parent.name).join(', ');
        return {
          title: `${page.genre.name} — top albums on Hearsay`,
          description: [parents ? `A genre of ${parents}` : 'A genre', top ? `Top albums: ${top}` : 'Albums voted by members.']
            .join('. ')
            .concat('.'),
          image: page.albums[0]?.album.coverUrl,
          type: 'website',
        };
      },
    },
    {
      pattern: /^\/descriptor\/([^/]+)\/?$/,
      async resolve(match) {
        const page = await genres.descriptorPage(decodeURIComponent(match[1] ?? ''));
        const top = topTitles(page.albums);
        return {
          title: `${page.descriptor.names.en} — albums on Hearsay`,
          description: `Albums members call ${page.descriptor.names.en}${top ? `: ${top}` : ''}.`,
          image: page.albums[0]?.album.coverUrl,
          type: 'website',
        };
      },
    },
  ];
}
