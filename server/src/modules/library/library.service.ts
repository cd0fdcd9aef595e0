import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { AlbumViewerState } from '@hearsay/contracts/library';
import { pageFields, type Page } from '@hearsay/contracts/pagination';
import type { DB } from '../../platform/db/index.ts';
import type { CatalogService, RatingLookup } from '../catalog/catalog.service.ts';
import * as asked from './asked.repository.ts';
import * as repository from './library.repository.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCards } from '../../hydration/albums.presenter.ts';

export interface LibraryServiceDeps {
  db: DB;
  clock: () => Date;
  catalog: CatalogService;
  ratings: RatingLookup;
  /** The albums' cards. */
  hydrator: Pick<Hydrator, 'albums'>;
}

export type LibraryService = ReturnType<typeof createLibraryService>;

/** Album likes (favorites) and the listen-later list. */
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

  /** A person's liked albums and listen-later list a page at a time, and how many: Download my data (decision 028). */
  const exported = {
    count: (userId: string) => asked.exportedCount(db, userId),
    albumLikes: (userId: string, after: string, limit: number) => asked.exportedMarks(db, 'album_like', userId, after, limit),
    listenLater: (userId: string, after: string, limit: number) => asked.exportedMarks(db, 'listen_later', userId, after, limit),
  };

  return {
    exported,
    forgetPerson,
    viewerState,
    setLike,
    setListenLater,
    favorites: (userId: string, query: { page: number; limit: number }) => list('album_like', userId, query),
    listenLater: (userId: string, query: { page: number; limit: number }) => list('listen_later', userId, query),
  };
}
