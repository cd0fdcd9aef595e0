/**
 * A whole site at scale, for benchmarks and for trying pages on real volumes: by default 100,000 albums (with artists,
 * genres, tracks and the search index, written by the catalog writer itself), 50,000 members who can sign in,
 * 1,000,000 ratings, 100,000 reviews with likes and comments, a follow graph where a few people are followed by
 * thousands and most by a handful, collections of albums, favourite albums and journal entries — each action with
 * the feed entry its module writes, and every counter equal to a recount of its rows.
 *
 * The data is a function of the sizes, the seed and the epoch (the site's "now", 2026-11-01 by default): the same
 * arguments make the same rows on SQLite and on PostgreSQL. The catalog writer's own ids (albums, artists, tracks,
 * genres) are random; everything else refers to albums through a table of the generated albums in generation order.
 * Big tables are written with INSERT … SELECT over number series, with integer-only hashing so both engines compute
 * the same values.
 *
 *   npm run seed:scale                                  SQLite, a new file in .bench/ at the repository root
 *   npm run seed:scale -- --scale 0.1                   a tenth of every size
 *   npm run seed:scale -- --ratings 200000 --seed 7     sizes one by one (--albums --members --ratings --reviews …)
 *   npm run seed:scale -- --database postgres://root@127.0.0.1:5432/test   a new database on that PostgreSQL server
 *   npm run seed:scale -- --database sqlite:/tmp/site.db
 *
 * Every member signs in as member<N>@scale.invalid (username member<N>, N from 1) with the password SCALE_PASSWORD.
 * A database that already has members is refused, so a real site is never written into.
 */
