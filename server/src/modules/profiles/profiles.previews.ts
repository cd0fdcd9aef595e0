import type { PreviewRoute } from '../../platform/http/link-previews.ts';
import { countOf, shorten } from '../../platform/text.ts';
import type { ProfilesService } from './profiles.service.ts';

/** A bio longer than this is cut in a preview (chat apps show two or three lines). */
const BIO_MAX = 200;

/** Open Graph preview for a shared profile: who, their bio and counts, their avatar (public profiles only). */
export function profilePreviews(profiles: ProfilesService): PreviewRoute[] {
  return [
    {
      pattern: /^\/profile\/([^/]+)\/?$/,
      async resolve(match) {
        const person = await profiles.preview(decodeURIComponent(match[1] ?? ''));
        if (!person) return undefined;
        const counts = `${countOf(person.ratings, 'rating')}, ${countOf(person.reviews, 'review')} and ${countOf(person.followers, 'follower')} on Hearsay.`;
        const bio = person.bio.trim();
        return {
          title: `${person.name} (@${person.username})`,
          description: bio ? `${shorten(bio, BIO_MAX)} · ${counts}` : counts,
          ...(person.avatarUrl && { image: person.avatarUrl }),
          type: 'profile',
        };
      },
    },
  ];
}
