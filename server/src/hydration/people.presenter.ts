import type { PersonCard } from '@hearsay/contracts/profiles';
import type { UserCard } from '@hearsay/contracts/search';
import { uploadUrl } from '../platform/http/uploads.ts';
import type { HydratedPerson } from './hydrator.ts';
import { presented } from './presented.ts';

/**
 * The one place a person becomes a card. The contracts name the small card after where it appears (`FeedPerson`,
 * `ReviewAuthor`, `NotificationActor`, `ConversationPerson`, a collection's owner); it is one shape, this one.
 */
export interface PersonSummary {
  id: string;
  username: string;
  name: string;
  avatarUrl: string | null;
}

/** Who someone is: name, username (their id until they chose one) and picture. */
export function presentPerson(person: HydratedPerson): PersonSummary {
  return presented({ id: person.id, username: person.username ?? person.id, name: person.name, avatarUrl: uploadUrl(person.avatarPath) });
}

/** A person in a list of people, with the viewer's Follow state. */
export function presentPersonCard(person: HydratedPerson): PersonCard {
  return presented({ ...presentPerson(person), isFollowing: person.viewer.following, isViewer: person.viewer.self });
}

/**
 * A person in Settings' lists (blocked, muted, follow requests): the card without a Follow state, as these lists have
 * always answered (decision 061), whatever the hydrated person knows.
 */
export function presentPersonCardWithoutFollow(person: HydratedPerson): PersonCard {
  return presented({ ...presentPerson(person), isFollowing: false, isViewer: false });
}

/** A person as search finds them: the card with what they wrote in public. */
export function presentUserCard(person: HydratedPerson): UserCard {
  return presented({
    ...presentPerson(person),
    reviewCount: person.reviewsCount,
    collectionCount: person.publicCollectionsCount,
    isFollowing: person.viewer.following,
    isViewer: person.viewer.self,
  });
}
