import type { DB } from '../db/index.ts';

/** The client's cache of ws/2 answers (table musicbrainz_answer), keyed by the request's path and query. */

export interface CachedAnswer {
  status: number;
  body: string;
}

export async function cachedAnswer(db: DB, request: string, now: string): Promise<CachedAnswer | undefined> {
  return db
    .selectFrom('musicbrainz_answer')
    .select(['status', 'body'])
    .where('request', '=', request)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function storeAnswer(db: DB, request: string, answer: CachedAnswer, now: string, expiresAt: string): Promise<void> {
  const values = { status: answer.status, body: answer.body, fetched_at: now, expires_at: expiresAt };
  await db
    .insertInto('musicbrainz_answer')
    .values({ request, ...values })
    .onConflict((oc) => oc.column('request').doUpdateSet(values))
    .execute();
}
