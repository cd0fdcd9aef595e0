import { expressionBuilder, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DB } from '../platform/db/index.ts';
import { jsonFlagOff } from '../platform/db/json-arrays.ts';
import { precompiled } from '../platform/db/precompiled.ts';

/*
 * The visibility rules (hydrator.ts) in the two forms a statement of a module can take them in: a condition on a column
 * naming a person, decided row by row through the keys of block, profile, follow and mute, where a list reads few rows
 * or filters many; and the set of people a rule leaves out, where a statement counts a whole list anyway and one pass
 * over the set costs less than a lookup per row (decision 021).
 */

/** A profile closed to the viewer: private, or followers only and not followed by them. For a visitor, both. */
const closedTo = (viewerId: string | undefined, person: RawBuilder<unknown>) =>
  viewerId
    ? sql`(profile.visibility = 'private' or (profile.visibility = 'followers' and not exists (select 1 from follow where follow.follower_id = ${viewerId} and follow.followee_id = ${person})))`
    : sql`profile.visibility in ('followers', 'private')`;

/** The viewer themself, or someone with no block between the two and whose profile is not `closed`. */
function unblockedAnd(viewerId: string | undefined, person: RawBuilder<unknown>, closed: RawBuilder<unknown> | null): RawBuilder<SqlBool> {
  const open = closed ? sql`not exists (select 1 from profile where profile.user_id = ${person} and ${closed})` : null;
  if (!viewerId) return sql<SqlBool>`${open ?? sql`1 = 1`}`;
  const unblocked = sql`not exists (select 1 from block where block.blocker_id = ${viewerId} and block.blocked_id = ${person})
    and not exists (select 1 from block where block.blocker_id = ${person} and block.blocked_id = ${viewerId})`;
  return sql<SqlBool>`(${person} = ${viewerId} or (${open ? sql`${open} and ` : sql``}${unblocked}))`;
}

/** `reachable` as a condition: no block either way. */
export function reachable(viewerId: string | undefined, column: string): RawBuilder<SqlBool> {
  return unblockedAnd(viewerId, sql.ref(column), null);
}

/** `canSee` as a condition: no block either way, and a profile open to the viewer. */
export function canSee(viewerId: string | undefined, column: string): RawBuilder<SqlBool> {
  const person = sql.ref(column);
  return unblockedAnd(viewerId, person, closedTo(viewerId, person));
}

/** `listable` as a condition: no block either way, and a profile that is not private. */
export function listable(viewerId: string | undefined, column: string): RawBuilder<SqlBool> {
  return unblockedAnd(viewerId, sql.ref(column), sql`profile.visibility = 'private'`);
}

/** `activityShown` as a condition: `canSee`, and not muted by the viewer. */
export function activityShown(viewerId: string | undefined, column: string): RawBuilder<SqlBool> {
  if (!viewerId) return canSee(viewerId, column);
  return sql<SqlBool>`(${canSee(viewerId, column)}
    and not exists (select 1 from mute where mute.muter_id = ${viewerId} and mute.muted_id = ${sql.ref(column)}))`;
}

const blockedEitherWayRows = precompiled((db, viewerId: string) =>
  db
    .selectFrom('block')
    .select('blocked_id as id')
    .where('blocker_id', '=', viewerId)
    .union(db.selectFrom('block').select('blocker_id as id').where('blocked_id', '=', viewerId)),
);

/**
 * The people `viewerId` blocked and the people who blocked `viewerId`: who `reachable` leaves out. Read by
 * notifications, conversations and their unread counts, and lists of people: compiled once, kept prepared.
 */
export async function blockedEitherWay(db: DB, viewerId: string | undefined): Promise<string[]> {
  return viewerId ? (await blockedEitherWayRows(db, viewerId)).map((row) => row.id) : [];
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
 * `albumListed` as a condition on a column naming an album: confirmed, or pending and added by the viewer (a visitor:
 * confirmed only), decided by the album's key.
 */
export function albumListed(viewerId: string | undefined, column: string): RawBuilder<SqlBool> {
  const album = sql.ref(column);
  return viewerId
    ? sql<SqlBool>`exists (select 1 from album listed where listed.id = ${album} and (listed.status = 'confirmed' or listed.created_by = ${viewerId}))`
    : sql<SqlBool>`exists (select 1 from album listed where listed.id = ${album} and listed.status = 'confirmed')`;
}

/** The viewer follows them, as a condition on a column naming a person (read through the viewer's follow list). */
export function followedBy(viewerId: string, column: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database>();
  return eb(sql.ref<string>(column), 'in', eb.selectFrom('follow').select('followee_id').where('follower_id', '=', viewerId));
}

/** The viewer does not follow them, as a condition on a column naming a person. */
export function notFollowedBy(viewerId: string, column: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database>();
  return eb(sql.ref<string>(column), 'not in', eb.selectFrom('follow').select('followee_id').where('follower_id', '=', viewerId));
}

/** They share their ratings (Settings → Privacy), as a condition on a column naming a person. */
export function sharesRatings(db: DB, column: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database>();
  return eb.not(
    eb.exists(
      eb
        .selectFrom('profile')
        .select('profile.user_id')
        .where('profile.user_id', '=', sql.ref<string>(column))
        .where(jsonFlagOff(db, 'profile.settings', ['sharing', 'ratings'])),
    ),
  );
}
