import { pageFields } from '@hearsay/contracts/pagination';
import type {
  Collection,
  CollectionPage,
  CollectionSummary,
  CreateCollectionBody,
  UpdateCollectionBody,
} from '@hearsay/contracts/collections';
import type { IdRange } from '../../platform/db/id-ranges.ts';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, notFound, fieldIssue } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import * as asked from './asked.repository.ts';
import type { ActivityLog } from '../feed/feed.service.ts';
import * as repository from './collections.repository.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import { presentList, presentListSummary } from '../../hydration/lists.presenter.ts';
import { collectionsAlbumMerge } from './merged-albums.repository.ts';

export interface CollectionsServiceDeps {
  db: DB;
  clock: () => Date;
  catalog: CatalogService;
  /**
   * Lists with their owners and albums, and which the viewer may see (`canSee` on the owner: blocks either way,
   * closed profiles; a private list, its owner alone).
   */
  hydrator: Pick<Hydrator, 'person' | 'rules' | 'where' | 'excluded' | 'shownLists' | 'withAlbums'>;
  /** Told after a like, or a change of a list or of its albums, is committed. */
  events?: Pick<EventBus, 'emit'>;
  /**
   * The owner's count of public collections on their profile (profiles' counters), moved in the collection's
   * transaction. Profiles uses this service, so it is handed in as the shape needed here, not as the profiles service.
   */
  profileCounters: { shiftCounters(executor: DB, userId: string, deltas: { public_collections_count: number }): Promise<void> };
  /** The feed's rows for a new public list and an album added to one, written and removed in the list's transaction. */
  activity: ActivityLog;
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;

const NOT_FOUND = () => notFound('collection_not_found');

/**
 * Collections: ordered lists of albums with optional notes. A private collection exists for its owner only: every
 * read (detail, lists, search, profiles, album pages) answers anyone else exactly as if it did not exist, and every
 * write is the owner's alone (others get the same 404, so probing reveals nothing).
 */
export function createCollectionsService(deps: CollectionsServiceDeps) {
  const { db, hydrator } = deps;
  const now = () => deps.clock().toISOString();
  const lately = () => new Date(deps.clock().getTime() - 30 * 24 * 3600_000).toISOString();

  /** The summaries of the lists the viewer may see among `ids`, in that order; `filtered`: as a page's statement chose them. */
  async function summaries(ids: readonly string[], viewerId: string | undefined, filtered = false): Promise<CollectionSummary[]> {
    return (await hydrator.shownLists(ids, viewerId, { filtered })).map(presentListSummary);
  }

  /** A collection the viewer may see, or 404: private ones and those of someone blocked either way are not found. */
  async function visible(collectionId: string, viewerId: string | undefined) {
    const row = await repository.findCollection(db, collectionId);
    if (!row || (row.is_private && row.user_id !== viewerId)) throw NOT_FOUND();
    // The owner alone is asked about (a few key lookups), not everyone hidden from the viewer.
    const owner = await hydrator.person(row.user_id, viewerId);
    if (!owner || !hydrator.rules.canSee(owner)) throw NOT_FOUND();
    return row;
  }

  /** A collection the viewer owns, or the same 404 anyone else gets. */
  async function owned(collectionId: string, viewerId: string) {
    const row = await repository.findCollection(db, collectionId);
    if (!row || row.user_id !== viewerId) throw NOT_FOUND();
    return row;
  }

  /** A list's page: a private list, or one whose owner is hidden from the viewer, is not found. */
  async function detail(collectionId: string, viewerId: string | undefined): Promise<Collection> {
    const [[shown], entries] = await Promise.all([hydrator.shownLists([collectionId], viewerId), repository.entries(db, collectionId)]);
    if (!shown) throw NOT_FOUND();
    const listed = await hydrator.withAlbums(entries, (entry) => entry.album_id, viewerId);
    return presentList(
      shown,
      listed.map(({ row, album }) => ({ note: row.note, album: presentAlbumCard(album) })),
    );
  }

  async function resolveAlbums(refs: readonly string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const ref of refs) {
      const id = await deps.catalog.resolveAlbumId(ref).catch(() => null);
      if (!id) throw badRequest('album_not_found', { context: 'ref', ref }, [fieldIssue('body.albumIds', 'album_not_found', { ref })]);
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  /**
   * `quiet`: no feed activity, for an import's collections (old news to followers); `at`: when it was made elsewhere;
   * `notes`: each album's note, by album id (an imported Hearsay export keeps them).
   */
  async function create(
    userId: string,
    input: CreateCollectionBody,
    options: { quiet?: boolean; at?: string; notes?: ReadonlyMap<string, string> } = {},
  ): Promise<Collection> {
    const albumIds = await resolveAlbums(input.albumIds);
    const id = newId();
    await db.transaction().execute(async (trx) => {
      const stamp = options.at ?? now();
      await repository.insertCollection(trx, {
        id,
        user_id: userId,
        name: input.name.trim(),
        description: (input.description ?? '').trim(),
        is_private: input.isPrivate ? 1 : 0,
        ranked: input.ranked ? 1 : 0,
        album_count: albumIds.length,
        like_count: 0,
        created_at: stamp,
        updated_at: stamp,
      });
      const notes = options.notes;
      await repository.insertEntries(trx, id, albumIds, 0, stamp, notes ? albumIds.map((albumId) => notes.get(albumId) ?? '') : '');
      if (!input.isPrivate) await deps.profileCounters.shiftCounters(trx, userId, { public_collections_count: 1 });
      if (!input.isPrivate && !options.quiet) {
        await deps.activity.record(trx, {
          actorId: userId,
          verb: 'created_collection',
          objectType: 'collection',
          objectId: id,
          albumId: null,
          at: stamp,
        });
      }
    });
    if (!options.quiet) deps.events?.emit('collection.changed', { collectionId: id, ownerId: userId });
    return detail(id, userId);
  }

  /** Whether the person has a collection of this name holding exactly these albums in this order (an import adds it once). */
  async function hasSame(userId: string, name: string, albumIds: readonly string[]): Promise<boolean> {
    for (const id of await repository.idsNamed(db, userId, name.trim())) {
      const held = (await repository.entries(db, id)).map((entry) => entry.album_id);
      if (held.length === albumIds.length && held.every((albumId, index) => albumId === albumIds[index])) return true;
    }
    return false;
  }

  async function update(userId: string, collectionId: string, input: UpdateCollectionBody): Promise<Collection> {
    await owned(collectionId, userId);
    await db.transaction().execute(async (trx) => {
      await repository.updateCollection(trx, collectionId, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.ranked !== undefined ? { ranked: input.ranked ? 1 : 0 } : {}),
        updated_at: now(),
      });
      const flipped = input.isPrivate !== undefined && (await repository.setPrivate(trx, collectionId, input.isPrivate));
      if (flipped) await deps.profileCounters.shiftCounters(trx, userId, { public_collections_count: input.isPrivate ? -1 : 1 });
      // A collection made private leaves followers' feeds; made public again, it is not news again.
      if (flipped && input.isPrivate) await deps.activity.remove(trx, { objectType: 'collection', objectId: collectionId });
    });
    deps.events?.emit('collection.changed', { collectionId, ownerId: userId });
    return detail(collectionId, userId);
  }

