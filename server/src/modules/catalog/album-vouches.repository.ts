import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

/** Members' finds of pending albums (decision 058): written by the catalog writer, read when it weighs them. */

export type NewVouch = Insertable<Database['album_vouch']>;

/** Rows per statement: well under every engine's limit on bound values (five a row). */
const BATCH = 400;
/** Keys per statement. */
const KEYS = 500;

/** Keeps each member's first find of each album; a later one by the same member changes nothing. */
export async function insertVouches(db: DB, vouches: readonly NewVouch[]): Promise<void> {
  for (let start = 0; start < vouches.length; start += BATCH) {
    await db
      .insertInto('album_vouch')
      .values(vouches.slice(start, start + BATCH))
      .onConflict((oc) => oc.columns(['album_id', 'user_id']).doNothing())
      .execute();
  }
}

/** Every vouch for those of these albums that are still pending, oldest first. */
export async function vouchesForPending(db: DB, albumIds: readonly string[]) {
  const unique = [...new Set(albumIds)];
  const rows: { album_id: string; user_id: string; device_id: string | null; address_prefix: string | null; created_at: string }[] = [];
  for (let start = 0; start < unique.length; start += KEYS) {
    rows.push(
      ...(await db
        .selectFrom('album_vouch')
        .innerJoin('album', 'album.id', 'album_vouch.album_id')
        .select([
          'album_vouch.album_id',
          'album_vouch.user_id',
          'album_vouch.device_id',
          'album_vouch.address_prefix',
          'album_vouch.created_at',
        ])
        .where('album_vouch.album_id', 'in', unique.slice(start, start + KEYS))
        .where('album.status', '=', 'pending')
        .execute()),
    );
  }
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.user_id.localeCompare(b.user_id));
}

/** When these accounts were made. */
export async function accountsCreated(db: DB, userIds: readonly string[]): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  for (let start = 0; start < userIds.length; start += KEYS) {
    const rows = await db
      .selectFrom('user')
      .select(['id', 'created_at'])
      .where('id', 'in', userIds.slice(start, start + KEYS))
      .execute();
    for (const row of rows) found.set(row.id, new Date(row.created_at));
  }
  return found;
}

/**
 * How many confirmed albums each of these members rated that they did not add themselves (counted up to `enough`:
 * more does not matter).
 */
export async function ratingsOfOthersAlbums(db: DB, userIds: readonly string[], enough: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let start = 0; start < userIds.length; start += KEYS) {
    const rows = await db
      .selectFrom('rating')
      .innerJoin('album', 'album.id', 'rating.album_id')
      .select((eb) => ['rating.user_id', eb.fn.countAll<number | string>().as('n')])
      .where('rating.user_id', 'in', userIds.slice(start, start + KEYS))
      .where('album.status', '=', 'confirmed')
      .where((eb) => eb.or([eb('album.created_by', 'is', null), eb('album.created_by', '<>', eb.ref('rating.user_id'))]))
      .groupBy('rating.user_id')
      .execute();
    for (const row of rows) counts.set(row.user_id, Math.min(Number(row.n), enough));
  }
  return counts;
}

/** The browsers (device ids) each of these members has vouched from, on any album. */
export async function devicesOf(db: DB, userIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  for (let start = 0; start < userIds.length; start += KEYS) {
    const rows = await db
      .selectFrom('album_vouch')
      .select(['user_id', 'device_id'])
      .distinct()
      .where('user_id', 'in', userIds.slice(start, start + KEYS))
      .where('device_id', 'is not', null)
      .execute();
    for (const row of rows) found.set(row.user_id, (found.get(row.user_id) ?? new Set()).add(row.device_id!));
  }
  return found;
}
