import type { PreviewRoute } from '../../platform/http/link-previews.ts';
import { countOf } from '../../platform/text.ts';
import type { CollectionsService } from './collections.service.ts';

/** Open Graph preview for a shared list: its title, who keeps it, its description and first cover (public lists only). */
export function collectionPreviews(collections: CollectionsService): PreviewRoute[] {
  return [
    {
      pattern: /^\/lists\/([^/]+)\/?$/,
      async resolve(match) {
        const list = await collections.preview(decodeURIComponent(match[1] ?? ''));
        const count = countOf(list.albumCount, 'album');
        return {
          title: `${list.title} — a list by ${list.ownerName}`,
          description: list.description ? `${list.description} (${count})` : `${count}, collected by ${list.ownerName} on Hearsay.`,
          ...(list.coverUrls[0] && { image: list.coverUrls[0] }),
          type: 'music.playlist',
        };
      },
    },
  ];
}
