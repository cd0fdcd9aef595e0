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

/** FTS5: every group must match, the word itself as a prefix or one of its corrections. */
function ftsMatch(groups: readonly TokenGroup[]): string {
  return groups.map((group) => `(${[`"${group.token}"*`, ...group.corrections.map((term) => `"${term}"`)].join(' OR ')})`).join(' AND ');
}

/** tsquery: the same as `ftsMatch`. */
function tsQuery(groups: readonly TokenGroup[]): string {
  return groups.map((group) => `(${[`${group.token}:*`, ...group.corrections].join(' | ')})`).join(' & ');
}

const typedGroups = (tokens: readonly string[]): TokenGroup[] => tokens.map((token) => ({ token, corrections: [] }));

/**
 * Up to `limit` matching documents of one kind (albums in `search_document`, artists in `search_artist`), in no particular order (ranking every match of a common word costs
 * more than the rest of a search together): the caller ranks them (search-text.ts `rankByName`).
 */
export async function matchDocuments(db: DB, kind: SearchKind, groups: readonly TokenGroup[], limit: number): Promise<MatchedDocument[]> {
  if (groups.length === 0) return [];
  const table = sql.table(kind === 'artist' ? 'search_artist' : 'search_document');
  const rows =
    dialectOf(db) === 'postgres'
      ? await sql<{ ref_id: string; text: string }>`
          SELECT ref_id, text FROM ${table} WHERE tsv @@ to_tsquery('simple', ${tsQuery(groups)}) LIMIT ${limit}`.execute(db)
      : await sql<{ ref_id: string; text: string }>`
          SELECT ref_id, text FROM ${table} WHERE ${table} MATCH ${ftsMatch(groups)} LIMIT ${limit}`.execute(db);
  return rows.rows.map((row) => ({ refId: row.ref_id, text: row.text }));
}

/**
 * Up to `limit` documents of one kind whose text begins with the words as typed (the last one a prefix): the best
 * ranked, looked up on their own when a word matches more documents than are ranked.
 *
 * On PostgreSQL, the first in the order of the text's B-tree, which reads only them. The text is the document's words
 * folded and lowercased with single spaces between them (`searchText`), as the typed words are, so beginning with them
 * is enough: asking for the full-text match as well would make the planner build the bitmap of every match first.
 */
export async function documentsStartingWith(
  db: DB,
  kind: SearchKind,
  tokens: readonly string[],
  limit: number,
): Promise<MatchedDocument[]> {
  if (tokens.length === 0) return [];
  const table = sql.table(kind === 'artist' ? 'search_artist' : 'search_document');
  const rows =
    dialectOf(db) === 'postgres'
      ? await sql<{ ref_id: string; text: string }>`
          SELECT ref_id, text FROM ${table} WHERE text COLLATE "C" LIKE ${`${tokens.join(' ')}%`}
          ORDER BY text COLLATE "C" LIMIT ${limit}`.execute(db)
      : await sql<{ ref_id: string; text: string }>`
          SELECT ref_id, text FROM ${table} WHERE ${table} MATCH ${`^"${tokens.join(' ')}"*`} LIMIT ${limit}`.execute(db);
  return rows.rows.map((row) => ({ refId: row.ref_id, text: row.text }));
}

/** People whose name or username has every word (as a prefix of one of its words), in no particular order. */
export async function matchPeople(db: DB, tokens: readonly string[], limit: number, offset: number): Promise<MatchedDocument[]> {
  const rows =
    dialectOf(db) === 'postgres'
      ? await sql<{ ref_id: string; text: string }>`
          SELECT ref_id, text FROM search_person WHERE tsv @@ to_tsquery('simple', ${tsQuery(typedGroups(tokens))})
          ORDER BY ref_id LIMIT ${limit} OFFSET ${offset}`.execute(db)
      : await sql<{ ref_id: string; text: string }>`
          SELECT ref_id, text FROM search_person WHERE search_person MATCH ${ftsMatch(typedGroups(tokens))}
          LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.rows.map((row) => ({ refId: row.ref_id, text: row.text }));
}

/** Public collections whose name has every word (as a prefix of one of its words), with their owner, in no particular order. */
export async function matchPublicCollections(db: DB, tokens: readonly string[], limit: number, offset: number) {
  const rows =
    dialectOf(db) === 'postgres'
      ? await sql<{ ref_id: string; text: string; user_id: string; like_count: number }>`
          SELECT d.ref_id, d.text, c.user_id, c.like_count FROM search_collection d JOIN collection c ON c.id = d.ref_id
          WHERE d.tsv @@ to_tsquery('simple', ${tsQuery(typedGroups(tokens))}) AND c.is_private = 0
          ORDER BY d.ref_id LIMIT ${limit} OFFSET ${offset}`.execute(db)
      : await sql<{ ref_id: string; text: string; user_id: string; like_count: number }>`
          SELECT d.ref_id, d.text, c.user_id, c.like_count FROM search_collection d JOIN collection c ON c.id = d.ref_id
          WHERE search_collection MATCH ${ftsMatch(typedGroups(tokens))} AND c.is_private = 0
          LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.rows.map((row) => ({ refId: row.ref_id, text: row.text, ownerId: row.user_id, likeCount: Number(row.like_count) }));
}

/** The cards' details of these people, in no particular order. */
export async function people(db: DB, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select(['user.id', 'user.username', 'user.name', 'profile.avatar_path', 'profile.reviews_count', 'profile.public_collections_count'])
    .where('user.id', 'in', [...ids])
    .execute();
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