import { argon2Sync, createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { ReleaseType } from '@hearsay/contracts/catalog';
import { RATING_STEP_COLUMNS, stepRecounts } from '../src/db/rating-steps.ts';
import { addCatalogEntries, albumMatchKey, type CatalogEntry } from '../src/modules/catalog/catalog-writer.ts';
import { creditText } from '../src/modules/catalog/normalise.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { dialectOf, openDatabase, type DB } from '../src/platform/db/index.ts';
import { refreshCollections, refreshPeople } from '../src/platform/db/search-index.ts';
import { SQLITE_SEARCH_TABLES } from '../src/platform/db/search-segments.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { random } from './generate-catalog.ts';

/** The password of every seeded member. */
export const SCALE_PASSWORD = 'Scale-Member-Password-1';
export const DEFAULT_EPOCH = '2026-11-01T00:00:00.000Z';

export interface ScaleSizes {
  albums: number;
  members: number;
  ratings: number;
  reviews: number;
  follows: number;
  reviewLikes: number;
  reviewComments: number;
  collections: number;
  collectionLikes: number;
  journalEntries: number;
  /** Favourite albums (album_like), taken from ratings of 8.5 and more. */
  albumLikes: number;
}

export const DEFAULT_SIZES: Readonly<ScaleSizes> = {
  albums: 100_000,
  members: 50_000,
  ratings: 1_000_000,
  reviews: 100_000,
  follows: 500_000,
  reviewLikes: 300_000,
  reviewComments: 50_000,
  collections: 10_000,
  collectionLikes: 30_000,
  journalEntries: 200_000,
  albumLikes: 100_000,
};

export interface SeedOptions {
  /** Sizes given one by one; the others are DEFAULT_SIZES times `scale`. */
  sizes?: Partial<ScaleSizes>;
  scale?: number;
  seed?: number;
  /** The site's "now": every date lies in the three years before it. */
  epoch?: string;
  onProgress?: (progress: SeedProgress) => void;
}

/** A step finished (`rows` written in `seconds`), or the catalog's progress (`done` of `total` albums). */
export type SeedProgress = { kind: 'step'; step: string; rows: number; seconds: number } | { kind: 'catalog'; done: number; total: number };

export interface SeedResult {
  sizes: ScaleSizes;
  seed: number;
  seconds: number;
  steps: { step: string; rows: number; seconds: number }[];
}

/** The sizes a run makes: those given, and the defaults times the scale for the rest. */
export function resolveSizes(options: Pick<SeedOptions, 'sizes' | 'scale'> = {}): ScaleSizes {
  const scale = options.scale ?? 1;
  const sizes = { ...DEFAULT_SIZES };
  for (const key of Object.keys(sizes) as (keyof ScaleSizes)[]) {
    const given = options.sizes?.[key];
    sizes[key] = given ?? Math.max(1, Math.round(DEFAULT_SIZES[key] * scale));
    if (!Number.isSafeInteger(sizes[key]) || sizes[key] < 0) throw new Error(`${key} must be a whole number, not ${sizes[key]}`);
  }
  if (sizes.members < 2 || sizes.albums < 1) throw new Error('A site needs at least 2 members and 1 album');
  if (sizes.reviews > sizes.ratings) throw new Error('Every review comes with its rating: ask for no more reviews than ratings');
  // Pairs are drawn with a skew and duplicates thrown away; far from the ceiling, that always finishes quickly.
  const ceiling = (what: string, asked: number, possible: number) => {
    if (asked > possible / 4) throw new Error(`${asked} ${what} is too many for the sizes (at most ${Math.floor(possible / 4)})`);
  };
  ceiling('ratings', sizes.ratings, sizes.members * sizes.albums);
  ceiling('follows', sizes.follows, sizes.members * (sizes.members - 1));
  ceiling('review likes', sizes.reviewLikes, sizes.reviews * (sizes.members - 1));
  ceiling('collection likes', sizes.collectionLikes, sizes.collections * (sizes.members - 1) * 0.9);
  return sizes;
}

/** Rows of every table the seed writes, by table. */
export const SEEDED_TABLES = [
  'user',
  'account',
  'profile',
  'artist',
  'album',
  'album_artist',
  'album_genre',
  'genre',
  'track',
  'search_document',
  'search_term',
  'search_artist',
  'search_person',
  'search_collection',
  'rating',
  'album_like',
  'review',
  'review_like',
  'review_comment',
  'follow',
  'collection',
  'collection_album',
  'collection_like',
  'journal_entry',
  'activity',
] as const;

export async function countRows(db: DB): Promise<Record<(typeof SEEDED_TABLES)[number], number>> {
  const counts = {} as Record<(typeof SEEDED_TABLES)[number], number>;
  for (const table of SEEDED_TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------------------------
// Integer-only randomness in SQL. Both engines compute 64-bit integer arithmetic exactly (every product here stays
// below 2^63), truncate integer division the same way, and so draw the same numbers; floating point might not.

const PRIME = 2147483647;
const MIX = 1013904223;
/** Uniform draws are in [0, SPAN). */
const SPAN = 1048576;

type Sql = RawBuilder<unknown>;
const lit = (value: number): Sql => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  // Written into the statement: a bound number is a double on SQLite, and would turn the arithmetic into floating point.
  return sql.lit(value);
};

/** What differs between the engines: number series, integer casts, dates, booleans, a two-argument max. */
function dialect(db: DB) {
  const postgres = dialectOf(db) === 'postgres';
  const int = (value: Sql): Sql => (postgres ? sql`cast(${value} as bigint)` : sql`cast(${value} as integer)`);
  return {
    postgres,
    int,
    /** Rows `i` from `from` to `to - 1`. */
    numbers: (from: number, to: number): Sql =>
      postgres
        ? sql`(select i from generate_series(cast(${lit(from)} as bigint), cast(${lit(to - 1)} as bigint)) as series(i))`
        : sql`(with recursive series(i) as (select ${lit(from)} union all select i + 1 from series where i < ${lit(to - 1)}) select i from series)`,
    /** An ISO-8601 UTC timestamp with milliseconds, as the application writes them. */
    iso: (seconds: Sql): Sql =>
      postgres
        ? sql`to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`,
    day: (seconds: Sql): Sql =>
      postgres
        ? sql`to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD')`
        : sql`strftime('%Y-%m-%d', ${seconds}, 'unixepoch')`,
    /** Better Auth's columns: timestamptz on PostgreSQL, ISO text on SQLite. */
    authTime: (seconds: Sql): Sql =>
      postgres ? sql`to_timestamp(${seconds})` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`,
    yes: postgres ? sql`true` : sql`1`,
    no: postgres ? sql`false` : sql`0`,
    greatest: (a: Sql, b: Sql): Sql => (postgres ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`),
  };
}
type Dialect = ReturnType<typeof dialect>;

/** Salts of independent draws: one per stream, all from the seed. */
function salts(seed: number) {
  let stream = 0;
  return () => {
    stream++;
    return Number((BigInt(seed) * 2654435761n + BigInt(stream) * 40503n + 17n) % BigInt(PRIME));
  };
}

/** A hash of a non-negative integer into [0, PRIME): two rounds of squaring modulo a prime. */
function hashed(d: Dialect, value: Sql, salt: number): Sql {
  const start = sql`((${d.int(value)} * 7 + ${lit(salt)}) % ${lit(PRIME)})`;
  const shifted = sql`((((${start} * ${start}) % ${lit(PRIME)}) + ${lit(MIX)}) % ${lit(PRIME)})`;
  return sql`((${shifted} * ${shifted}) % ${lit(PRIME)})`;
}

/** Uniform in [0, SPAN). */
const uniform = (d: Dialect, value: Sql, salt: number): Sql => sql`(${hashed(d, value, salt)} % ${lit(SPAN)})`;
/** Uniform in [0, count). */
const below = (d: Dialect, value: Sql, salt: number, count: number): Sql => sql`(${hashed(d, value, salt)} % ${lit(count)})`;
/** In [0, count), small values far likelier: density ∝ x^(-1/2). */
const skewed2 = (u: Sql, count: number): Sql => sql`((((${u} * ${u}) / ${lit(SPAN)}) * ${lit(count)}) / ${lit(SPAN)})`;
/** In [0, count), small values much likelier still: density ∝ x^(-2/3) (popular albums, people followed). */
const skewed3 = (u: Sql, count: number): Sql =>
  sql`((((((${u} * ${u}) / ${lit(SPAN)}) * ${u}) / ${lit(SPAN)}) * ${lit(count)}) / ${lit(SPAN)})`;
/** A moment between `from` and `to` (seconds), later ones likelier (the site grows): the larger of two draws. */
const momentBetween = (d: Dialect, from: Sql, to: Sql, a: Sql, b: Sql): Sql =>
  sql`(${from} + ((${to} - ${from}) * ${d.greatest(a, b)}) / ${lit(SPAN)})`;
/** Soon after `from`, rarely long after, never after `to`. */
const soonAfter = (from: Sql, to: Sql, u: Sql): Sql =>
  sql`(${from} + ((${to} - ${from}) * ((((${u} * ${u}) / ${lit(SPAN)}) * ${u}) / ${lit(SPAN)})) / ${lit(SPAN)})`;

// ---------------------------------------------------------------------------------------------------------------
// Words the generated site is made of.

const words = (text: string) => text.trim().split(/\s+/);

const TITLE_WORDS = words(`
  Night Glass River Echo Summer Static Golden Ghost Neon Paper Velvet Distant Wild Silent Electric Blue Hollow
  Crystal Northern Lights Songs Dreams Machine Garden Empire Signals Waves Heart City Fire Winter Harbour
  Orchard Satellite Mirror Thunder Quiet Salt Copper Lantern Meadow Tides Midnight Sparrow Canyon Rust Honey
  Atlas Motel Parade Cathedral Weather Island Horizon Amber Shadow Season Frequency Carousel Highway Marble
  Feather Volcano Arcade Prism
`);
const NAME_SYLLABLES = words(`
  ra dio mo lu ka ven tor sil ber no vak el frost ash wind ore lark bloom vex quill tide em ber no va mar lin sa
  ri do kel zan pho gre ty on
`);
const FIRST_NAMES = words(`
  Ada Bruno Chloe Dmitri Elena Farid Greta Hiro Ines Jonas Kemi Lars Maya Nikolai Olga Pablo Quinn Rosa Sami
  Tariq Uma Viktor Wen Ximena Yusuf Zoe Amara Ben Carmen Dev Esme Felix Gabriel Hana Ivan Julia Kai Lena Marco
  Nora Oscar Priya Rafael Sofia Theo
`);
const LAST_NAMES = words(`
  Adeyemi Berg Castillo Dubois Eriksen Fischer Garcia Haddad Ivanova Jensen Kowalski Lindqvist Moreau Nakamura
  Okafor Petrov Quintero Rossi Schmidt Tanaka Urban Vargas Weber Xu Yilmaz Zhang Almeida Brennan Costa Dahl
  Evans Ferreira Gupta Horvat Ito Kim Lopez Novak Olsen
`);
/** Discogs genre and style pairs, as the catalog sources give them. */
const GENRES = [
  'Rock|Indie Rock',
  'Rock|Alternative Rock',
  'Rock|Post Rock',
  'Rock|Shoegaze',
  'Rock|Psychedelic Rock',
  'Rock|Punk',
  'Rock|Heavy Metal',
  'Rock|Doom Metal',
  'Electronic|Ambient',
  'Electronic|Techno',
  'Electronic|House',
  'Electronic|IDM',
  'Electronic|Synth-pop',
  'Jazz|Hard Bop',
  'Jazz|Modal',
  'Jazz|Free Jazz',
  'Jazz|Soul-Jazz',
  'Hip Hop|Boom Bap',
  'Hip Hop|Conscious',
  'Hip Hop|Trap',
  'Pop|Indie Pop',
  'Pop|Dream Pop',
  'Pop|Synth-pop',
  'Folk, World, & Country|Folk',
  'Folk, World, & Country|Indie Folk',
  'Folk, World, & Country|Country',
  'Funk / Soul|Soul',
  'Funk / Soul|Funk',
  'Funk / Soul|Neo Soul',
  'Classical|Modern Classical',
  'Reggae|Dub',
  'Blues|Electric Blues',
].map((pair) => pair.split('|'));
const LABELS = [
  'Harbour Records',
  'Night Shift',
  'Copper Sound',
  'Meadowlark',
  'Static Age',
  'Blue Hour',
  'Parallel Lines',
  'Northern Tape',
  'Lantern Music',
  'Saltwater',
  'Orchard Street',
  'Amberline',
  'Fieldnotes',
  'Lowlight',
  'Satellite Audio',
  'Weathervane',
];
const RELEASE_TYPES: [ReleaseType, number][] = [
  ['album', 0.84],
  ['ep', 0.08],
  ['live', 0.03],
  ['compilation', 0.03],
  ['soundtrack', 0.02],
];
const PREFERRED_GENRES = ['rock', 'pop', 'jazz', 'electronic', 'hip-hop', 'folk', 'soul', 'metal', 'indie', 'classical'];

/** Sentences reviews are made of: plain words and punctuation, the same in HTML as in text. */
const REVIEW_SENTENCES = [
  'The opening track sets a mood the rest of the record is happy to live inside for forty minutes.',
  'It is a patient album that rewards a second and a third listen more than the first.',
  'The production is warm and close, as if the band were playing in the next room.',
  'Halfway through, the songs start to blur into each other, and not always in a good way.',
  'The rhythm section carries everything here, steady and inventive without ever showing off.',
  'I came for the singles and stayed for the strange, quiet songs on the second side.',
  'Some of the lyrics are clumsy, but the melodies are strong enough to carry them.',
  'Few records from that year have aged this well.',
  'The closing song is one of the best things the artist has ever written.',
  'It sounds like a late night drive through a city you do not know yet.',
  'There is a lot of ambition on display, and most of it pays off.',
  'The middle stretch drags, and three songs could have been left out.',
  'Every instrument has room to breathe, which makes the loud moments hit harder.',
  'It is the kind of album you put on while cooking and end up listening to closely.',
  'The vocals are buried a little too deep in the mix for my taste.',
  'Nothing here is new, but everything is done with real care.',
  'The guitar tones alone make it worth hearing on a good pair of headphones.',
  'It took me years to come around to this one, and now I return to it every winter.',
  'The songwriting is sharper than on the debut, and the arrangements are bolder.',
  'A few experiments fall flat, yet the record never feels careless.',
  'The second half is where the real magic happens.',
  'It is short, focused and over before it can wear out its welcome.',
  'The drums are mixed loud and dry, which gives the whole thing a restless energy.',
  'This is a grower, so give it a few spins before deciding.',
  'The synths shimmer and swell without ever drowning the songs.',
  'I admire it more than I love it, but I admire it a lot.',
  'You can hear the influences, but the voice is entirely their own.',
  'The sequencing is excellent, with every song leading naturally into the next.',
  'It is a bit too polished, and some of the rough edges I liked live are gone.',
  'Few albums capture a feeling of summer ending as well as this one does.',
  'The title track is a slow burner that becomes the emotional centre of the album.',
  'The bass lines are the secret weapon of the whole record.',
  'Some listeners will find it cold, but I hear a lot of tenderness underneath.',
  'Instrumental passages stretch out without losing the thread.',
  'It is a record made by people who clearly love records.',
  'The lyrics are sharp, funny and sad, sometimes all in one line.',
  'This one sounds best loud, with the windows open.',
  'A solid effort, though it never quite reaches the heights of the best songs.',
  'Every time I return to it I hear a detail I had missed before.',
  'The horns on the fourth track are pure joy.',
  'The mood is bleak, but there is a stubborn hope running through it.',
  'It is uneven, but the highs are among the highest of the decade.',
  'I would recommend starting here if you are new to the artist.',
  'The production choices feel dated now, but the songs hold up.',
  'A calm, generous record that asks for nothing and gives a lot.',
  'The last three songs form a suite that I never skip.',
  'It is noisy, messy and completely alive.',
  'The hooks arrive slowly, then refuse to leave.',
];
const REVIEW_TITLES = [
  'A quiet triumph',
  'Better than I remembered',
  'Worth the wait',
  'A grower',
  'Uneven but brave',
  'Late night essential',
  'The one I keep returning to',
  'Overrated, a little',
  'Underrated gem',
  'Front to back',
  'A summer record',
  'Not their best',
  'Career high',
  'Sleeper hit',
  'Warm and strange',
  'Still great years later',
  'Half a masterpiece',
  'Pure comfort',
];
const COMMENTS = [
  'Completely agree about the second side.',
  'I never heard it this way, going back to it tonight.',
  'Great review, you put it better than I could.',
  'The closer is one of my favourite songs ever.',
  'I think you are too hard on the middle stretch.',
  'This made me want to dig out my copy.',
  'Which pressing do you have?',
  'Saw them play most of this live, it was unreal.',
  'Fair points, though I rate it a bit higher.',
  'Thanks for the recommendation!',
  'The bass lines really are the secret weapon.',
  'Not for me, but I see the appeal.',
  'Spot on.',
  'Have you heard the follow-up?',
  'My favourite album of that year, no contest.',
  'I disagree, but this is a great write-up.',
];
const COLLECTION_NAMES = [
  'Late night listening',
  'Rainy day records',
  'Desert island picks',
  'Albums for the road',
  'Sunday morning',
  'Headphone albums',
  'Best of the decade',
  'Records that changed my mind',
  'Perfect closers',
  'Winter favourites',
  'Summer rotation',
  'Deep cuts',
  'First listens this year',
  'Guilty pleasures',
  'Albums to cook to',
  'The essentials',
  'Grew on me',
  'For focus',
  'Debut albums',
  'Live records',
  'Going back to these',
  'Autumn walks',
  'Dinner party',
  'Loud and fast',
];
const COLLECTION_DESCRIPTIONS = [
  'Records I return to again and again.',
  'A running list, updated when something new sticks.',
  'What I would hand a friend who asked where to start.',
  'In the order I would play them.',
  'Albums that sound best at night, with the lights low.',
  'Mostly old favourites, a few new discoveries.',
];
const COLLECTION_NOTES = [
  'Start with side two.',
  'The one that started it all.',
  'Best on vinyl.',
  'Skip nothing.',
  'The title track is the key.',
  'Underrated.',
  'For the last hour of a long drive.',
  'A recent discovery.',
  'Still surprises me.',
  'Play it loud.',
];
const JOURNAL_NOTES = [
  'Second listen, much better than the first.',
  'On the train home.',
  'Background while working, will revisit.',
  'Finally clicked.',
  'Still one of the best.',
  'Headphones, lights off.',
  'With friends after dinner.',
  'First time in years.',
];
const BIOS = [
  'Listening my way through the decades.',
  'Mostly jazz, some noise, everything in between.',
  'Records, coffee, long walks.',
  'I rate generously and review rarely.',
  'Vinyl collector, late adopter.',
  'Here for the deep cuts.',
  'Working through every album on my shelf.',
  'Ambient in the morning, punk at night.',
];

/** Texts the SQL picks from by number: kind -> texts. */
const TEXTS: Record<string, readonly string[]> = {
  sentence: REVIEW_SENTENCES,
  review_title: REVIEW_TITLES,
  comment: COMMENTS,
  collection_name: COLLECTION_NAMES,
  collection_description: COLLECTION_DESCRIPTIONS,
  collection_note: COLLECTION_NOTES,
  journal_note: JOURNAL_NOTES,
};

// ---------------------------------------------------------------------------------------------------------------

/** Working tables of a run, dropped at its end (and before it, should a failed run have left them). */
const WORK_TABLES = [
  'seed_scale_member',
  'seed_scale_album',
  'seed_scale_text',
  'seed_scale_pairs',
  'seed_scale_rating',
  'seed_scale_review',
  'seed_scale_review_rank',
  'seed_scale_collection',
  'seed_scale_collection_rank',
] as const;

/** Tables whose secondary indexes (and foreign keys, on PostgreSQL) are built once at the end instead of row by row. */
const BULK_TABLES = [
  'rating',
  'activity',
  'follow',
  'review',
  'review_like',
  'review_comment',
  'collection_album',
  'collection_like',
  'journal_entry',
  'album_like',
];

const YEAR = 365 * 86_400;

/**
 * Fills an empty, migrated database with a site of the given sizes. Refuses a database that has members. On SQLite
 * the run needs the connection to itself (it changes pragmas, and restores them); on PostgreSQL it pins one
 * connection of the pool.
 */
export async function seedScale(db: DB, options: SeedOptions = {}): Promise<SeedResult> {
  const sizes = resolveSizes(options);
  const seed = options.seed ?? 1;
  const epochMs = Date.parse(options.epoch ?? DEFAULT_EPOCH);
  if (!Number.isFinite(epochMs)) throw new Error(`epoch is not a date: ${options.epoch}`);
  const members = Number((await sql<{ n: number }>`select count(*) as n from "user"`.execute(db)).rows[0]!.n);
  if (members > 0) {
    throw new Error(
      `This database already has ${members.toLocaleString('en')} member${members === 1 ? '' : 's'}: the scale seed only fills a database without members, so that it never writes into a real site.`,
    );
  }
  const started = performance.now();
  const postgres = dialectOf(db) === 'postgres';
  const run = (connection: DB) => seedInto(connection, sizes, seed, Math.floor(epochMs / 1000), options.onProgress);
  const steps = postgres ? await db.connection().execute(run) : await withSqlitePragmas(db, () => run(db));
  return { sizes, seed, seconds: (performance.now() - started) / 1000, steps };
}

/** A bulk load on SQLite: a big page cache, no fsync and no per-row foreign key lookups while it lasts. */
async function withSqlitePragmas<T>(db: DB, work: () => Promise<T>): Promise<T> {
  const read = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0] as number;
  const saved = { cache_size: await read('cache_size'), synchronous: await read('synchronous'), foreign_keys: await read('foreign_keys') };
  // Millions of rows land in indexes in random order: SQLite's usual page cache would thrash.
  await sql`pragma cache_size = -1048576`.execute(db);
  await sql`pragma synchronous = off`.execute(db);
  // Every row refers to rows the same run wrote; the tests check foreign keys after a seed.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    return await work();
  } finally {
    for (const [name, value] of Object.entries(saved)) await sql.raw(`pragma ${name} = ${Number(value)}`).execute(db);
  }
}

