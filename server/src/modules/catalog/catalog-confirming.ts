import type { Confirmation } from './catalog-ingest.repository.ts';
import type { CatalogContext } from './catalog-context.ts';
import * as writer from './catalog-writer.ts';
import { waitingCount } from './asked.repository.ts';
import { pendingAlbums, rejectAlbums } from './pending-albums.repository.ts';

/** Albums waiting for confirmation: the moderators' queue, confirming (by a moderator, MusicBrainz, an operator) and rejecting. */
export function createCatalogConfirming(context: CatalogContext) {
  const { db, deps, invalidateAll } = context;

  /** Confirms pending albums, with their artists, and drops every cached list they now belong in. */
  async function confirmAlbums(albumIds: readonly string[], confirmation: Omit<Confirmation, 'now'>): Promise<string[]> {
    const confirmed = await writer.confirmAlbums(db, albumIds, { ...confirmation, now: deps.clock().toISOString() });
    if (confirmed.length) invalidateAll();
    return confirmed;
  }

  /** The imported albums waiting for a moderator, oldest first, each with the username of who added it (null: none now). */
  async function waitingAlbums(query: { page: number; limit: number }) {
    const { rows, total } = await pendingAlbums(db, query.limit, (query.page - 1) * query.limit);
    const people = await deps.hydrator.people(rows.flatMap((row) => (row.created_by ? [row.created_by] : [])));
    return {
      rows: rows.map(({ created_by, ...row }) => ({ ...row, username: (created_by && people.get(created_by)?.username) || null })),
      total,
    };
  }

  return {
    waitingAlbums,
    /** How many albums wait for confirmation. */
    waitingCount: () => waitingCount(db),
    confirmAlbums,
    rejectAlbums: (albumIds: readonly string[]) => rejectAlbums(db, albumIds, deps.clock().toISOString()),
  };
}
