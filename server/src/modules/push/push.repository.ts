import type { Insertable } from 'kysely';
import type { PushSubscriptionTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

export type SubscriptionRow = PushSubscriptionTable;

/**
 * Keeps a device's subscription. An endpoint is one browser profile's: subscribed again (new keys, another session, or
 * another member signed in there), the row becomes the newest subscriber's.
 */
export async function saveSubscription(db: DB, row: Insertable<PushSubscriptionTable>): Promise<SubscriptionRow> {
  await db
    .insertInto('push_subscription')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('endpoint').doUpdateSet({
        p256dh: row.p256dh,
        auth: row.auth,
        user_id: row.user_id,
        session_id: row.session_id,
        label: row.label,
      }),
    )
    .execute();
  return (await db.selectFrom('push_subscription').selectAll().where('endpoint', '=', row.endpoint).executeTakeFirst())!;
}

/** Removes a member's own device; false when the endpoint is not theirs (or unknown). */
export async function deleteOwn(db: DB, userId: string, endpoint: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscription').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A device the push service says is gone (404, 410). */
export async function deleteEndpoint(db: DB, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscription').where('endpoint', '=', endpoint).execute();
}

export async function subscriptionsOf(db: DB, userId: string): Promise<SubscriptionRow[]> {
  return db.selectFrom('push_subscription').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export async function hasSubscriptions(db: DB, userId: string): Promise<boolean> {
  const row = await db.selectFrom('push_subscription').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function markDelivered(db: DB, endpoint: string, now: string): Promise<void> {
  await db.updateTable('push_subscription').set({ last_success_at: now }).where('endpoint', '=', endpoint).execute();
}
