import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf, type DB } from '../../platform/db/index.ts';
import { runKeptPrepared } from '../../platform/db/prepared-statements.ts';
import type { SearchKind } from '../../platform/db/search-index.ts';

/** One group per query word: the word itself (as a prefix) or any of its spelling corrections. */
export type TokenGroup = { token: string; corrections: string[] };

/**
 * For each word, the words of the index that could be what it meant: words with the same first letter and a similar
 * length, plus on PostgreSQL the nearest by pg_trgm similarity (index-backed), which also finds typos in the first
 * letter ("nirvanna", "rbjork"). The caller keeps only those within the allowed edit distance. On PostgreSQL every
 * word's candidates are one statement, kept prepared.
 */
export async function correctionCandidates(db: DB, words: readonly { token: string; maxEdits: number }[]): Promise<string[][]> {
  if (words.length === 0) return [];
  const sameInitial = (token: string, maxEdits: number) =>
    db
      .selectFrom('search_term')
      .select('term')
      .where('initial', '=', token.slice(0, 1))
      .where('length', '>=', token.length - maxEdits)
      .where('length', '<=', token.length + maxEdits)
      .limit(5000);
  if (dialectOf(db) !== 'postgres')
    return Promise.all(words.map(async ({ token, maxEdits }) => (await sameInitial(token, maxEdits).execute()).map((row) => row.term)));
  const parts = words.map(
    ({ token, maxEdits }, index) => sql`
      SELECT ${sql.lit(index)} AS word, term FROM (${sameInitial(token, maxEdits)}) AS same_initial
      UNION ALL
      SELECT ${sql.lit(index)}, term FROM (
        SELECT term FROM search_term WHERE term % ${token} AND length BETWEEN ${token.length - maxEdits} AND ${token.length + maxEdits}
        ORDER BY similarity(term, ${token}) DESC LIMIT 50) AS nearest`,
  );
  // One text for each number of words (queryTokens keeps at most eight).
  const rows = await runKeptPrepared(db, sql<{ word: number; term: string }>`${sql.join(parts, sql` UNION ALL `)}`);
  const candidates = words.map(() => new Set<string>());
  for (const row of rows) candidates[row.word]!.add(row.term);
  return candidates.map((terms) => [...terms]);
}

/** A matching document: what it refers to and its indexed text (the name first: an artist's, or an album's title). */
export type MatchedDocument = { refId: string; text: string };
/** A matching public collection, with its owner and how many people like it. */
export type MatchedCollection = MatchedDocument & { ownerId: string; likeCount: number };

/** FTS5: every group must match, the word itself as a prefix or one of its corrections. */
function ftsMatch(groups: readonly TokenGroup[]): string {
  return groups.map((group) => `(${[`"${group.token}"*`, ...group.corrections.map((term) => `"${term}"`)].join(' OR ')})`).join(' AND ');
}

/** tsquery: the same as `ftsMatch`. */
function tsQuery(groups: readonly TokenGroup[]): string {
  return groups.map((group) => `(${[`${group.token}:*`, ...group.corrections].join(' | ')})`).join(' & ');
}

export const typedGroups = (tokens: readonly string[]): TokenGroup[] => tokens.map((token) => ({ token, corrections: [] }));

/** The columns every read of a search returns, so that several of them can be one statement. */
type MatchRow = { ref_id: string; text: string; owner_id: string | null; like_count: number | null };

/**
 * One read of a search: a statement returning MatchRow columns. `whenFull` makes it depend on another read of the same
 * search: it is read only when that one found `rows` rows (the caller asked for one more than it counts).
 */
type Read = { query: RawBuilder<MatchRow>; whenFull?: { read: number; rows: number } };

const noOwner = sql`CAST(NULL AS TEXT) AS owner_id, CAST(NULL AS INTEGER) AS like_count`;

/**
 * The full-text condition on one search table: every group must match (`ftsMatch` on SQLite, `tsQuery` on
 * PostgreSQL). `alias` names the table in the statement where it has one; FTS5 takes the table's own name.
 */