  async function remove(userId: string, collectionId: string): Promise<{ ok: true }> {
    await owned(collectionId, userId);
    await deleteCollection(collectionId, userId);
    return { ok: true };
  }

  async function deleteCollection(collectionId: string, ownerId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const deleted = await repository.deleteCollection(trx, collectionId);
      if (deleted?.wasPublic) await deps.profileCounters.shiftCounters(trx, ownerId, { public_collections_count: -1 });
      await deps.activity.remove(trx, { objectType: 'collection', objectId: collectionId });
    });
    deps.events?.emit('collection.changed', { collectionId, ownerId });
  }

  /** A moderator deletes a collection, whoever made it. */
  async function removeAsModerator(collectionId: string): Promise<void> {
    const row = await repository.findCollection(db, collectionId);
    if (!row) throw NOT_FOUND();
    await deleteCollection(collectionId, row.user_id);
  }

  async function addAlbum(userId: string, collectionId: string, albumRef: string, note = ''): Promise<Collection> {
    const collection = await owned(collectionId, userId);
    const [albumId] = await resolveAlbums([albumRef]);
    if (await repository.hasEntry(db, collectionId, albumId!)) return detail(collectionId, userId);
    await db.transaction().execute(async (trx) => {
      const stamp = now();
      await repository.insertEntries(trx, collectionId, [albumId!], Number(collection.album_count), stamp, note);
      await repository.shiftCounter(trx, collectionId, 'album_count', 1);
      await repository.updateCollection(trx, collectionId, { updated_at: stamp });
      if (!collection.is_private) {
        await deps.activity.record(trx, {
          actorId: userId,
          verb: 'added_to_collection',
          objectType: 'collection',
          objectId: collectionId,
          albumId: albumId!,
          at: stamp,
        });
      }
    });
    deps.events?.emit('collection.changed', { collectionId, ownerId: userId, albumId: albumId! });
    return detail(collectionId, userId);
  }

  async function removeAlbum(userId: string, collectionId: string, albumRef: string): Promise<Collection> {
    await owned(collectionId, userId);
    const albumId = await deps.catalog.resolveAlbumId(albumRef);
    const removed = await db.transaction().execute(async (trx) => {
      if (!(await repository.removeEntry(trx, collectionId, albumId))) return false;
      // The album taken out takes its "added" row along.
      await deps.activity.remove(trx, { objectType: 'collection', objectId: collectionId, verb: 'added_to_collection', albumId });
      await repository.shiftCounter(trx, collectionId, 'album_count', -1);
      // Positions stay 0..n-1, so the first three covers are always the first three albums.
      const rest = await repository.entries(trx, collectionId);
      await repository.setPositions(
        trx,
        collectionId,
        rest.map((entry) => entry.album_id),
      );
      await repository.updateCollection(trx, collectionId, { updated_at: now() });
      return true;
    });
    if (removed) deps.events?.emit('collection.changed', { collectionId, ownerId: userId, albumId });
    return detail(collectionId, userId);
  }

  async function reorder(userId: string, collectionId: string, albumRefs: readonly string[]): Promise<Collection> {
    await owned(collectionId, userId);
    const current = await repository.entries(db, collectionId);
    const wanted = new Set(albumRefs);
    if (albumRefs.length !== current.length || wanted.size !== current.length || current.some((entry) => !wanted.has(entry.album_id))) {
      throw badRequest('order_mismatch');
    }
    await db.transaction().execute(async (trx) => {
      await repository.setPositions(trx, collectionId, albumRefs);
      await repository.updateCollection(trx, collectionId, { updated_at: now() });
    });
    return detail(collectionId, userId);
  }

  async function setNote(userId: string, collectionId: string, albumRef: string, note: string): Promise<Collection> {
    await owned(collectionId, userId);
    const albumId = await deps.catalog.resolveAlbumId(albumRef);
    if (!(await repository.setEntryNote(db, collectionId, albumId, note))) throw notFound('album_not_in_collection');
    deps.events?.emit('collection.changed', { collectionId, ownerId: userId, albumId, noteOnly: true });
    return detail(collectionId, userId);
  }

  async function setLike(userId: string, collectionId: string, liked: boolean) {
    const liking = await visible(collectionId, userId);
    const likedNow = await db.transaction().execute(async (trx) => {
      const changed = liked
        ? await repository.addLike(trx, userId, collectionId, now())
        : await repository.removeLike(trx, userId, collectionId);
      if (changed) await repository.shiftCounter(trx, collectionId, 'like_count', liked ? 1 : -1);
      return liked && changed;
    });
    if (likedNow) deps.events?.emit('collection.liked', { collectionId, ownerId: liking.user_id, likerId: userId });
    const row = await repository.findCollection(db, collectionId);
    return { liked, likeCount: Number(row?.like_count ?? 0) };
  }

  async function page(
    filter: repository.ListFilter,
    query: { page: number; limit: number; sort?: 'popular' | 'recent' | 'likes' },
    viewerId: string | undefined,
  ): Promise<CollectionPage> {
    const { ids, total } = await repository.listIds(
      db,
      filter,
      query.sort ?? 'recent',
      lately(),
      query.limit,
      (query.page - 1) * query.limit,
    );
    return {
      items: await summaries(ids, viewerId, true),
      ...pageFields(query, total),
    };
  }

  /** A person's collections as the viewer may see them: all for the owner, public ones for everyone else. */
  const ofOwner = (ownerId: string, viewerId: string | undefined, query: { page: number; limit: number }) =>
    page({ ownerId, includePrivateOfOwner: ownerId === viewerId }, { ...query, sort: 'recent' }, viewerId);

  /**
   * The lists holding an album that the viewer may see, most liked first: public ones, and the viewer's own
   * private ones, of owners who pass `canSee` for the viewer (the hydrator's rule as a condition of the one statement
   * that counts and chooses them; each list's own part, `ownOrOpen`, is the hydrator's too).
   */
  async function containing(albumId: string, viewerId: string | undefined, query: { page: number; limit: number }) {
    return page(
      { albumId, privateOf: viewerId, ownerShown: hydrator.where.canSee(viewerId, 'collection.user_id') },
      { ...query, sort: 'likes' },
      viewerId,
    );
  }

  async function choicesForAlbum(userId: string, albumRef: string) {
    const albumId = await deps.catalog.resolveAlbumId(albumRef);
    const rows = await repository.ownerCollectionsWithAlbum(db, userId, albumId);
    return {
      collections: rows.map((row) => ({
        id: row.id,
        title: row.name,
        isPrivate: Boolean(row.is_private),
        albumCount: Number(row.album_count),
        hasAlbum: Boolean(row.album_id),
      })),
    };
  }

  /** Account deletion: the person's likes leave other people's like counts (their own collections go with them). */
  async function forgetPerson(userId: string): Promise<void> {
    const liked = await repository.likedBy(db, userId);
    await db.transaction().execute(async (trx) => {
      for (const collectionId of liked) await repository.shiftCounter(trx, collectionId, 'like_count', -1);
    });
  }

  /** What a shared link to a list shows: the list as a visitor sees it (a private list has no preview). */
  async function preview(collectionId: string): Promise<CollectionSummary> {
    const [summary] = await summaries([collectionId], undefined);
    if (!summary) throw NOT_FOUND();
    return summary;
  }

  /**
   * A list as it stands and its albums in order, with when each went in (sharing with other sites reads it after the
   * fact); undefined when it is gone.
   */
  async function forSharing(collectionId: string) {
    const row = await repository.findCollection(db, collectionId);
    if (!row) return undefined;
    const entries = await asked.sharedEntries(db, collectionId);
    return {
      id: row.id,
      ownerId: row.user_id,
      name: row.name,
      description: row.description,
      isPrivate: Boolean(row.is_private),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      albums: entries.map((entry) => ({ albumId: entry.album_id, note: entry.note, addedAt: entry.added_at })),
    };
  }

  /** The public lists a visitor may read whose id is in the range, for the sitemap. */
  async function sitemapShare(range: IdRange) {
    const rows = await repository.shownCollectionIdsBetween(db, range, (owner) => hydrator.where.canSee(undefined, owner));
    return rows.map((row) => ({ path: `/lists/${row.id}`, updatedAt: row.updated_at }));
  }

  /** A person's collections, their albums and the collections they liked a page at a time, and how many: Download my data (decision 028). */
  const exported = {
    count: (userId: string) => asked.exportedCount(db, userId),
    collections: (userId: string, after: string, limit: number) => asked.exportedCollections(db, userId, after, limit),
    albums: (userId: string, after: { collectionId: string; position: number }, limit: number) =>
      asked.exportedCollectionAlbums(db, userId, after, limit),
    likes: (userId: string, after: string, limit: number) => asked.exportedLikes(db, userId, after, limit),
  };

  return {
    exported,
    forSharing,
    /** List entries follow an album merged into another (decision 080). */
    albumMerge: collectionsAlbumMerge(),
    detail,
    preview,
    sitemapShare,
    removeAsModerator,
    create,
    hasSame,
    update,
    remove,
    addAlbum,
    removeAlbum,
    reorder,
    setNote,
    setLike,
    browse: async (query: { page: number; limit: number; sort?: 'popular' | 'recent' }, viewerId: string | undefined) =>
      page({ hiddenOwners: await hydrator.excluded.canSee(viewerId) }, { ...query, sort: query.sort ?? 'popular' }, viewerId),
    ofOwner,
    containing,
    /** `containing`, for an album named by its id or slug (the page of all of them). */
    albumLists: async (albumRef: string, viewerId: string | undefined, query: { page: number; limit: number }) =>
      containing(await deps.catalog.resolveAlbumId(albumRef), viewerId, query),
    choicesForAlbum,
    publicCount: (ownerId: string) => repository.publicCount(db, ownerId),
    forgetPerson,
    /** A person's collections, private ones too: they go with a deleted account, and out of search. */
    idsOwnedBy: (userId: string) => repository.idsOwnedBy(db, userId),
  };
}
