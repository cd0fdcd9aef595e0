import type { SharingSettings } from '@hearsay/contracts/settings';
import type { AlbumCard } from '@hearsay/contracts/catalog';
import { FEED_GROUP_MAX, type FeedItem, type FeedPerson } from '@hearsay/contracts/feed';
import type { HydratedAlbum, HydratedList, HydratedReview } from '../../hydration/hydrator.ts';
import { presentFeedList } from '../../hydration/lists.presenter.ts';
import { presentReviewSummary } from '../../hydration/reviews.presenter.ts';
import type { JournalService } from '../journal/journal.service.ts';

type ListenRow = Awaited<ReturnType<JournalService['listens']>>[number];

/** Everything one page's rows refer to, fetched in one batch per kind (people and albums already presented). */
export interface Hydrated {
  people: Map<string, FeedPerson>;
  albums: Map<string, AlbumCard>;
  /** The albums as hydrated: a list's covers. */
  hydratedAlbums: Map<string, HydratedAlbum>;
  reviews: Map<string, HydratedReview>;
  lists: Map<string, HydratedList>;
  listens: Map<string, ListenRow>;
  /** What each actor shares with others (Settings → Privacy). */
  sharing: Map<string, SharingSettings>;
}

const ratingKey = (userId: string, albumId: string) => `${userId}:${albumId}`;

/** A row the rules step kept: everything it refers to is known to exist and be visible. */
export interface KeptRow {
  id: string;
  actor_id: string;
  verb: 'rated' | 'reviewed' | 'created_collection' | 'added_to_collection' | 'followed' | 'listened';
  object_id: string;
  album_id: string | null;
  created_at: string;
  /** A rating's value (`rated` rows). */
  rating: number | null;
}

/**
 * The page as the contract shapes it. Consecutive ratings by one person become one item ("Ana rated 6 albums"),
 * up to FEED_GROUP_MAX; a rating shown by the same person's review of the album on this page is left out.
 */
export function presentFeed(rows: readonly KeptRow[], data: Hydrated): FeedItem[] {
  const reviewed = new Set(rows.filter((row) => row.verb === 'reviewed').map((row) => ratingKey(row.actor_id, row.album_id ?? '')));
  const items: FeedItem[] = [];
  for (const row of rows) {
    const actor = data.people.get(row.actor_id)!;
    const album = row.album_id ? data.albums.get(row.album_id) : undefined;
    const base = { id: row.id, actor, at: row.created_at };
    if (row.verb === 'rated') {
      if (reviewed.has(ratingKey(row.actor_id, row.album_id ?? ''))) continue;
      const rating = { album: album!, rating: Number(row.rating) };
      const previous = items.at(-1);
      if (previous?.kind === 'ratings' && previous.actor.id === row.actor_id && previous.ratings.length < FEED_GROUP_MAX) {
        previous.ratings.push(rating);
      } else {
        items.push({ kind: 'ratings', ...base, ratings: [rating] });
      }
    } else if (row.verb === 'reviewed') {
      items.push({ kind: 'review', ...base, album: album!, review: presentReviewSummary(data.reviews.get(row.object_id)!) });
    } else if (row.verb === 'created_collection' || row.verb === 'added_to_collection') {
      items.push({
        kind: 'collection',
        ...base,
        collection: presentFeedList(data.lists.get(row.object_id)!, data.hydratedAlbums),
        album: row.verb === 'added_to_collection' ? album! : null,
      });
    } else if (row.verb === 'followed') {
      items.push({ kind: 'follow', ...base, person: data.people.get(row.object_id)! });
    } else {
      const listen = data.listens.get(row.object_id)!;
      items.push({
        kind: 'listen',
        ...base,
        album: album!,
        listenedOn: listen.listened_on,
        rating: listen.rating === null ? null : Number(listen.rating),
      });
    }
  }
  return items;
}
