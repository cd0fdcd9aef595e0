import { sql } from 'kysely';
import { dialectOf, type DB } from '../../platform/db/index.ts';
import type { SearchKind } from '../../platform/db/search-index.ts';

/** One group per query word: the word itself (as a prefix) or any of its spelling corrections. */
export type TokenGroup = { token: string; corrections: string[] };

/**
 * Words of the index that could be what a typed word meant: words with the same first letter and a
 * similar length, plus on PostgreSQL the nearest by pg_trgm similarity (index-backed). The caller
 * keeps only those within the allowed edit distance.
 */
export async function correctionCandidates(db: DB, token: string, maxEdits: number): Promise<string[]> {
  const sameInitial = await db
    .selectFrom('search_term')
    .select('term')
    .where('initial', '=', token.slice(0, 1))
    .where('length', '>=', token.length - maxEdits)
    .where('length', '<=', token.length + maxEdits)
    .limit(5000)
    .execute();
  const candidates = sameInitial.map((row) => row.term);
  if (dialectOf(db) === 'postgres') {
    // Trigram similarity also finds typos in the first letter ("nirvanna", "rbjork").
    const similar = await sql<{ term: string }>`
      SELECT term FROM search_term
      WHERE term % ${token} AND length BETWEEN ${token.length - maxEdits} AND ${token.length + maxEdits}
      ORDER BY similarity(term, ${token}) DESC LIMIT 50`.execute(db);
    candidates.push(...similar.rows.map((row) => row.term));
  }
  return [...new Set(candidates)];
}

/** A matching document: what it refers to and its indexed text (the name first: an artist's, or an album's title). */
export type MatchedDocument = { refId: string; text: string };

/**
 * Matching documents of one kind, in the database's relevance order (every word group must match). The caller
 * ranks them by how the words meet the name (search-text.ts `nameTier`).
 */
export async function matchDocuments(db: DB, kind: SearchKind, groups: readonly TokenGroup[], limit: number): Promise<MatchedDocument[]> {
  if (groups.length === 0) return [];
  if (dialectOf(db) === 'postgres') {
    const query = groups.map((group) => `(${[`${group.token}:*`, ...group.corrections].join(' | ')})`).join(' & ');
    const rows = await sql<{ ref_id: string; text: string }>`
      SELECT ref_id, text FROM search_document, to_tsquery('simple', ${query}) AS query
      WHERE kind = ${kind} AND tsv @@ query
      ORDER BY ts_rank(tsv, query) DESC, length(text) ASC, ref_id
      LIMIT ${limit}`.execute(db);
    return rows.rows.map((row) => ({ refId: row.ref_id, text: row.text }));
  }
  const match = groups
    .map((group) => `(${[`"${group.token}"*`, ...group.corrections.map((term) => `"${term}"`)].join(' OR ')})`)
    .join(' AND ');
  const rows = await sql<{ ref_id: string; text: string }>`
    SELECT ref_id, text FROM search_document
    WHERE search_document MATCH ${match} AND kind = ${kind}
    ORDER BY bm25(search_document), length(text), ref_id
    LIMIT ${limit}`.execute(db);
  return rows.rows.map((row) => ({ refId: row.ref_id, text: row.text }));
}

/** People whose name or username contains every word, by username. */
export async function peopleMatching(db: DB, tokens: readonly string[], limit: number) {
  let query = db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select(['user.id', 'user.username', 'user.name', 'profile.avatar_path', 'profile.reviews_count', 'profile.public_collections_count']);
  for (const token of tokens) {
    const pattern = `%${token}%`;
    query = query.where((eb) =>
      eb.or([eb(eb.fn('lower', ['user.name']), 'like', pattern), eb(eb.fn('lower', ['user.username']), 'like', pattern)]),
    );
  }
  return query.orderBy('user.username').limit(limit).execute();
}

/** Which of these people the viewer follows. */
export async function followedAmong(db: DB, viewerId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follow')
    .select('followee_id')
    .where('follower_id', '=', viewerId)
    .where('followee_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((row) => row.followee_id));
}
