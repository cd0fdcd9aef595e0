import type { DB } from '../platform/db/index.ts';
import { inJsonList, jsonList } from '../platform/db/json-arrays.ts';
import { precompiled } from '../platform/db/precompiled.ts';

/** What a person card and the visibility rules need of a person, before the viewer's side is known. */
const personColumns = [
  'user.id',
  'user.username',
  'user.name',
  'user.created_at',
  'profile.avatar_path',
  'profile.visibility',
  'profile.reviews_count',
  'profile.public_collections_count',
] as const;

/** Everyone in `idList` (a JSON array): a visitor has no side to read. */
const forVisitor = precompiled((db, idList: string) =>
  db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select(personColumns)
    .where(inJsonList(db, 'user.id', idList)),
);

/**
 * Everyone in `idList` with the viewer's side of them, each an EXISTS on the key of its table (follow, follow_request,
 * block, mute): one statement for a page's people, its text fixed, so it stays prepared on PostgreSQL.
 */
const forViewer = precompiled((db, idList: string, viewerId: string) =>
  db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select(personColumns)
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('follow')
            .select('follow.follower_id')
            .where('follow.follower_id', '=', viewerId)
            .whereRef('follow.followee_id', '=', 'user.id'),
        )
        .as('following'),
      eb
        .exists(
          eb
            .selectFrom('follow')
            .select('follow.follower_id')
            .whereRef('follow.follower_id', '=', 'user.id')
            .where('follow.followee_id', '=', viewerId),
        )
        .as('follows_viewer'),
      eb
        .exists(
          eb
            .selectFrom('follow_request')
            .select('follow_request.requester_id')
            .where('follow_request.requester_id', '=', viewerId)
            .whereRef('follow_request.target_id', '=', 'user.id'),
        )
        .as('requested'),
      eb
        .exists(
          eb
            .selectFrom('block')
            .select('block.blocker_id')
            .where('block.blocker_id', '=', viewerId)
            .whereRef('block.blocked_id', '=', 'user.id'),
        )
        .as('blocking'),
      eb
        .exists(
          eb
            .selectFrom('block')
            .select('block.blocker_id')
            .whereRef('block.blocker_id', '=', 'user.id')
            .where('block.blocked_id', '=', viewerId),
        )
        .as('blocked_by'),
      eb
        .exists(
          eb.selectFrom('mute').select('mute.muter_id').where('mute.muter_id', '=', viewerId).whereRef('mute.muted_id', '=', 'user.id'),
        )
        .as('muting'),
    ])
    .where(inJsonList(db, 'user.id', idList)),
);

export type PersonRow = Awaited<ReturnType<typeof forVisitor>>[number] &
  Partial<Record<'following' | 'follows_viewer' | 'requested' | 'blocking' | 'blocked_by' | 'muting', unknown>>;

/** People by id (a deleted account is simply missing), with the viewer's side of each when there is a viewer. */
export async function people(db: DB, ids: readonly string[], viewerId: string | undefined): Promise<PersonRow[]> {
  if (!ids.length) return [];
  return viewerId ? forViewer(db, jsonList(ids), viewerId) : forVisitor(db, jsonList(ids));
}

/** The person who holds this username now, if anyone does. */
export async function idOfUsername(db: DB, username: string): Promise<string | undefined> {
  return (await idByUsername(db, username))[0]?.id;
}

const idByUsername = precompiled((db, username: string) => db.selectFrom('user').select('user.id').where('user.username', '=', username));

/** Which of these usernames belong to someone, each with the person's id. */
export async function idsOfUsernames(db: DB, usernames: readonly string[]): Promise<Map<string, string>> {
  if (!usernames.length) return new Map();
  const rows = await db
    .selectFrom('user')
    .select(['user.id', 'user.username'])
    .where('user.username', 'in', [...usernames])
    .execute();
  return new Map(rows.flatMap((row) => (row.username ? [[row.username, row.id] as const] : [])));
}

/** What a person wrote about themselves (their profile's bio), for their actor on other sites. */
export async function bioOf(db: DB, id: string): Promise<string> {
  const row = await db.selectFrom('profile').select('bio').where('user_id', '=', id).executeTakeFirst();
  return row?.bio ?? '';
}