function fullTextMatch(db: DB, table: string, groups: readonly TokenGroup[], alias = table): RawBuilder<SqlBool> {
  return dialectOf(db) === 'postgres'
    ? sql`${sql.ref(`${alias}.tsv`)} @@ to_tsquery('simple', ${tsQuery(groups)})`
    : sql`${sql.table(table)} MATCH ${ftsMatch(groups)}`;
}

/**
 * Up to `limit` matching documents of one kind (albums in `search_document`, artists in `search_artist`), in no
 * particular order (ranking every match of a common word costs more than the rest of a search together): the caller
 * ranks them (search-text.ts `rankByName`).
 */
function documentsRead(db: DB, kind: SearchKind, groups: readonly TokenGroup[], limit: number): Read {
  const table = kind === 'artist' ? 'search_artist' : 'search_document';
  return { query: sql`SELECT ref_id, text, ${noOwner} FROM ${sql.table(table)} WHERE ${fullTextMatch(db, table, groups)} LIMIT ${limit}` };
}

/**
 * Up to `limit` documents of one kind whose text begins with the words as typed (the last one a prefix): the best
 * ranked, looked up on their own when a word matches more documents than are ranked.
 *
 * On PostgreSQL, the first in the order of the text's B-tree, which reads only them. The text is the document's words
 * folded and lowercased with single spaces between them (`searchText`), as the typed words are, so beginning with them
 * is enough: asking for the full-text match as well would make the planner build the bitmap of every match first. The
 * beginning is a range of keys (`prefixRange`), not `LIKE 'words%'`: a pattern known only when the statement runs
 * cannot be turned into a range, so a plan made once for every search (the statement is kept prepared) would read
 * the whole table.
 */
function startingRead(db: DB, kind: SearchKind, tokens: readonly string[], limit: number): Read {
  const table = sql.table(kind === 'artist' ? 'search_artist' : 'search_document');
  const phrase = tokens.join(' ');
  if (dialectOf(db) !== 'postgres')
    return { query: sql`SELECT ref_id, text, ${noOwner} FROM ${table} WHERE ${table} MATCH ${`^"${phrase}"*`} LIMIT ${limit}` };
  const { from, to } = prefixRange(phrase);
  return {
    query: sql`SELECT ref_id, text, ${noOwner} FROM ${table} WHERE text COLLATE "C" >= ${from} AND text COLLATE "C" < ${to}
      ORDER BY text COLLATE "C" LIMIT ${limit}`,
  };
}

/**
 * The texts beginning with `prefix`, in the C collation's order (bytes of UTF-8, which follow code points): from the
 * prefix itself to the prefix with its last character's code point one higher (past the surrogates, which no text
 * holds).
 */
export function prefixRange(prefix: string): { from: string; to: string } {
  const characters = [...prefix];
  const last = characters.pop()!.codePointAt(0)!;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return { from: prefix, to: characters.join('') + String.fromCodePoint(next) };
}

/** A condition on a column naming a person (search.service.ts passes the hydration layer's rules for the viewer). */
export type PersonCondition = (column: string) => RawBuilder<SqlBool>;

/** People whose name or username has every word (as a prefix of one of its words) and whom `listed` keeps. */
function peopleRead(db: DB, tokens: readonly string[], limit: number, listed: PersonCondition): Read {
  return {
    query: sql`SELECT ref_id, text, ${noOwner} FROM search_person
      WHERE ${fullTextMatch(db, 'search_person', typedGroups(tokens))} AND ${listed('search_person.ref_id')} LIMIT ${limit}`,
  };
}

/** Public collections whose name has every word (as a prefix of one of its words), with their owner, whom `shown` keeps. */
function collectionsRead(db: DB, tokens: readonly string[], limit: number, shown: PersonCondition): Read {
  return {
    query: sql`SELECT d.ref_id, d.text, c.user_id AS owner_id, c.like_count FROM search_collection d JOIN collection c ON c.id = d.ref_id
      WHERE ${fullTextMatch(db, 'search_collection', typedGroups(tokens), 'd')} AND c.is_private = 0 AND ${shown('c.user_id')}
      LIMIT ${limit}`,
  };
}

/**
 * The rows of each read, in order. On PostgreSQL they are one statement (each read a CTE, a dependent one gated on the
 * other's count, which PostgreSQL evaluates once and skips the read when it fails): one round trip instead of one
 * for each, which is most of what a read of a few rows costs. SQLite has no round trips: the reads are
 * statements of their own, a dependent one run only when needed.
 */
