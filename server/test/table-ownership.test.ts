import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HYDRATION_READS } from '../src/hydration/tables.ts';

/**
 * Every table has one owning module, and only that module's repositories read or write it (decision 061); another
 * module asks the owner's service, or the hydration layer, which may read across modules where a list's speed needs
 * one statement, each such table listed with why (`hydration/tables.ts`). What modules do today that breaks the rule is
 * listed below, each file with why: a ratchet, since the test also fails when a listed use is gone, so the list only
 * shrinks.
 */

const src = new URL('../src/', import.meta.url).pathname;
const modules = readdirSync(join(src, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The tables of the `Database` interface in db/schema.ts. */
function schemaTables(): string[] {
  const schema = readFileSync(join(src, 'db/schema.ts'), 'utf8');
  const body = /export interface Database \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map((match) => match[1]!);
}
const tables = schemaTables();

/** Who owns each table: a module, or `platform` for the tables of server/src/platform (jobs, MusicBrainz's cache). */
const OWNERS: Record<string, string> = {
  // accounts: people and how they sign in (the auth library writes most of these through its own adapter).
  user: 'accounts',
  session: 'accounts',
  account: 'accounts',
  verification: 'accounts',
  two_factor: 'accounts',
  username_redirect: 'accounts',
  email_change: 'accounts',
  access_token: 'access-tokens',
  // profiles: the profile row (its counters are written by the modules decision 015 names), follows and requests.
  profile: 'profiles',
  follow: 'profiles',
  follow_request: 'profiles',
  // A member's four favourite albums, shown with their profile (decision 082).
  favourite_album: 'profiles',
  block: 'blocks',
  mute: 'blocks',
  album: 'catalog',
  album_artist: 'catalog',
  album_genre: 'catalog',
  album_enrichment: 'catalog',
  album_vouch: 'catalog',
  artist: 'catalog',
  artist_alias: 'catalog',
  artist_release_group: 'catalog',
  genre: 'catalog',
  chart_entry: 'catalog',
  chart_counting: 'catalog',
  track: 'catalog',
  // genres: the taxonomy's parents, members' votes on an album's genres and descriptors, and the descriptors they decide;
  // the genres they decide go to the catalog's `album_genre` (decision 077).
  genre_parent: 'genres',
  album_genre_vote: 'genres',
  descriptor: 'genres',
  album_descriptor: 'genres',
  album_descriptor_vote: 'genres',
  rating: 'ratings',
  track_rating: 'ratings',
  review: 'reviews',
  review_revision: 'reviews',
  review_like: 'reviews',
  review_comment: 'reviews',
  review_draft: 'reviews',
  album_like: 'library',
  listen_later: 'library',
  album_ownership: 'library',
  // editions: an album's MusicBrainz releases, fetched by its job (decision 079).
  album_edition: 'editions',
  album_edition_fetch: 'editions',
  journal_entry: 'journal',
  listen: 'listens',
  now_playing: 'listens',
  listenbrainz_link: 'listens',
  collection: 'collections',
  collection_album: 'collections',
  collection_like: 'collections',
  // feed: the activity each module appends to (decision 015), read by the feed alone; members' home timelines and
  // whose are kept, written by its fan-out jobs (decision 087).
  activity: 'feed',
  home_timeline: 'feed',
  home_timeline_reader: 'feed',
  search_document: 'search',
  search_term: 'search',
  search_artist: 'search',
  search_person: 'search',
  search_collection: 'search',
  conversation: 'conversations',
  conversation_member: 'conversations',
  direct_message: 'conversations',
  notification: 'notifications',
  // push: members' devices that get their notifications and messages pushed (decision 084).
  push_subscription: 'push',
  digest_delivery: 'notifications',
  report: 'moderation',
  moderation_action: 'moderation',
  moderator: 'moderation',
  sanction: 'moderation',
  warning: 'moderation',
  catalog_editor: 'moderation',
  // curation: merges of duplicate albums with what an undo restores, the possible duplicates, members' corrections.
  album_merge: 'curation',
  duplicate_pair: 'curation',
  album_correction: 'curation',
  import_job: 'imports',
  import_item: 'imports',
  import_file: 'imports',
  data_export: 'data-export',
  data_export_part: 'data-export',
  job: 'platform',
  musicbrainz_answer: 'platform',
  // the answers to writes sent with an Idempotency-Key, kept for their repeats (decision 085)
  idempotency_key: 'platform',
  // federation: the ActivityPub framework's store is the platform's; the people of other sites and what they sent, ours.
  federation_kv: 'platform',
  federation_key: 'federation',
  remote_actor: 'federation',
  remote_follow: 'federation',
  remote_post: 'federation',
  remote_post_like: 'federation',
  remote_review_like: 'federation',
  federation_host: 'federation',
  remote_block: 'federation',
};

/**
 * Today's uses of other modules' tables, by repository file (below server/src/modules), each with why. A use that goes
 * must leave the list; a new one is added only with its reason (decisions 061 and 065 have the counts).
 */
const ALLOWED: Record<string, { tables: string[]; why: string }> = {
  'access-tokens/access-tokens.repository.ts': {
    tables: ['user'],
    why: 'the person a token belongs to (name, username, e-mail), read with the token in the one statement that authenticates every request made with a token',
  },
  'accounts/accounts.repository.ts': {
    tables: ['sanction'],
    why: 'the session read with its sanction in the one statement every signed-in request runs (decision 041)',
  },
  'catalog/album-vouches.repository.ts': {
    tables: ['user', 'rating'],
    why: 'the standing of members who found a pending album, their account’s age and their ratings of confirmed albums they did not add (decision 058): read in the transaction that weighs the finds under the catalog’s write lock, which on SQLite holds the one connection',
  },
  'catalog/charts.repository.ts': {
    tables: ['album_descriptor', 'descriptor'],
    why: 'a chart sliced by a descriptor (decision 081) keeps the albums whose voted descriptors carry it, a condition of the slice’s one statement over the counted chart; the descriptor is found by its slug to name the slice',
  },
  'genres/genres.repository.ts': {
    tables: ['album', 'album_genre', 'genre', 'user'],
    why: 'the votes’ recount writes the genres an album shows into the catalog’s `album_genre` in the vote’s transaction, beside the catalog writer’s starting genres (decision 077); the taxonomy’s genres read with their parents; voters’ account age (the trust weight) read with their votes; a genre’s or descriptor’s top albums ranked by the albums’ Bayesian average in the statement that pages them, as the charts rank',
  },
  'ratings/ratings.repository.ts': {
    tables: ['album', 'album_genre'],
    why: 'a person’s ratings filtered by their albums’ genre and decade and sorted by title or release: conditions and order of the page’s one statement and its count',
  },

  'search/search.repository.ts': {
    tables: ['collection'],
    why: 'public collections found are read with their owner (the visibility rule’s condition) and likes (their rank) in search’s one prepared statement (decision 052); the search document carries neither (decision 066)',
  },
};

/** Text with comments left out, so prose about a table is not taken for a query. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The literal text of each sql`…` template (its ${…} parts left out: they are code, scanned as code). */
function sqlTexts(source: string): string[] {
  const texts: string[] = [];
  const start = /\bsql(?:<[^`]*?>)?`/g;
  for (let match = start.exec(source); match; match = start.exec(source)) {
    let text = '';
    let depth = 0;
    let index = match.index + match[0].length;
    for (; index < source.length; index++) {
      const char = source[index];
      if (depth === 0 && char === '`') break;
      if (depth === 0 && char === '$' && source[index + 1] === '{') {
        depth = 1;
        index++;
        text += ' ';
      } else if (depth === 0) text += char;
      else if (char === '{') depth++;
      else if (char === '}') depth--;
    }
    texts.push(text);
    start.lastIndex = index + 1;
  }
  return texts;
}

const BUILDERS =
  /\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(\s*'(\w+)/g;

/** The tables a file's queries name: Kysely's builders (aliases too), sql.table('…'), and raw SQL's from/join/into/update. */
function tablesNamed(source: string): string[] {
  const code = withoutComments(source);
  const found = new Set<string>();
  for (const match of code.matchAll(BUILDERS)) found.add(match[1]!);
  // Each string given to sql.table, not one it is compared with (`kind === 'artist' ? 'search_artist' : …`).
  for (const match of code.matchAll(/\bsql\.table\(([^)]*)\)/g)) {
    for (const name of match[1]!.matchAll(/(?<![=!]==\s*)'(\w+)'/g)) found.add(name[1]!);
  }
  for (const text of sqlTexts(code))
    for (const match of text.matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?/gi)) found.add(match[1]!.toLowerCase());
  return [...found].filter((table) => tables.includes(table)).sort();
}

/** Whether a file writes anything: a Kysely write, or raw SQL's insert, update or delete. */
function writes(source: string): boolean {
  const code = withoutComments(source);
  return (
    /\b(?:insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(/.test(code) ||
    sqlTexts(code).some((text) => /\b(?:insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i.test(text))
  );
}

/** `module/file.repository.ts: table` for every table a module's repository names that another module owns. */
function usesOfOthersTables(): string[] {
  return modules.flatMap((module) =>
    readdirSync(join(src, 'modules', module), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.repository.ts'))
      .flatMap((file) => {
        const path = join(module, file);
        return tablesNamed(readFileSync(join(src, 'modules', path), 'utf8'))
          .filter((table) => OWNERS[table] !== module)
          .map((table) => `${path}: ${table}`);
      }),
  );
}

const allowed = Object.entries(ALLOWED).flatMap(([file, { tables: named }]) => named.map((table) => `${file}: ${table}`));

describe('table ownership', () => {
  it('names an owner, a module or the platform, for every table of the schema', () => {
    expect(
      tables.filter((table) => !(table in OWNERS)),
      'add the table to OWNERS',
    ).toEqual([]);
    expect(
      Object.keys(OWNERS).filter((table) => !tables.includes(table)),
      'no longer tables',
    ).toEqual([]);
    expect([...new Set(Object.values(OWNERS))].filter((owner) => owner !== 'platform' && !modules.includes(owner))).toEqual([]);
  });

  it('lets a module’s repositories name only its own tables, but for the uses listed with their reason', () => {
    const found = usesOfOthersTables();
    expect(
      found.filter((use) => !allowed.includes(use)),
      'a repository names another module’s table: ask its owner’s service, or the hydration layer',
    ).toEqual([]);
    expect(
      allowed.filter((use) => !found.includes(use)),
      'a listed use is gone: take it off ALLOWED, so the list only shrinks',
    ).toEqual([]);
  });

  it('lets the hydration layer read, never write, the other modules’ tables it lists with why (hydration/tables.ts)', () => {
    const sources = readdirSync(join(src, 'hydration'))
      .filter((file) => file.endsWith('.repository.ts'))
      .map((file) => readFileSync(join(src, 'hydration', file), 'utf8'));
    expect(sources.filter(writes)).toEqual([]);
    const read = [...new Set(sources.flatMap(tablesNamed))].sort();
    expect(read, 'each table the hydration layer reads is listed, with why, and each listed one is read').toEqual(
      Object.keys(HYDRATION_READS).sort(),
    );
    expect(Object.values(HYDRATION_READS).filter((why) => !why?.trim())).toEqual([]);
  });

  it('finds a table however a query names it, and never in a comment', () => {
    expect(tablesNamed("db.selectFrom('review as r').innerJoin('user as u', 'u.id', 'r.user_id')")).toEqual(['review', 'user']);
    expect(tablesNamed("eb.exists(selectFrom('profile').select('user_id'))")).toEqual(['profile']);
    expect(tablesNamed("await trx.updateTable('album').set({ like_count: 0 })")).toEqual(['album']);
    expect(tablesNamed('sql`select 1 from block where block.blocker_id = ${viewerId} and exists (select 1 from "user" u)`')).toEqual([
      'block',
      'user',
    ]);
    expect(tablesNamed("sql.table(kind === 'artist' ? 'search_artist' : 'search_document')")).toEqual(['search_artist', 'search_document']);
    expect(tablesNamed("// reads selectFrom('follow')\n/** from profile */\nconst picked = sql`select id from picked`;")).toEqual([]);
    expect(writes("await db.deleteFrom('block').execute();")).toBe(true);
    expect(writes('sql`update profile set bio = ${bio}`')).toBe(true);
    expect(writes("db.selectFrom('block').selectAll()")).toBe(false);
  });
});
