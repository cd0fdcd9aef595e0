import type { AlbumCard } from '@hearsay/contracts/catalog';
import type {
  AlbumOwnership,
  AlbumViewerState,
  MyAlbumOwnership,
  OwnedAlbumPage,
  OwnedQuery,
  OwnershipStatus,
} from '@hearsay/contracts/library';
import { pageFields, type Page } from '@hearsay/contracts/pagination';
import type { DB } from '../../platform/db/index.ts';
import type { CatalogService, RatingLookup } from '../catalog/catalog.service.ts';
import * as asked from './asked.repository.ts';
import * as repository from './library.repository.ts';
import * as ownershipRepository from './ownership.repository.ts';
import { AppError } from '../../platform/errors.ts';
import type { EditionsService } from '../editions/editions.service.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCards } from '../../hydration/albums.presenter.ts';
import { libraryAlbumMerge } from './merged-albums.repository.ts';

export interface LibraryServiceDeps {
  db: DB;
  clock: () => Date;
  catalog: CatalogService;
  ratings: RatingLookup;
  /** The albums' cards. */
  hydrator: Pick<Hydrator, 'albums'>;
  /** Whether a release is one of an album's editions, and the editions members own. */
  editions: Pick<EditionsService, 'editionOf' | 'editionsByKeys'>;
}

/** What a member says of their copy of an album (decision 079). */
export interface OwnershipChange {
  status: OwnershipStatus;
  mediaType?: string | null;
  releaseMbid?: string | null;
}

export type LibraryService = ReturnType<typeof createLibraryService>;