async function readAll(db: DB, reads: readonly Read[]): Promise<MatchRow[][]> {
  if (reads.length === 0) return [];
  if (dialectOf(db) === 'postgres') {
    const name = (index: number) => sql.raw(`read_${index}`);
    const ctes = reads.map((read, index) => sql`${name(index)} AS MATERIALIZED (${read.query})`);
    const selects = reads.map((read, index) => {
      const gate = read.whenFull ? sql` WHERE (SELECT count(*) FROM ${name(read.whenFull.read)}) >= ${read.whenFull.rows}` : sql``;
      return sql`SELECT ${sql.lit(index)} AS read, ref_id, text, owner_id, like_count FROM ${name(index)}${gate}`;
    });
    // One text for each shape of search, whatever its words: kept prepared, planned once (decision 052).
    const rows = await runKeptPrepared(db, sql<MatchRow & { read: number }>`WITH ${sql.join(ctes)} ${sql.join(selects, sql` UNION ALL `)}`);
    const results = reads.map((): MatchRow[] => []);
    for (const row of rows) results[row.read]!.push(row);
    return results;
  }
  const results: MatchRow[][] = [];
  for (const read of reads) {
    const full = !read.whenFull || results[read.whenFull.read]!.length >= read.whenFull.rows;
    results.push(full ? (await read.query.execute(db)).rows : []);
  }
  return results;
}

const documentOf = (row: MatchRow): MatchedDocument => ({ refId: row.ref_id, text: row.text });
const collectionOf = (row: MatchRow): MatchedCollection => ({
  refId: row.ref_id,
  text: row.text,
  ownerId: row.owner_id!,
  likeCount: Number(row.like_count),
});

/** Documents of one kind matching a search: up to the limit, and, past it, those beginning with the words (`startingWith`). */
export type DocumentPool = { matches: MatchedDocument[]; starting: MatchedDocument[] };

/** What a search reads, asked for together so the reads can be one statement (`readAll`). */
export interface MatchesWanted {
  /** Albums and artists matching these groups, up to `limit` each, and past it, with `startingWith`, up to its limit beginning with its words. */
  catalog?: { groups: readonly TokenGroup[]; startingWith?: { tokens: readonly string[]; limit: number } };
  /**
   * People having every one of these words whom `listed` keeps, and with `shown`, public collections having them whose
   * owner `shown` keeps, up to `limit` each.
   */
  community?: { tokens: readonly string[]; listed: PersonCondition; shown?: PersonCondition };
  limit: number;
}

export interface MatchesRead {
  album: DocumentPool;
  artist: DocumentPool;
  people: MatchedDocument[];
  collections: MatchedCollection[];
}

export async function readMatches(db: DB, wanted: MatchesWanted): Promise<MatchesRead> {
  const { catalog, community, limit } = wanted;
  const reads: Read[] = [];
  const add = (read: Read) => reads.push(read) - 1;
  const pool = (kind: SearchKind) => {
    if (!catalog || catalog.groups.length === 0) return undefined;
    const matches = add(documentsRead(db, kind, catalog.groups, limit));
    const starting = catalog.startingWith?.tokens.length
      ? add({
          ...startingRead(db, kind, catalog.startingWith.tokens, catalog.startingWith.limit),
          whenFull: { read: matches, rows: limit },
        })
      : undefined;
    return { matches, starting };
  };
  const album = pool('album');
  const artist = pool('artist');
  const people = community?.tokens.length ? add(peopleRead(db, community.tokens, limit, community.listed)) : undefined;
  const collections =
    community?.tokens.length && community.shown ? add(collectionsRead(db, community.tokens, limit, community.shown)) : undefined;
  const rows = await readAll(db, reads);
  const of = (index: number | undefined) => (index === undefined ? [] : rows[index]!);
  const documents = (read: typeof album): DocumentPool => ({
    matches: of(read?.matches).map(documentOf),
    starting: of(read?.starting).map(documentOf),
  });
  return {
    album: documents(album),
    artist: documents(artist),
    people: of(people).map(documentOf),
    collections: of(collections).map(collectionOf),
  };
}
