import type { Collection, CollectionSummary } from '@hearsay/contracts/collections';
import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { FeedCollection } from '@hearsay/contracts/feed';
import { paths } from '@hearsay/contracts/paths';
import type { CollectionCard } from '@hearsay/contracts/search';
import { albumCoverUrl } from './albums.presenter.ts';
import type { HydratedAlbum, HydratedList, ShownList } from './hydrator.ts';
import { presentPerson } from './people.presenter.ts';
import { presented } from './presented.ts';

/** The one place a list (a collection) becomes a card: browse, a person's lists, search, the feed, a list's page. */

/** Covers on a list's card. */
const CARD_COVERS = 3;

/** A list as search finds it: title, album count, who made it, covers. */
export function presentListCard({ list, owner }: ShownList): CollectionCard {
  const { username, name } = presentPerson(owner);
  return presented({
    id: list.id,
    title: list.name,
    albumCount: list.albumCount,
    ownerUsername: username,
    ownerName: name,
    coverUrls: list.coverAlbumIds.slice(0, CARD_COVERS).map((albumId) => paths.albumCover(albumId)),
  });
}

/** A list in a page of lists: the card with its description, privacy, order, likes and dates. */
export function presentListSummary(shown: ShownList): CollectionSummary {
  const { list } = shown;
  return presented({
    ...presentListCard(shown),
    description: list.description,
    isPrivate: list.isPrivate,
    ranked: list.ranked,
    likeCount: list.likeCount,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
  });
}

/** A list's page: the summary with its owner, its albums (in order, each with its note) and the viewer's side. */
export function presentList(shown: ShownList, entries: readonly { note: string; album: AlbumCard }[]): Collection {
  return presented({
    ...presentListSummary(shown),
    owner: presentPerson(shown.owner),
    entries: entries.map((entry, index) => ({ position: index + 1, ...entry })),
    likedByViewer: shown.list.viewer.liked,
    isOwner: shown.list.viewer.own,
  });
}

/** A list in the feed: its covers are its first albums' own, of those still in the catalog. */
export function presentFeedList(list: HydratedList, albums: ReadonlyMap<string, HydratedAlbum>): FeedCollection {
  return presented({
    id: list.id,
    title: list.name,
    albumCount: list.albumCount,
    coverUrls: list.coverAlbumIds.flatMap((albumId) => {
      const album = albums.get(albumId);
      return album ? [albumCoverUrl(album.album)] : [];
    }),
  });
}
