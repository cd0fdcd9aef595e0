import type { DB } from '../../platform/db/index.ts';

/**
 * What other modules ask of the federation's tables (decision 066): each question read here, by the tables' owner, and
 * asked through the federation service.
 */

// ——— Download my data: a person's follows of people of other sites, a page at a time, after a key (decision 028) ———

/** How many follows of a person's, either way, with people of other sites. */
export async function exportedCount(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('remote_follow')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('local_user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A person's follows one way with people of other sites, after a remote person's id. */
export async function exportedFollows(db: DB, userId: string, direction: 'out' | 'in', after: string, limit: number) {
  return db
    .selectFrom('remote_follow')
    .innerJoin('remote_actor', 'remote_actor.id', 'remote_follow.remote_actor_id')
    .select([
      'remote_actor.id',
      'remote_actor.uri',
      'remote_actor.username',
      'remote_actor.host',
      'remote_actor.name',
      'remote_follow.state',
      'remote_follow.created_at',
    ])
    .where('remote_follow.local_user_id', '=', userId)
    .where('remote_follow.direction', '=', direction)
    .where('remote_actor.id', '>', after)
    .orderBy('remote_actor.id')
    .limit(limit)
    .execute();
}
