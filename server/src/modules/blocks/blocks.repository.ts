import type { DB } from '../../platform/db/index.ts';

export async function addBlock(db: DB, blockerId: string, blockedId: string, now: string): Promise<void> {
  await db
    .insertInto('block')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export async function removeBlock(db: DB, blockerId: string, blockedId: string): Promise<void> {
  await db.deleteFrom('block').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

export async function addMute(db: DB, muterId: string, mutedId: string, now: string): Promise<void> {
  await db
    .insertInto('mute')
    .values({ muter_id: muterId, muted_id: mutedId, created_at: now })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .execute();
}

export async function removeMute(db: DB, muterId: string, mutedId: string): Promise<void> {
  await db.deleteFrom('mute').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).execute();
}

/** A page of the people someone blocked or muted, newest first: their ids, for the hydration layer to make cards of. */
export async function people(db: DB, kind: 'blocked' | 'muted', viewerId: string, limit: number, offset: number) {
  const listed =
    kind === 'blocked'
      ? db.selectFrom('block').where('blocker_id', '=', viewerId).select(['blocked_id as person_id', 'created_at'])
      : db.selectFrom('mute').where('muter_id', '=', viewerId).select(['muted_id as person_id', 'created_at']);
  const [{ total } = { total: 0 }] = await db
    .selectFrom(listed.as('listed'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  const rows = await db
    .selectFrom(listed.as('listed'))
    .select('listed.person_id')
    .orderBy('listed.created_at', 'desc')
    .orderBy('listed.person_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { ids: rows.map((row) => row.person_id), total: Number(total) };
}