async function seedInto(
  db: DB,
  sizes: ScaleSizes,
  seed: number,
  epoch: number,
  onProgress: SeedOptions['onProgress'],
): Promise<SeedResult['steps']> {
  const d = dialect(db);
  const salt = salts(seed);
  const next = random(seed);
  const steps: SeedResult['steps'] = [];
  const start = epoch - 3 * YEAR;
  const E = lit(epoch);
  const timed = async (step: string, work: () => Promise<number>) => {
    const began = performance.now();
    const rows = await work();
    const done = { step, rows, seconds: (performance.now() - began) / 1000 };
    steps.push(done);
    onProgress?.({ kind: 'step', ...done });
    // Lets a progress bar or a test's timers run between the long statements.
    await nextTurn();
  };
  const execute = (query: Sql) => query.execute(db);
  const inserted = async (query: Sql) => Number((await query.execute(db)).numAffectedRows ?? 0);

  if (d.postgres) {
    await sql`set synchronous_commit = off`.execute(db);
    await sql`set work_mem = '256MB'`.execute(db);
    await sql`set maintenance_work_mem = '512MB'`.execute(db);
  }
  for (const table of WORK_TABLES) await sql`drop table if exists ${sql.table(table)}`.execute(db);
  // SQLite: the search indexes' segments merged, as the server's upkeep thread keeps them (search-segments.ts).
  if (!d.postgres)
    await timed('search segments merged', async () => {
      for (const table of SQLITE_SEARCH_TABLES)
        await sql`insert into ${sql.table(table)} (${sql.id(table)}) values ('optimize')`.execute(db);
      return SQLITE_SEARCH_TABLES.length;
    });

  // Members first: a run that stops half-way leaves a database the next run refuses, rather than a catalog it adds to.
  const memberRows = makeMembers(sizes.members, next, start, epoch);
  await timed('user', async () => {
    await db.schema
      .createTable('seed_scale_member')
      .addColumn('rank', 'bigint', (col) => col.primaryKey())
      .addColumn('n', 'bigint', (col) => col.notNull())
      .addColumn('id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('joined', 'bigint', (col) => col.notNull())
      .addColumn('bias', 'bigint', (col) => col.notNull())
      .addColumn('visibility', 'text', (col) => col.notNull())
      .addColumn('bio', 'text', (col) => col.notNull())
      .addColumn('genres', 'text', (col) => col.notNull())
      .execute();
    await insertRows(db, 'seed_scale_member', memberRows);
    const user = sql`"user"`;
    return inserted(sql`insert into ${user} (id, name, email, email_verified, username, display_username, two_factor_enabled, created_at, updated_at)
      select id, name, 'member' || n || '@scale.invalid', ${d.yes}, 'member' || n, 'member' || n, ${d.no}, ${d.authTime(sql`joined`)}, ${d.authTime(sql`joined`)}
      from seed_scale_member order by n`);
  });
  const passwordHash = await deterministicHash(SCALE_PASSWORD, seed);
  await timed('account', () =>
    inserted(sql`insert into account (id, user_id, account_id, provider_id, password, created_at, updated_at)
      select 'scale-account-' || n, id, id, 'credential', ${passwordHash}, ${d.authTime(sql`joined`)}, ${d.authTime(sql`joined`)}
      from seed_scale_member order by n`),
  );
  await timed('profile', () =>
    inserted(sql`insert into profile (user_id, bio, preferred_genres, onboarding_completed, onboarding_step, visibility, created_at, updated_at)
      select id, bio, genres, 1, 3, visibility, ${d.iso(sql`joined`)}, ${d.iso(sql`joined`)} from seed_scale_member order by n`),
  );

  // The catalog, through the catalog writer: artists, genres, tracks and the search index as the application makes them.
  const albumIds: string[] = [];
  const released: number[] = [];
  await timed('album', async () => {
    const catalogTime = new Date((start - 86_400) * 1000).toISOString();
    const entries = makeCatalog(sizes.albums, next, new Date(epoch * 1000).getUTCFullYear(), epoch);
    let analyzedAt = 5000;
    for (let from = 0; from < entries.length; from += 5000) {
      const batch = entries.slice(from, from + 5000);
      const result = await addCatalogEntries(
        db,
        batch.map((entry) => entry.entry),
        catalogTime,
      );
      if (result.added !== batch.length) throw new Error('The catalog already holds albums of the same names; seed a new database');
      albumIds.push(...result.albumIds);
      released.push(...batch.map((entry) => entry.released));
      onProgress?.({ kind: 'catalog', done: albumIds.length, total: entries.length });
      // PostgreSQL plans the catalog's triggers from statistics, as autovacuum keeps them on a growing site. Where it
      // is off (as on CI machines) they are gathered each time the catalog has grown by a quarter: without them, past
      // 100,000 albums a batch's credits and genres took ten times as long, and longer as the catalog grew.
      if (d.postgres && albumIds.length >= analyzedAt * 1.25) {
        await sql`analyze album, album_artist, album_genre, artist, artist_alias, genre, track, search_document`.execute(db);
        analyzedAt = albumIds.length;
      }
      await nextTurn();
    }
    return albumIds.length;
  });

  // Albums by popularity rank (0 the most rated), each with a quality its ratings gather around (in half steps).
  const albumOrder = shuffled(sizes.albums, next);
  await db.schema
    .createTable('seed_scale_album')
    .addColumn('rank', 'bigint', (col) => col.primaryKey())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('quality', 'bigint', (col) => col.notNull())
    .addColumn('released', 'bigint', (col) => col.notNull())
    .execute();
  await insertRows(
    db,
    'seed_scale_album',
    albumOrder.map((n, rank) => ({
      rank,
      id: albumIds[n]!,
      quality: Math.min(18, Math.max(7, Math.round(14.5 - (3 * rank) / sizes.albums) + Math.floor(next() * 7) - 3)),
      released: released[n]!,
    })),
  );
  await db.schema
    .createTable('seed_scale_text')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('k', 'bigint', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('seed_scale_text_pk', ['kind', 'k'])
    .execute();
  await insertRows(
    db,
    'seed_scale_text',
    Object.entries(TEXTS).flatMap(([kind, texts]) => texts.map((body, k) => ({ kind, k, body }))),
  );
  const text = (kind: keyof typeof TEXTS, pick: Sql, streamSalt: number) =>
    sql`(select body from seed_scale_text where kind = ${kind} and k = ${below(d, pick, streamSalt, TEXTS[kind]!.length)})`;

  // Indexes (and on PostgreSQL, foreign keys) are built once over the finished tables rather than row by row.
  const indexes = await secondaryIndexes(db, d);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  const foreignKeys = d.postgres ? await postgresForeignKeys(db) : [];
  for (const key of foreignKeys) await sql`alter table ${sql.table(key.table)} drop constraint ${sql.id(key.name)}`.execute(db);

  const M = sizes.members;
  const A = sizes.albums;

  // Ratings: who is drawn with a skew (a few rate thousands of albums), and what too (popular albums far more often).
  await timed('rating', async () => {
    const [memberSalt, albumSalt] = [salt(), salt()];
    await distinctPairs(
      db,
      sizes.ratings,
      (from, to) => sql`select i, ${skewed2(uniform(d, sql`i`, memberSalt), M)} as l, ${skewed3(uniform(d, sql`i`, albumSalt), A)} as r
        from ${d.numbers(from, to)} as candidates`,
    );
    await db.schema
      .createTable('seed_scale_rating')
      .addColumn('seq', 'bigint', (col) => col.primaryKey())
      .addColumn('m', 'bigint', (col) => col.notNull())
      .addColumn('a', 'bigint', (col) => col.notNull())
      .addColumn('half', 'bigint', (col) => col.notNull())
      .addColumn('t', 'bigint', (col) => col.notNull())
      .execute();
    // A rating is the album's quality, the person's leaning and some noise, in half steps from 1 to 10.
    const value = sql`(album.quality + member.bias + ${below(d, sql`p.i`, salt(), 5)} + ${below(d, sql`p.i`, salt(), 5)} - 4)`;
    const from = d.greatest(sql`member.joined`, sql`album.released`);
    await execute(sql`insert into seed_scale_rating (seq, m, a, half, t)
      select p.seq, p.l, p.r, case when ${value} < 2 then 2 when ${value} > 20 then 20 else ${value} end,
        ${momentBetween(d, from, E, uniform(d, sql`p.i`, salt()), uniform(d, sql`p.i`, salt()))}
      from (select row_number() over (order by i) as seq, i, l, r from seed_scale_pairs) as p
      join seed_scale_member member on member.rank = p.l
      join seed_scale_album album on album.rank = p.r`);
    // Each rating is news in its rater's followers' feeds from the moment it was given.
    return inserted(sql`insert into rating (id, user_id, album_id, rating, created_at, updated_at, feed_at)
      select 'scale-rating-' || r.seq, member.id, album.id, r.half / 2.0, ${d.iso(sql`r.t`)}, ${d.iso(sql`r.t`)}, ${d.iso(sql`r.t`)}
      from seed_scale_rating r join seed_scale_member member on member.rank = r.m join seed_scale_album album on album.rank = r.a
      order by r.seq`);
  });
  // Favourites: albums people rated highly, liked when they rated them.
  await timed('album_like', () =>
    inserted(sql`insert into album_like (user_id, album_id, created_at)
      select member.id, album.id, ${d.iso(sql`r.t`)}
      from (select seq, m, a, t from seed_scale_rating where half >= 17 order by ${hashed(d, sql`seq`, salt())}, seq limit ${lit(sizes.albumLikes)}) r
      join seed_scale_member member on member.rank = r.m join seed_scale_album album on album.rank = r.a`),
  );

  // Reviews: some ratings come with one, the prolific more often; published with the rating, as the reviews module does.
  await timed('review', async () => {
    await db.schema
      .createTable('seed_scale_review')
      .addColumn('seq', 'bigint', (col) => col.primaryKey())
      .addColumn('rating_seq', 'bigint', (col) => col.notNull())
      .addColumn('m', 'bigint', (col) => col.notNull())
      .addColumn('half', 'bigint', (col) => col.notNull())
      .addColumn('t', 'bigint', (col) => col.notNull())
      .execute();
    const weight = lit(Math.max(1, Math.floor(M / 20)));
    await execute(sql`insert into seed_scale_review (seq, rating_seq, m, half, t)
      select seq, rating_seq, m, half, t from (
        select row_number() over (order by pick, rating_seq) as seq, rating_seq, m, half, t
        from (select seq as rating_seq, m, half, t, (${below(d, sql`seq`, salt(), 100_000)} + 1) * (m + ${weight}) as pick from seed_scale_rating) as scored
      ) as ordered
      where seq <= ${lit(sizes.reviews)}`);
    const [first, second, third, fourth, fifth, titled] = [salt(), salt(), salt(), salt(), salt(), salt()];
    const s = (name: string) => sql.ref(`${name}.body`);
    const pickSentence = (alias: string, streamSalt: number) =>
      sql`join seed_scale_text ${sql.id(alias)} on ${sql.ref(`${alias}.kind`)} = 'sentence' and ${sql.ref(`${alias}.k`)} = ${below(d, sql`v.seq`, streamSalt, REVIEW_SENTENCES.length)}`;
    const longer = below(d, sql`v.seq`, fifth, 4);
    const firstParagraph = sql`${s('s1')} || ' ' || ${s('s2')}`;
    const secondParagraph = sql`${s('s3')} || case when ${longer} >= 2 then ' ' || ${s('s4')} else '' end`;
    const title = sql`case when ${below(d, sql`v.seq`, titled, 5)} < 2 then ${text('review_title', sql`v.seq`, titled + 1)} else '' end`;
    return inserted(sql`insert into review (id, user_id, album_id, rating, title, content_html, content_text, created_at, updated_at)
      select 'scale-review-' || v.seq, member.id, album.id, v.half / 2.0, ${title},
        '<p>' || ${firstParagraph} || '</p><p>' || ${secondParagraph} || '</p>',
        ${firstParagraph} || ' ' || ${secondParagraph},
        ${d.iso(sql`v.t`)}, ${d.iso(sql`v.t`)}
      from seed_scale_review v
      join seed_scale_rating r on r.seq = v.rating_seq
      join seed_scale_member member on member.rank = r.m
      join seed_scale_album album on album.rank = r.a
      ${pickSentence('s1', first)} ${pickSentence('s2', second)} ${pickSentence('s3', third)} ${pickSentence('s4', fourth)}
      order by v.seq`);
  });
  await timed('activity (reviewed)', () =>
    inserted(sql`insert into activity (id, actor_id, verb, object_type, object_id, album_id, created_at)
      select 'scale-activity-v' || v.seq, member.id, 'reviewed', 'review', 'scale-review-' || v.seq, album.id, ${d.iso(sql`v.t`)}
      from seed_scale_review v join seed_scale_rating r on r.seq = v.rating_seq
      join seed_scale_member member on member.rank = r.m join seed_scale_album album on album.rank = r.a
      order by v.seq`),
  );
  // Reviews by how much attention they draw: those of much-followed people first, with luck mixed in. Only reviews on
  // public profiles are liked and commented on: the others are shown to approved followers alone.
  await db.schema
    .createTable('seed_scale_review_rank')
    .addColumn('rank', 'bigint', (col) => col.primaryKey())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('m', 'bigint', (col) => col.notNull())
    .addColumn('t', 'bigint', (col) => col.notNull())
    .execute();
  const R = await inserted(sql`insert into seed_scale_review_rank (rank, seq, m, t)
    select row_number() over (order by (${below(d, sql`v.seq`, salt(), 1000)} + 1) * (v.m + ${lit(Math.max(1, Math.floor(M / 100)))}), v.seq) - 1,
      v.seq, v.m, v.t
    from seed_scale_review v join seed_scale_member member on member.rank = v.m where member.visibility = 'public'`);

  await timed('review_like', async () => {
    const [likerSalt, reviewSalt] = [salt(), salt()];
    await distinctPairs(
      db,
      sizes.reviewLikes,
      (from, to) => sql`select c.i, c.l, c.r from (
          select i, ${skewed2(uniform(d, sql`i`, likerSalt), M)} as l, ${skewed3(uniform(d, sql`i`, reviewSalt), R)} as r
          from ${d.numbers(from, to)} as candidates
        ) as c join seed_scale_review_rank v on v.rank = c.r where v.m <> c.l`,
    );
    const moment = soonAfter(d.greatest(sql`v.t`, sql`member.joined`), E, uniform(d, sql`p.i`, salt()));
    return inserted(sql`insert into review_like (user_id, review_id, created_at)
      select member.id, 'scale-review-' || v.seq, ${d.iso(moment)}
      from seed_scale_pairs p join seed_scale_review_rank v on v.rank = p.r join seed_scale_member member on member.rank = p.l
      order by p.i`);
  });

  await timed('review_comment', () => {
    const i = sql`c.i`;
    const moment = soonAfter(d.greatest(sql`v.t`, sql`member.joined`), E, uniform(d, i, salt()));
    return inserted(sql`insert into review_comment (id, review_id, user_id, body, created_at, updated_at)
      select 'scale-comment-' || (c.i + 1), 'scale-review-' || v.seq, member.id,
        ${text('comment', i, salt())},
        ${d.iso(moment)}, ${d.iso(moment)}
      from (select i, ${skewed2(uniform(d, sql`i`, salt()), M)} as l, ${skewed3(uniform(d, sql`i`, salt()), R)} as r
        from ${d.numbers(0, sizes.reviewComments)} as candidates) as c
      join seed_scale_review_rank v on v.rank = c.r join seed_scale_member member on member.rank = c.l
      order by c.i`);
  });

  // Follows: anyone may follow many people; being followed is far more skewed (a few by thousands, most by a handful).
  await timed('follow', async () => {
    const [followerSalt, followeeSalt] = [salt(), salt()];
    await distinctPairs(
      db,
      sizes.follows,
      (from, to) => sql`select i, l, r from (
          select i, ${skewed2(uniform(d, sql`i`, followerSalt), M)} as l, ${skewed3(uniform(d, sql`i`, followeeSalt), M)} as r
          from ${d.numbers(from, to)} as candidates
        ) as c where l <> r`,
    );
    return inserted(sql`insert into follow (follower_id, followee_id, created_at)
      select follower.id, followee.id, ${d.iso(sql`p.t`)}
      from (select i, l, r, ${momentBetween(d, sql`greatest_joined`, E, uniform(d, sql`i`, salt()), uniform(d, sql`i`, salt()))} as t
        from (select p.i, p.l, p.r, ${d.greatest(sql`a.joined`, sql`b.joined`)} as greatest_joined
          from seed_scale_pairs p join seed_scale_member a on a.rank = p.l join seed_scale_member b on b.rank = p.r) as q) p
      join seed_scale_member follower on follower.rank = p.l join seed_scale_member followee on followee.rank = p.r
      order by p.i`);
  });
  // Ids from the draw's numbers, not from an ORDER BY over text, whose collation differs between the engines.
  await timed('activity (followed)', () =>
    inserted(sql`insert into activity (id, actor_id, verb, object_type, object_id, album_id, created_at)
      select 'scale-activity-f' || p.i, follow.follower_id, 'followed', 'person', follow.followee_id, null, follow.created_at
      from seed_scale_pairs p join seed_scale_member follower on follower.rank = p.l join seed_scale_member followee on followee.rank = p.r
      join follow on follow.follower_id = follower.id and follow.followee_id = followee.id
      order by p.i`),
  );

  // Collections: a few albums when made, more added over time; one in twenty private, one in five ranked.
  const C = sizes.collections;
  await timed('collection', async () => {
    await db.schema
      .createTable('seed_scale_collection')
      .addColumn('c', 'bigint', (col) => col.primaryKey())
      .addColumn('m', 'bigint', (col) => col.notNull())
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('initial', 'bigint', (col) => col.notNull())
      .addColumn('private', 'bigint', (col) => col.notNull())
      .addColumn('t', 'bigint', (col) => col.notNull())
      .execute();
    await execute(sql`insert into seed_scale_collection (c, m, size, initial, private, t)
      select c.i, c.m, c.size, 1 + ${below(d, sql`c.i`, salt(), 5)}, case when ${below(d, sql`c.i`, salt(), 20)} = 0 then 1 else 0 end,
        ${momentBetween(d, sql`member.joined`, sql`(${E} - 86400)`, uniform(d, sql`c.i`, salt()), uniform(d, sql`c.i`, salt()))}
      from (select i, ${skewed2(uniform(d, sql`i`, salt()), M)} as m, 3 + ${skewed3(uniform(d, sql`i`, salt()), 98)} as size
        from ${d.numbers(0, C)} as candidates) as c
      join seed_scale_member member on member.rank = c.m`);
    const [nameSalt, describedSalt, descriptionSalt, rankedSalt] = [salt(), salt(), salt(), salt()];
    return inserted(sql`insert into collection (id, user_id, name, description, is_private, ranked, created_at, updated_at)
      select 'scale-collection-' || (c.c + 1), member.id,
        ${text('collection_name', sql`c.c`, nameSalt)},
        case when ${below(d, sql`c.c`, describedSalt, 2)} = 0 then ${text('collection_description', sql`c.c`, descriptionSalt)} else '' end,
        c.private, case when ${below(d, sql`c.c`, rankedSalt, 5)} = 0 then 1 else 0 end, ${d.iso(sql`c.t`)}, ${d.iso(sql`c.t`)}
      from seed_scale_collection c join seed_scale_member member on member.rank = c.m
      order by c.c`);
  });
  await timed('collection_album', async () => {
    // Each collection draws a quarter more albums than it keeps, so those drawn twice leave it about its size.
    const slots = 128;
    const albumSalt = salt();
    await distinctPairs(
      db,
      null,
      (from, to) => sql`select c.c * ${lit(slots)} + k.i as i, c.c as l,
          ${skewed2(uniform(d, sql`c.c * ${lit(slots)} + k.i`, albumSalt), A)} as r
        from seed_scale_collection c join ${d.numbers(0, slots)} as k on k.i < c.size + c.size / 4 + 2
        where c.c >= ${lit(from)} and c.c < ${lit(to)}`,
      C,
    );
    const noteSalt = salt();
    const position = sql`(p.position)`;
    const addedAt = sql`case when ${position} < c.initial then c.t
      else c.t + ((${E} - c.t) * (${position} - c.initial + 1)) / (2 * c.size) end`;
    return inserted(sql`insert into collection_album (collection_id, album_id, position, note, added_at)
      select 'scale-collection-' || (c.c + 1), album.id, p.position,
        case when ${below(d, sql`p.i`, noteSalt, 5)} = 0 then ${text('collection_note', sql`p.i`, noteSalt + 1)} else '' end,
        ${d.iso(addedAt)}
      from (select i, l, r, row_number() over (partition by l order by i) - 1 as position from seed_scale_pairs) p
      join seed_scale_collection c on c.c = p.l
      join seed_scale_album album on album.rank = p.r
      where p.position < c.size
      order by p.l, p.position`);
  });
  await timed('activity (collections)', async () => {
    const made = await inserted(sql`insert into activity (id, actor_id, verb, object_type, object_id, album_id, created_at)
      select 'scale-activity-c' || (c.c + 1), member.id, 'created_collection', 'collection', 'scale-collection-' || (c.c + 1), null, ${d.iso(sql`c.t`)}
      from seed_scale_collection c join seed_scale_member member on member.rank = c.m
      where c.private = 0 order by c.c`);
    // Albums in a collection when it was made are part of "created"; each one added later is news of its own.
    const added = await inserted(sql`insert into activity (id, actor_id, verb, object_type, object_id, album_id, created_at)
      select 'scale-activity-a' || substr(entry.collection_id, 18) || '-' || entry.position, collection.user_id,
        'added_to_collection', 'collection', entry.collection_id, entry.album_id, entry.added_at
      from collection_album entry join collection on collection.id = entry.collection_id
      where collection.is_private = 0 and entry.added_at > collection.created_at`);
    return made + added;
  });

  await timed('collection_like', async () => {
    await db.schema
      .createTable('seed_scale_collection_rank')
      .addColumn('rank', 'bigint', (col) => col.primaryKey())
      .addColumn('c', 'bigint', (col) => col.notNull())
      .addColumn('m', 'bigint', (col) => col.notNull())
      .addColumn('t', 'bigint', (col) => col.notNull())
      .execute();
    // Only public collections on public profiles are seen by everyone, so only they are liked; bigger ones of
    // much-followed people more.
    const publicCount = await inserted(sql`insert into seed_scale_collection_rank (rank, c, m, t)
      select row_number() over (order by (${below(d, sql`c.c`, salt(), 1000)} + 1) * (c.m + ${lit(Math.max(1, Math.floor(M / 100)))}) / (c.size + 10), c.c) - 1,
        c.c, c.m, c.t
      from seed_scale_collection c join seed_scale_member member on member.rank = c.m
      where c.private = 0 and member.visibility = 'public'`);
    if (publicCount === 0) return 0;
    const [likerSalt, collectionSalt] = [salt(), salt()];
    await distinctPairs(
      db,
      sizes.collectionLikes,
      (from, to) => sql`select c.i, c.l, c.r from (
          select i, ${skewed2(uniform(d, sql`i`, likerSalt), M)} as l, ${skewed3(uniform(d, sql`i`, collectionSalt), publicCount)} as r
          from ${d.numbers(from, to)} as candidates
        ) as c join seed_scale_collection_rank v on v.rank = c.r where v.m <> c.l`,
    );
    const moment = soonAfter(d.greatest(sql`v.t`, sql`member.joined`), E, uniform(d, sql`p.i`, salt()));
    return inserted(sql`insert into collection_like (user_id, collection_id, created_at)
      select member.id, 'scale-collection-' || (v.c + 1), ${d.iso(moment)}
      from seed_scale_pairs p join seed_scale_collection_rank v on v.rank = p.r join seed_scale_member member on member.rank = p.l
      order by p.i`);
  });

  // The journal: listens of popular albums mostly, most with a rating of that listen, some with a note.
  await timed('journal_entry', async () => {
    const [ratedSalt, notedSalt] = [salt(), salt()];
    const i = sql`j.i`;
    const value = sql`(album.quality + member.bias + ${below(d, i, salt(), 5)} + ${below(d, i, salt(), 5)} - 4)`;
    const moment = momentBetween(d, d.greatest(sql`member.joined`, sql`album.released`), E, uniform(d, i, salt()), uniform(d, i, salt()));
    await execute(sql`insert into journal_entry (id, user_id, album_id, listened_on, rating, note, created_at, updated_at)
      select 'scale-journal-' || (j.i + 1), j.user_id, j.album_id, ${d.day(sql`j.t`)},
        case when ${below(d, sql`j.i`, ratedSalt, 5)} < 3 then j.half / 2.0 else null end,
        case when ${below(d, sql`j.i`, notedSalt, 5)} = 0 then ${text('journal_note', sql`j.i`, notedSalt + 1)} else null end,
        ${d.iso(sql`j.t`)}, ${d.iso(sql`j.t`)}
      from (select j.i, member.id as user_id, album.id as album_id, ${moment} as t,
          case when ${value} < 2 then 2 when ${value} > 20 then 20 else ${value} end as half
        from (select i, ${skewed2(uniform(d, sql`i`, salt()), M)} as m, ${skewed3(uniform(d, sql`i`, salt()), A)} as a
          from ${d.numbers(0, sizes.journalEntries)} as candidates) as j
        join seed_scale_member member on member.rank = j.m join seed_scale_album album on album.rank = j.a) as j
      order by j.i`);
    return inserted(sql`insert into activity (id, actor_id, verb, object_type, object_id, album_id, created_at)
      select 'scale-activity-j' || substr(id, 15), user_id, 'listened', 'journal_entry', id, album_id, created_at
      from journal_entry where id like 'scale-journal-%'`);
  });

  // People and collections into search, as the accounts and collections modules index them.
  await timed('search_person, search_collection', async () => {
    let total = 0;
    for (const table of ['user', 'collection'] as const) {
      const ids = (await db.selectFrom(table).select('id').execute()).map((row) => row.id);
      for (let at = 0; at < ids.length; at += 5000)
        await (table === 'user' ? refreshPeople : refreshCollections)(db, ids.slice(at, at + 5000));
      total += ids.length;
    }
    return total;
  });

  await timed('counters', () => recount(db));

  await timed('indexes and keys', async () => {
    for (const index of indexes) await sql.raw(index.sql).execute(db);
    // Adding a foreign key back checks every row against the table it refers to, in one pass.
    for (const key of foreignKeys)
      await sql`alter table ${sql.table(key.table)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(db);
    return indexes.length + foreignKeys.length;
  });
  for (const table of WORK_TABLES) await sql`drop table if exists ${sql.table(table)}`.execute(db);
  // SQLite: the search indexes' segments merged, as the server's upkeep thread keeps them (search-segments.ts).
  if (!d.postgres)
    await timed('search segments merged', async () => {
      for (const table of SQLITE_SEARCH_TABLES)
        await sql`insert into ${sql.table(table)} (${sql.id(table)}) values ('optimize')`.execute(db);
      return SQLITE_SEARCH_TABLES.length;
    });
  // PostgreSQL: fresh statistics and visibility map, as autovacuum would have kept them on a site that grew to this
  // size (otherwise autovacuum works through the new tables while the bench measures). SQLite gathers statistics only
  // when told to (ANALYZE), which Hearsay never does, so its site is measured without them, as a real one runs.
  if (d.postgres) {
    await timed('vacuum and analyze', async () => {
      await sql`vacuum (analyze)`.execute(db);
      return 0;
    });
    await sql`reset all`.execute(db);
  }
  return steps;
}

/** Every counter column the seed's rows feed, set to a recount of them. */
async function recount(db: DB): Promise<number> {
  const stepAssignments = sql.join(RATING_STEP_COLUMNS.map((column) => sql`${sql.ref(column)} = t.${sql.ref(column)}`));
  const statements = [
    sql`update album set rating_count = t.n, rating_sum = t.total, rating_average = t.total / t.n, ${stepAssignments}
      from (select album_id, count(*) as n, sum(rating) as total, ${stepRecounts()} from rating group by album_id) as t
      where album.id = t.album_id`,
    sql`update album set review_count = t.n from (select album_id, count(*) as n from review group by album_id) as t where album.id = t.album_id`,
    sql`update album set like_count = t.n from (select album_id, count(*) as n from album_like group by album_id) as t where album.id = t.album_id`,
    sql`update profile set ratings_count = t.n from (select user_id, count(*) as n from rating group by user_id) as t where profile.user_id = t.user_id`,
    sql`update profile set reviews_count = t.n from (select user_id, count(*) as n from review group by user_id) as t where profile.user_id = t.user_id`,
    sql`update profile set public_collections_count = t.n
      from (select user_id, count(*) as n from collection where is_private = 0 group by user_id) as t where profile.user_id = t.user_id`,
    sql`update profile set followers_count = t.n
      from (select followee_id, count(*) as n from follow group by followee_id) as t where profile.user_id = t.followee_id`,
    sql`update profile set following_count = t.n
      from (select follower_id, count(*) as n from follow group by follower_id) as t where profile.user_id = t.follower_id`,
    sql`update review set like_count = t.n from (select review_id, count(*) as n from review_like group by review_id) as t where review.id = t.review_id`,
    sql`update review set comment_count = t.n
      from (select review_id, count(*) as n from review_comment group by review_id) as t where review.id = t.review_id`,
    sql`update collection set album_count = t.n, updated_at = t.last
      from (select collection_id, count(*) as n, max(added_at) as last from collection_album group by collection_id) as t
      where collection.id = t.collection_id`,
    sql`update collection set like_count = t.n
      from (select collection_id, count(*) as n from collection_like group by collection_id) as t where collection.id = t.collection_id`,
  ];
  let rows = 0;
  for (const statement of statements) rows += Number((await statement.execute(db)).numAffectedRows ?? 0);
  return rows;
}

/**
 * Fills seed_scale_pairs (i, l, r) with `count` distinct pairs (l, r): the first by i of the candidates `block(from,
 * to)` makes for i in [from, to). Blocks are drawn until there are enough; duplicates keep their smallest i, so the
 * outcome does not depend on the order an engine happens to insert in. With `count` null, `block` is asked once for
 * [0, blocks) and everything distinct is kept.
 */
async function distinctPairs(db: DB, count: number | null, block: (from: number, to: number) => Sql, blocks?: number) {
  await sql`drop table if exists seed_scale_pairs`.execute(db);
  await db.schema
    .createTable('seed_scale_pairs')
    .addColumn('i', 'bigint', (col) => col.primaryKey())
    .addColumn('l', 'bigint', (col) => col.notNull())
    .addColumn('r', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('seed_scale_pairs_lr', ['l', 'r'])
    .execute();
  const add = (from: number, to: number) =>
    // `where true`: SQLite reads the ON CONFLICT of an INSERT … SELECT only after a WHERE.
    sql`insert into seed_scale_pairs (i, l, r)
      select min(i), l, r from (${block(from, to)}) as candidates where true group by l, r
      on conflict (l, r) do nothing`.execute(db);
  if (count === null) {
    await add(0, blocks ?? 0);
    return;
  }
  const have = async () => Number((await sql<{ n: number }>`select count(*) as n from seed_scale_pairs`.execute(db)).rows[0]!.n);
  let from = 0;
  let size = Math.ceil(count * 1.1) + 1000;
  for (let round = 0; ; round++) {
    await add(from, from + size);
    from += size;
    const found = await have();
    if (found >= count) break;
    if (round > 40) throw new Error(`Could not draw ${count} distinct pairs (found ${found}); ask for fewer`);
    size = Math.max(1000, Math.ceil((count - found) * 2));
  }
  await sql`delete from seed_scale_pairs where i > (select i from seed_scale_pairs order by i limit 1 offset ${lit(count - 1)})`.execute(
    db,
  );
}

/** Secondary (non-unique) indexes of the bulk tables, with the statement that makes each again. */
async function secondaryIndexes(db: DB, d: Dialect): Promise<{ name: string; sql: string }[]> {
  const tables = sql.join(BULK_TABLES.map((table) => sql.lit(table)));
  const { rows } = d.postgres
    ? await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes
        where schemaname = current_schema() and tablename in (${tables}) and indexdef not like 'CREATE UNIQUE%' order by indexname`.execute(
        db,
      )
    : await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
        where type = 'index' and tbl_name in (${tables}) and sql is not null and sql not like 'CREATE UNIQUE%' order by name`.execute(db);
  return rows;
}

/** The foreign keys of the bulk tables on PostgreSQL, with their definitions. */
async function postgresForeignKeys(db: DB): Promise<{ table: string; name: string; definition: string }[]> {
  const tables = sql.join(BULK_TABLES.map((table) => sql.lit(table)));
  const { rows } = await sql<{ table: string; name: string; definition: string }>`
    select rel.relname as table, con.conname as name, pg_get_constraintdef(con.oid) as definition
    from pg_constraint con join pg_class rel on rel.oid = con.conrelid join pg_namespace ns on ns.oid = rel.relnamespace
    where con.contype = 'f' and ns.nspname = current_schema() and rel.relname in (${tables})
    order by rel.relname, con.conname`.execute(db);
  return rows;
}

/** Rows into a work table, a few hundred per statement. */
async function insertRows(db: DB, table: string, rows: readonly Record<string, string | number>[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const value = (item: string | number) => (typeof item === 'number' ? lit(item) : sql`${item}`);
  for (let from = 0; from < rows.length; from += 500) {
    const batch = rows.slice(from, from + 500);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column)))}) values ${sql.join(
      batch.map((row) => sql`(${sql.join(columns.map((column) => value(row[column]!)))})`),
    )}`.execute(db);
  }
}

/** 0 … count-1 in a seeded random order. */
function shuffled(count: number, next: () => number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let index = count - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

const pick = <T>(items: readonly T[], next: () => number): T => items[Math.floor(next() * items.length)]!;

/**
 * Members by rank (0 the most active and most followed), each with a number n (member<n>), the day they joined (the
 * most active joined early; the rest more and more as the site grew) and a leaning of -2 … +2 half steps.
 */
function makeMembers(count: number, next: () => number, start: number, epoch: number) {
  const order = shuffled(count, next);
  const span = epoch - start - 2 * 86_400;
  return order.map((index, rank) => {
    const early = rank < Math.max(1, count / 100);
    const position = early ? next() * 0.25 : Math.max(next(), next());
    const roll = next();
    const genres = PREFERRED_GENRES.filter(() => next() < 0.2);
    return {
      rank,
      n: index + 1,
      id: `scale-member-${index + 1}`,
      name: `${pick(FIRST_NAMES, next)} ${pick(LAST_NAMES, next)}`,
      joined: start + Math.floor(position * span),
      bias: Math.floor(next() * 5) - 2,
      visibility: roll < 0.02 ? 'followers' : roll < 0.025 ? 'private' : 'public',
      bio: next() < 0.35 ? pick(BIOS, next) : '',
      genres: JSON.stringify(genres),
    };
  });
}

function capitalised(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** An artist name: invented words, sometimes "The …" or "… & the …". */
function artistName(next: () => number): string {
  const word = () => capitalised(Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(NAME_SYLLABLES, next)).join(''));
  const roll = next();
  if (roll < 0.35) return `${word()} ${word()}`;
  if (roll < 0.55) return `The ${pick(TITLE_WORDS, next)} ${word()}s`;
  if (roll < 0.65) return `${word()} & the ${pick(TITLE_WORDS, next)}s`;
  return word();
}

function albumTitle(next: () => number): string {
  const roll = next();
  const word = () => pick(TITLE_WORDS, next);
  if (roll < 0.3) return `${word()} ${word()}`;
  if (roll < 0.45) return `${word()} of ${word()}`;
  if (roll < 0.55) return `The ${word()}`;
  if (roll < 0.7) return word();
  if (roll < 0.8) return `${word()} ${word()} ${word()}`;
  if (roll < 0.9) return `In the ${word()}`;
  return `${word()} and ${word()}`;
}

/** `count` albums by about count/6 artists (a few with dozens of albums), years skewed to recent, tracklists of 6–14. */
function makeCatalog(count: number, next: () => number, lastYear: number, epoch: number) {
  const artistNames = new Map<string, string>();
  while (artistNames.size < Math.ceil(count / 6)) {
    const name = artistName(next);
    // Two names with one match key would be one artist to the catalog writer.
    const key = albumMatchKey(name, '');
    if (!artistNames.has(key)) artistNames.set(key, name);
  }
  const artists = [...artistNames.values()];
  const taken = new Set<string>();
  const entries: { entry: CatalogEntry; released: number }[] = [];
  for (let index = 0; index < count; index++) {
    const artist = artists[Math.floor(Math.pow(next(), 1.5) * artists.length)]!;
    const credits =
      next() < 0.05
        ? [
            { name: artist, joinPhrase: ' & ' },
            { name: pick(artists, next), joinPhrase: '' },
          ]
        : [{ name: artist, joinPhrase: '' }];
    const credit = creditText(credits);
    let title = albumTitle(next);
    // Albums of one artist and title are one album to the catalog writer: a repeated title becomes a new volume.
    for (let volume = 2; taken.has(albumMatchKey(credit, title)); volume++) title = `${title.replace(/ Vol\. \d+$/, '')} Vol. ${volume}`;
    taken.add(albumMatchKey(credit, title));
    let year = lastYear - Math.floor(Math.pow(next(), 1.6) * 71);
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    // Nothing is released after the epoch: a day of this year still to come is last year's.
    if (Date.UTC(year, month - 1, day) / 1000 > epoch - 86_400) year--;
    const released = Date.UTC(year, month - 1, day) / 1000;
    const roll = next();
    let type: ReleaseType = 'album';
    for (let sum = 0, k = 0; k < RELEASE_TYPES.length; k++) {
      sum += RELEASE_TYPES[k]![1];
      if (roll < sum) {
        type = RELEASE_TYPES[k]![0];
        break;
      }
    }
    const trackCount = type === 'ep' ? 4 + Math.floor(next() * 3) : 6 + Math.floor(next() * 9);
    entries.push({
      released,
      entry: {
        title,
        credits,
        releaseDate: next() < 0.5 ? String(year) : `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        releaseType: type,
        rawGenres: pick(GENRES, next),
        label: next() < 0.6 ? pick(LABELS, next) : null,
        description: null,
        mbid: null,
        artistMbids: credits.map(() => null),
        discogsMasterId: null,
        tracks: Array.from({ length: trackCount }, (_, position) => ({
          disc: 1,
          position: position + 1,
          title: next() < 0.3 ? `${pick(TITLE_WORDS, next)} ${pick(TITLE_WORDS, next)}` : pick(TITLE_WORDS, next),
          durationMs: 1000 * (120 + Math.floor(next() * 300)),
        })),
        source: 'catalog',
      },
    });
  }
  return entries;
}

/**
 * The application's argon2id hash of the password, with its own parameters, but a salt from the seed: one hash for
 * every member (hashing 50,000 times would take minutes), and the same bytes on every run.
 */
async function deterministicHash(password: string, seed: number): Promise<string> {
  const reference = await hashPassword(password);
  // $argon2id$v=19$m=19456,p=1,t=2$salt$hash: the parameters, in whatever order they come.
  const parameters = Object.fromEntries((reference.split('$')[3] ?? '').split(',').map((pair) => pair.split('=') as [string, string]));
  if (!reference.startsWith('$argon2id$') || !parameters.m || !parameters.t || !parameters.p) {
    throw new Error('The application no longer hashes passwords with argon2id: the scale seed needs updating');
  }
  const salt = createHash('sha256').update(`hearsay-scale-seed-${seed}`).digest().subarray(0, 16);
  const [memory, passes, parallelism] = [parameters.m, parameters.t, parameters.p].map(Number) as [number, number, number];
  const tag = argon2Sync('argon2id', { message: password, nonce: salt, tagLength: 32, memory, passes, parallelism });
  const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${base64(salt)}$${base64(tag)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The command line.

const SIZE_FLAGS: Record<string, keyof ScaleSizes> = {
  albums: 'albums',
  members: 'members',
  ratings: 'ratings',
  reviews: 'reviews',
  follows: 'follows',
  'review-likes': 'reviewLikes',
  'review-comments': 'reviewComments',
  collections: 'collections',
  'collection-likes': 'collectionLikes',
  'journal-entries': 'journalEntries',
  'album-likes': 'albumLikes',
};

/** The name a seeded site's SQLite file is given: its sizes and seed. */
export function sizesTag(sizes: ScaleSizes, seed: number): string {
  return `${sizes.albums}-albums-${sizes.members}-members-${sizes.ratings}-ratings-${sizes.reviews}-reviews-seed-${seed}`;
}

/** The database to fill: a new SQLite file in .bench/, a new PostgreSQL database on the server given, or a SQLite file given. */
async function prepareDatabase(target: string | undefined, sizes: ScaleSizes, seed: number): Promise<string> {
  if (target?.startsWith('postgres')) {
    const name = `hearsay_seed_a${sizes.albums}_m${sizes.members}_r${sizes.ratings}_v${sizes.reviews}_s${seed}`;
    const admin = new pg.Client({ connectionString: target });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } catch (error) {
      throw new Error(`Could not create the database ${name} (${(error as Error).message}); drop it to seed it again`, { cause: error });
    } finally {
      await admin.end();
    }
    const url = new URL(target);
    url.pathname = `/${name}`;
    return url.toString();
  }
  if (target) return target.startsWith('sqlite:') ? target : `sqlite:${target}`;
  const directory = join(new URL('../..', import.meta.url).pathname, '.bench');
  mkdirSync(directory, { recursive: true });
  return `sqlite:${join(directory, `scale-${sizesTag(sizes, seed)}.db`)}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string' },
      scale: { type: 'string' },
      seed: { type: 'string' },
      epoch: { type: 'string' },
      help: { type: 'boolean' },
      ...Object.fromEntries(Object.keys(SIZE_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
    },
  });
  if (values.help) {
    process.stdout.write(
      'npm run seed:scale -- [--database sqlite:<file> | postgres://<server>] [--scale <factor>] [--seed <n>] [--epoch <ISO date>]\n' +
        `  sizes: ${Object.keys(SIZE_FLAGS)
          .map((flag) => `--${flag} (${DEFAULT_SIZES[SIZE_FLAGS[flag]!].toLocaleString('en')})`)
          .join(', ')}\n`,
    );
    return;
  }
  const number = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${flag} must be a number, not "${value}"`);
    return parsed;
  };
  const sizes: Partial<ScaleSizes> = {};
  for (const [flag, key] of Object.entries(SIZE_FLAGS)) {
    const value = number(flag, (values as Record<string, string | undefined>)[flag]);
    if (value !== undefined) sizes[key] = Math.round(value);
  }
  const options: SeedOptions = {
    sizes,
    scale: number('scale', values.scale),
    seed: number('seed', values.seed),
    epoch: values.epoch,
  };
  const resolved = resolveSizes(options);
  const seed = options.seed ?? 1;
  const url = await prepareDatabase(values.database, resolved, seed);
  const database = openDatabase(url);
  process.stdout.write(`Seeding ${database.description} (seed ${seed}):\n`);
  const count = (value: number) => value.toLocaleString('en');
  // A bar while the catalog is written (the one long step); a line per tenth when the output is not a terminal.
  const bar = process.stdout.isTTY
    ? new SingleBar({ format: '  album {bar} {value}/{total}', hideCursor: true }, Presets.shades_classic)
    : null;
  let barRunning = false;
  let tenths = 0;
  const stopBar = () => {
    if (barRunning) bar?.stop();
    barRunning = false;
  };
  try {
    await migrateToLatest(database.db);
    const result = await seedScale(database.db, {
      ...options,
      onProgress: (progress) => {
        if (progress.kind === 'catalog') {
          if (bar && !barRunning) bar.start(progress.total, 0);
          barRunning = Boolean(bar);
          bar?.update(progress.done);
          if (!bar && Math.floor((10 * progress.done) / progress.total) > tenths) {
            tenths = Math.floor((10 * progress.done) / progress.total);
            process.stdout.write(`  album ${count(progress.done)}/${count(progress.total)}\n`);
          }
          return;
        }
        stopBar();
        process.stdout.write(
          `  ${progress.step.padEnd(24)} ${count(progress.rows).padStart(11)} rows  ${progress.seconds.toFixed(1).padStart(7)} s\n`,
        );
      },
    });
    const counts = await countRows(database.db);
    process.stdout.write('\nRows:\n');
    for (const [table, rows] of Object.entries(counts)) process.stdout.write(`  ${table.padEnd(24)} ${count(rows).padStart(11)}\n`);
    process.stdout.write(
      `\nSeeded in ${result.seconds.toFixed(0)} s. DATABASE_URL=${url}\n` +
        `Members sign in as member1@scale.invalid … member${result.sizes.members}@scale.invalid, password ${SCALE_PASSWORD}\n`,
    );
  } catch (error) {
    stopBar();
    throw new Error(`${database.description}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await database.destroy();
  }
}

if (import.meta.main) {
  await main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