/** Album likes (favorites), the listen-later list, and the albums a member owns (decision 079). */
export function createLibraryService(deps: LibraryServiceDeps) {
  const { db, catalog } = deps;

  async function state(userId: string, albumId: string): Promise<AlbumViewerState> {
    const [ratings, liked, listenLater, likeCount] = await Promise.all([
      deps.ratings.viewerRatings(userId, [albumId]),
      repository.hasMark(db, 'album_like', userId, albumId),
      repository.hasMark(db, 'listen_later', userId, albumId),
      catalog.likeCount(albumId),
    ]);
    return { rating: ratings.get(albumId) ?? null, liked, listenLater, likeCount };
  }

  async function viewerState(userId: string, albumRef: string) {
    return state(userId, await catalog.resolveAlbumId(albumRef));
  }

  /** `at` dates a like or a listen-later mark made elsewhere (an imported Hearsay export). */
  async function setLike(userId: string, albumRef: string, liked: boolean, options: { at?: string } = {}): Promise<AlbumViewerState> {
    const albumId = await catalog.resolveAlbumId(albumRef);
    await db.transaction().execute(async (trx) => {
      const changed = liked
        ? await repository.addMark(trx, 'album_like', userId, albumId, options.at ?? deps.clock().toISOString())
        : await repository.removeMark(trx, 'album_like', userId, albumId);
      if (changed) await catalog.shiftAlbumCounters(trx, albumId, { like_count: liked ? 1 : -1 });
    });
    catalog.invalidateAlbum(albumId);
    return state(userId, albumId);
  }

  async function setListenLater(userId: string, albumRef: string, on: boolean, options: { at?: string } = {}): Promise<AlbumViewerState> {
    const albumId = await catalog.resolveAlbumId(albumRef);
    if (on) await repository.addMark(db, 'listen_later', userId, albumId, options.at ?? deps.clock().toISOString());
    else await repository.removeMark(db, 'listen_later', userId, albumId);
    return state(userId, albumId);
  }

  async function list(table: repository.Mark, userId: string, query: { page: number; limit: number }): Promise<Page<AlbumCard>> {
    const { ids, total } = await repository.markedAlbumIds(db, table, userId, query.limit, (query.page - 1) * query.limit);
    return {
      items: presentAlbumCards(ids, await deps.hydrator.albums(ids, userId)),
      ...pageFields(query, total),
    };
  }

  /** Account deletion: the person's likes leave each album's like count before their rows go. */
  async function forgetPerson(userId: string): Promise<void> {
    const albumIds = await db.transaction().execute(async (trx) => {
      const ids = await repository.markedAlbumIdsAll(trx, 'album_like', userId);
      for (const albumId of ids) await catalog.shiftAlbumCounters(trx, albumId, { like_count: -1 });
      await repository.removeAllMarks(trx, 'album_like', userId);
      return ids;
    });
    for (const albumId of albumIds) catalog.invalidateAlbum(albumId);
  }

  function presentOwnership(row: ownershipRepository.OwnershipRow, edition: AlbumOwnership['edition']): AlbumOwnership {
    return { status: row.status, mediaType: row.media_type, edition, updatedAt: row.updated_at };
  }

  async function ownershipState(userId: string, albumId: string): Promise<MyAlbumOwnership> {
    const row = await ownershipRepository.ownershipOf(db, userId, albumId);
    if (!row) return { ownership: null };
    const edition = row.release_mbid ? await deps.editions.editionOf(albumId, row.release_mbid) : null;
    return { ownership: presentOwnership(row, edition) };
  }

  async function ownership(userId: string, albumRef: string): Promise<MyAlbumOwnership> {
    return ownershipState(userId, await catalog.resolveAlbumId(albumRef));
  }

  /**
   * Says that a member owns an album (or wants it, or once owned it), on what medium, and which edition. The edition
   * must be one of the album's: a release of another album is refused. `at` dates a change made elsewhere (an import).
   */
  async function setOwnership(
    userId: string,
    albumRef: string,
    change: OwnershipChange,
    options: { at?: string } = {},
  ): Promise<MyAlbumOwnership> {
    const albumId = await catalog.resolveAlbumId(albumRef);
    // Not said (an import): the edition chosen before stays.
    const releaseMbid =
      change.releaseMbid === undefined
        ? ((await ownershipRepository.ownershipOf(db, userId, albumId))?.release_mbid ?? null)
        : change.releaseMbid;
    if (change.releaseMbid && !(await deps.editions.editionOf(albumId, change.releaseMbid))) {
      throw new AppError(422, 'edition_not_of_album', { params: { release: change.releaseMbid } });
    }
    const mediaType = change.mediaType?.trim() || null;
    await ownershipRepository.setOwnership(db, {
      user_id: userId,
      album_id: albumId,
      status: change.status,
      media_type: mediaType,
      release_mbid: releaseMbid,
      updated_at: options.at ?? deps.clock().toISOString(),
    });
    return ownershipState(userId, albumId);
  }

  async function removeOwnership(userId: string, albumRef: string): Promise<MyAlbumOwnership> {
    const albumId = await catalog.resolveAlbumId(albumRef);
    await ownershipRepository.removeOwnership(db, userId, albumId);
    return { ownership: null };
  }

  /** A member's albums of one status (owned by default), with the medium and edition, most recently changed first. */
  async function owned(userId: string, query: OwnedQuery): Promise<OwnedAlbumPage> {
    const { rows, total } = await ownershipRepository.ownedPage(db, userId, query.status, query.limit, (query.page - 1) * query.limit);
    const ids = rows.map((row) => row.album_id);
    const [cards, editions] = await Promise.all([
      deps.hydrator.albums(ids, userId).then((albums) => presentAlbumCards(ids, albums)),
      deps.editions.editionsByKeys(
        rows.flatMap((row) => (row.release_mbid ? [{ albumId: row.album_id, releaseMbid: row.release_mbid }] : [])),
      ),
    ]);
    const byId = new Map(cards.map((card) => [card.id, card]));
    return {
      items: rows.flatMap((row) => {
        const album = byId.get(row.album_id);
        const edition = row.release_mbid ? (editions.get(`${row.album_id} ${row.release_mbid}`) ?? null) : null;
        return album ? [{ album, ownership: presentOwnership(row, edition) }] : [];
      }),
      ...pageFields(query, total),
    };
  }

  /** A person's liked albums, listen-later list and owned albums a page at a time, and how many: Download my data (decision 028). */
  const exported = {
    count: (userId: string) => asked.exportedCount(db, userId),
    ownership: (userId: string, after: string, limit: number) => asked.exportedOwnership(db, userId, after, limit),
    albumLikes: (userId: string, after: string, limit: number) => asked.exportedMarks(db, 'album_like', userId, after, limit),
    listenLater: (userId: string, after: string, limit: number) => asked.exportedMarks(db, 'listen_later', userId, after, limit),
  };

  return {
    exported,
    forgetPerson,
    /** Likes and listen-later marks follow an album merged into another (decision 080). */
    albumMerge: libraryAlbumMerge(
      (executor, albumId, count) => deps.catalog.writeAlbumCounter(executor, albumId, 'like_count', count),
      async (executor, albumId, releaseMbid) => (await deps.editions.editionOf(albumId, releaseMbid, executor)) !== null,
    ),
    viewerState,
    setLike,
    setListenLater,
    ownership,
    setOwnership,
    removeOwnership,
    owned,
    favorites: (userId: string, query: { page: number; limit: number }) => list('album_like', userId, query),
    listenLater: (userId: string, query: { page: number; limit: number }) => list('listen_later', userId, query),
  };
}
