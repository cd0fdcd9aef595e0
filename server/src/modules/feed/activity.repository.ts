import type { ActivityObject, ActivityVerb } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { newId } from '../../platform/ids.ts';

/** One thing a person did, as the feed shows it (decision 015): who, what, to which object, about which album, when. */
export interface ActivityRow {
  actorId: string;
  verb: ActivityVerb;
  objectType: ActivityObject;
  objectId: string;
  albumId: string | null;
  at: string;
}

/** Appends a row; `db` is the transaction of the action, so the row and the action commit together. */
export async function insertActivity(db: DB, row: ActivityRow): Promise<string> {
  const id = newId();
  await db
    .insertInto('activity')
    .values({
      id,
      actor_id: row.actorId,
      verb: row.verb,
      object_type: row.objectType,
      object_id: row.objectId,
      album_id: row.albumId,
      created_at: row.at,
    })
    .execute();
  return id;
}

/** Which rows go: those about one object, narrowed to one actor, verb or album when given. */
export interface ActivityMatch {
  objectType: ActivityObject;
  objectId: string;
  actorId?: string;
  verb?: ActivityVerb;
  albumId?: string;
}

/** Deletes the rows about a thing that was undone or removed, in the transaction that removes it. */
export async function deleteActivity(db: DB, match: ActivityMatch): Promise<void> {
  let query = db.deleteFrom('activity').where('object_type', '=', match.objectType).where('object_id', '=', match.objectId);
  if (match.actorId !== undefined) query = query.where('actor_id', '=', match.actorId);
  if (match.verb !== undefined) query = query.where('verb', '=', match.verb);
  if (match.albumId !== undefined) query = query.where('album_id', '=', match.albumId);
  await query.execute();
}
