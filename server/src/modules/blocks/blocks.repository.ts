import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import { precompiled } from '../../platform/db/precompiled.ts';

const blockedEitherWayRows = precompiled((db, viewerId: string) =>
  db
    .selectFrom('block')
    .select('blocked_id as id')
    .where('blocker_id', '=', viewerId)
    .union(db.selectFrom('block').select('blocker_id as id').where('blocked_id', '=', viewerId)),
);

/**
 * The people `viewerId` blocked and the people who blocked `viewerId`: each side is hidden from the other. Read by
 * notifications, conversations and their unread counts, lists of people and collections: compiled once, kept prepared.
 */
export async function blockedEitherWay(db: DB, viewerId: string): Promise<string[]> {
  return (await blockedEitherWayRows(db, viewerId)).map((row) => row.id);
}

/**
 * People whose profile is closed to the viewer: private ones (everyone's but the viewer's own), and followers-only
 * ones the viewer does not follow. `privateOnly` keeps just the private ones. For a visitor, every closed profile.
 */
export async function closedProfiles(db: DB, viewerId: string | undefined, privateOnly = false): Promise<string[]> {
  let query = db.selectFrom('profile').select('user_id as id');
  // An IN list, not `<> 'public'`: a range of profile_visibility_idx instead of a scan of every profile.
  query = privateOnly ? query.where('visibility', '=', 'private') : query.where('visibility', 'in', ['followers', 'private']);
  if (viewerId) {
    query = query.where('user_id', '<>', viewerId);
    if (!privateOnly) {
      query = query.where((eb) =>
        eb.or([
          eb('visibility', '=', 'private'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('follow')
                .select('follow.follower_id')
                .where('follow.follower_id', '=', viewerId)
                .whereRef('follow.followee_id', '=', 'profile.user_id'),
            ),
          ),
        ]),
      );
    }
  }
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

/**
 * A condition for another module's query: the person in column `author` is one whose content `viewerId` may see (no
 * block either way, and a profile open to them), decided row by row through the keys of block, profile and follow.
 * The same rule as `blockedEitherWay` with `closedProfiles`, at the cost of the rows read rather than of the site.
 */
export function authorShownTo(viewerId: string | undefined, author: string): RawBuilder<SqlBool> {
  const person = sql.ref(author);
  const closed = viewerId
    ? sql`(profile.visibility = 'private' or (profile.visibility = 'followers' and not exists (select 1 from follow where follow.follower_id = ${viewerId} and follow.followee_id = ${person})))`
    : sql`profile.visibility in ('followers', 'private')`;
  return unblockedWith(viewerId, person, closed);
}

/**
 * The same for listing someone as a person (search): no block either way, and a profile that is not private (a
 * followers-only profile is listed; what it holds is not shown). `blockedEitherWay` with `closedProfiles(privateOnly)`.
 */
export function personListedTo(viewerId: string | undefined, column: string): RawBuilder<SqlBool> {
  return unblockedWith(viewerId, sql.ref(column), sql`profile.visibility = 'private'`);
}

/**
 * `authorShownTo`, and not muted by the viewer: the people whose activity the viewer's feed shows (a mute keeps
 * someone out of the feed only), decided row by row through the keys of block, profile, follow and mute.
 */
export function activityShownTo(viewerId: string, author: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${authorShownTo(viewerId, author)}
    and not exists (select 1 from mute where mute.muter_id = ${viewerId} and mute.muted_id = ${sql.ref(author)}))`;
}

/** The viewer themself, or someone whose profile is not `closed` to the viewer and with no block between the two. */
function unblockedWith(viewerId: string | undefined, person: RawBuilder<unknown>, closed: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const open = sql`not exists (select 1 from profile where profile.user_id = ${person} and ${closed})`;
  if (!viewerId) return sql<SqlBool>`${open}`;
  return sql<SqlBool>`(${person} = ${viewerId} or (${open}
    and not exists (select 1 from block where block.blocker_id = ${viewerId} and block.blocked_id = ${person})
    and not exists (select 1 from block where block.blocker_id = ${person} and block.blocked_id = ${viewerId})))`;
}

/** Whether `viewerId` (undefined for a visitor) may see the content of `ownerId`'s profile. */
export async function profileOpenTo(db: DB, ownerId: string, viewerId: string | undefined): Promise<boolean> {
  if (ownerId === viewerId) return true;
  const row = await db.selectFrom('profile').select('visibility').where('user_id', '=', ownerId).executeTakeFirst();
  const visibility = row?.visibility ?? 'public';
  if (visibility === 'public') return true;
  if (visibility === 'private' || !viewerId) return false;
  const follow = await db
    .selectFrom('follow')
    .select('follower_id')
    .where('follower_id', '=', viewerId)
    .where('followee_id', '=', ownerId)
    .executeTakeFirst();
  return Boolean(follow);
}

export async function isBlocking(db: DB, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('block')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function isMuting(db: DB, muterId: string, mutedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('mute')
    .select('muter_id')
    .where('muter_id', '=', muterId)
    .where('muted_id', '=', mutedId)
    .executeTakeFirst();
  return Boolean(row);
}

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

/** A page of the people someone blocked or muted, newest first, with what a person card shows. */
export async function people(db: DB, kind: 'blocked' | 'muted', viewerId: string, limit: number, offset: number) {
  const base =
    kind === 'blocked'
      ? db.selectFrom('block').where('blocker_id', '=', viewerId).select(['blocked_id as person_id', 'created_at'])
      : db.selectFrom('mute').where('muter_id', '=', viewerId).select(['muted_id as person_id', 'created_at']);
  const listed = db.selectFrom(base.as('listed'));
  const [{ total } = { total: 0 }] = await listed.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await listed
    .innerJoin('user', 'user.id', 'listed.person_id')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select(['user.id', 'user.username', 'user.name', 'profile.avatar_path'])
    .orderBy('listed.created_at', 'desc')
    .orderBy('user.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}
