import { SEARCH_COUNT_LIMIT, type SearchResult } from '@hearsay/contracts/search';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { SQLITE_SEARCH_TABLES } from '../../platform/db/search-segments.ts';
import { postgresIndexDefinition, sqlitePlan, usingPostgres } from '../../../test/database.ts';
import { buildAlbum, buildAlbums, buildMember, seedRatings, seedStarterCatalog } from '../../../test/factories.ts';
import { countStatements } from '../../../test/statements.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { editDistance, nameTier, rankByName } from './search-text.ts';
import { prefixRange } from './search.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedStarterCatalog(t.db);
});
afterAll(() => t.close());

async function search(query: string): Promise<SearchResult> {
  const response = await t.inject(`/api/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResult>();
}

describe('GET /api/search', () => {
  it('finds an artist despite a typo', async () => {
    const result = await search('q=radiohed&type=artists');
    expect(result.artists[0]?.name).toBe('Radiohead');
    expect(result.counts.albums).toBeGreaterThan(3);
  });

  it('ranks exact and prefix matches on a name above typo matches', async () => {
    const artists = await search('q=kanye&type=artists');
    const names = artists.artists.map((artist) => artist.name);
    expect(names[0]).toBe('Kanye West');
    if (names.includes('Kane Brown')) expect(names.indexOf('Kane Brown')).toBeGreaterThan(names.indexOf('Kanye West'));
    const albums = await search('q=kanye&limit=50');
    const credits = albums.albums.map((album) => album.artistCredit);
    expect(credits.slice(0, 5).every((credit) => credit.includes('Kanye West'))).toBe(true);
    expect(credits).not.toContain('Kane Brown');

    const rock = await search('q=rock&limit=100');
    const titles = rock.albums.map((album) => album.title);
    expect(titles).toContain('Combat Rock');
    expect(titles).not.toContain('The Great Adventures of Slick Rick');
    expect(rock.counts.artists).toBeGreaterThan(0);
  });

  it('puts a whole-name match first, then names starting with the words', async () => {
    const ok = await search('q=ok+computer');
    expect(ok.albums[0]?.title).toBe('OK Computer');
    const combat = await search('q=combat+rock');
    expect(combat.albums[0]?.title).toBe('Combat Rock');
  });

  it('corrects typos only when too few words match as typed', async () => {
    const typo = await search('q=kayne+west&type=artists');
    expect(typo.artists[0]?.name).toBe('Kanye West');
    const rick = await search('q=slick+rock');
    expect(rick.albums.map((album) => album.title)).toContain('The Great Adventures of Slick Rick');
    const combat = await search('q=combat+rick');
    expect(combat.albums[0]?.title).toBe('Combat Rock');
  });

  it('takes words that find albums as spelled right, even where they name no artist', async () => {
    await buildAlbums(t.db, 6, 'Marmalade Skies', 'Orchard Band');
    await buildAlbum(t.db, { title: 'Sunrise', artist: 'Marmelade' });
    const spelled = await search('q=marmalade&type=artists');
    expect(spelled.counts.albums).toBe(6);
    expect(spelled.artists).toEqual([]);
    // Too few as typed: the correction finds the albums the other way round.
    const typo = await search('q=marmelade');
    expect(typo.albums.map((album) => album.title)).toEqual(expect.arrayContaining(['Sunrise', 'Marmalade Skies 1']));
  });

  it('matches word prefixes across title and artist', async () => {
    const result = await search('q=ok+comp');
    expect(result.albums[0]?.title).toBe('OK Computer');
    expect(result.albums[0]?.artistCredit).toBe('Radiohead');
  });

  it('ignores case and diacritics', async () => {
    const plain = await search('q=bjork&type=artists');
    expect(plain.artists.map((artist) => artist.name)).toContain('Björk');
    const accented = await search('q=BJÖRK&type=artists');
    expect(accented.artists[0]?.id).toBe(plain.artists[0]?.id);
  });

  it('returns the count of every tab and only the chosen tab’s results', async () => {
    const result = await search('q=radiohead&type=albums');
    expect(result.counts).toMatchObject({ artists: 1, collections: 0 });
    expect(result.albums.length).toBe(result.counts.albums);
    expect(result.artists).toEqual([]);
    const artists = await search('q=radiohead&type=artists');
    expect(artists.artists).toHaveLength(1);
    expect(artists.counts).toEqual(result.counts);
  });

  it('suggests the best few albums, artists and people for the words as typed, leaving out people hidden from the reader', async () => {
    const open = await createUser(t, { name: 'Radiohead Suggested' });
    const closed = await createUser(t, { name: 'Radiohead Closed' });
    const visibility = await t.inject({
      method: 'PUT',
      url: '/api/me/visibility',
      payload: { visibility: 'private' },
      headers: { cookie: closed.cookie },
    });
    expect(visibility.statusCode, visibility.body).toBe(200);
    const response = await t.inject('/api/search/suggestions?q=radiohea');
    expect(response.statusCode, response.body).toBe(200);
    const suggestions = response.json<{ albums: { artistCredit: string }[]; artists: { name: string }[]; users: { id: string }[] }>();
    expect(suggestions.artists[0]?.name).toBe('Radiohead');
    expect(suggestions.albums.length).toBeGreaterThan(0);
    expect(suggestions.albums.length).toBeLessThanOrEqual(4);
    expect(suggestions.albums.every((album) => album.artistCredit.includes('Radiohead'))).toBe(true);
    expect(suggestions.users.map((user) => user.id)).toContain(open.user.id);
    expect(suggestions.users.map((user) => user.id)).not.toContain(closed.user.id);
    expect((await t.inject('/api/search/suggestions?q=')).json()).toEqual({ q: '', albums: [], artists: [], users: [] });
  });

  it('offers the catalog’s latest release years in the year filter and filters by any of them', async () => {
    const fresh = await buildAlbum(t.db, { title: 'Yearfilter Record', artist: 'Yearfilter Band', releaseDate: '2026-03-01' });
    const years = await t.inject('/api/search/years');
    expect(years.statusCode, years.body).toBe(200);
    const { years: offered, before } = years.json<{ years: number[]; before: number | null }>();
    expect(offered[0]).toBe(2026);
    expect(offered).toEqual([...offered].sort((a, b) => b - a));
    expect(offered).toHaveLength(5);
    expect(before).toBe(offered[4]);
    const found = await search('q=yearfilter&year=2026');
    expect(found.albums.map((album) => album.id)).toEqual([fresh]);
    const older = await search(`q=radiohead&year=before-${before}`);
    expect(older.albums.length).toBeGreaterThan(0);
    expect(older.albums.every((album) => (album.releaseYear ?? 0) < before!)).toBe(true);
    expect((await t.inject('/api/search?q=x&year=latest')).statusCode).toBe(400);
  });

  it('applies the year, genre and rating filters and the sorts', async () => {
    const all = await search('q=radiohead');
    const before = await search('q=radiohead&year=before-2020');
    expect(before.albums.every((album) => (album.releaseYear ?? 0) < 2020)).toBe(true);
    const recent = await search('q=radiohead&sort=recent');
    const years = recent.albums.map((album) => album.releaseYear ?? 0);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const electronic = await search('q=radiohead&genre=electronic');
    expect(electronic.counts.albums).toBeLessThanOrEqual(all.counts.albums);
    expect(electronic.albums.every((album) => album.genres.some((genre) => genre.slug === 'electronic'))).toBe(true);

    const okComputer = all.albums.find((album) => album.title === 'OK Computer');
    await seedRatings(t.db, okComputer!.id, [9, 9.5, 10]);
    const rated = await search('q=radiohead&minRating=9');
    expect(rated.albums.map((album) => album.title)).toEqual(['OK Computer']);
    const byRating = await search('q=radiohead&sort=rating');
    expect(byRating.albums[0]?.title).toBe('OK Computer');
  });

  it('searches people by name and username', async () => {
    await buildMember(t.db, 'Ada Lovelace');
    const result = await search('q=lovel&type=users');
    expect(result.users.map((user) => user.name)).toEqual(['Ada Lovelace']);
    expect(result.counts.users).toBe(1);
  });

  it('tells a signed-in person whom they follow among the people found', async () => {
    const viewer = await createUser(t, { name: 'Grace Hopperson' });
    const other = await createUser(t, { name: 'Grace Followable' });
    const follow = await t.inject({ method: 'PUT', url: `/api/users/${other.user.username}/follow`, headers: { cookie: viewer.cookie } });
    expect(follow.statusCode, follow.body).toBe(200);
    const response = await t.inject({ url: '/api/search?q=grace&type=users', headers: { cookie: viewer.cookie } });
    const users = response.json<SearchResult>().users;
    expect(users.find((user) => user.id === other.user.id)).toMatchObject({ isFollowing: true, isViewer: false });
    expect(users.find((user) => user.id === viewer.user.id)).toMatchObject({ isFollowing: false, isViewer: true });
    const visitor = await search('q=grace&type=users');
    expect(visitor.users.every((user) => !user.isFollowing && !user.isViewer)).toBe(true);
  });

  it('finds albums added after start-up, and pages through results', async () => {
    await buildAlbum(t.db, { title: 'Zyxwv Sessions', artist: 'Qwerty Ensemble' });
    const result = await search('q=zyxwv');
    expect(result.albums.map((album) => album.title)).toEqual(['Zyxwv Sessions']);
    const page2 = await search('q=the&limit=5&page=2');
    expect(page2.page).toBe(2);
    expect(page2.albums).toHaveLength(5);
    expect(page2.totalPages).toBe(Math.ceil(page2.total / 5));
  });

  it('answers an empty query with nothing and no error', async () => {
    const result = await search('q=');
    expect(result.total).toBe(0);
    expect(result.counts).toEqual({ albums: 0, artists: 0, users: 0, collections: 0 });
    const symbols = await search(`q=${encodeURIComponent('"*()-:^')}`);
    expect(symbols.total).toBe(0);
  });

  it('rejects bad parameters with a message naming them', async () => {
    for (const [query, parameter] of [
      ['q=x&type=songs', 'type'],
      ['q=x&sort=loudest', 'sort'],
      ['q=x&year=nineties', 'year'],
      ['q=x&minRating=5', 'minRating'],
      ['q=x&limit=500', 'limit'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ] as const) {
      const response = await t.inject(`/api/search?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(`"${parameter}"`);
    }
    const unknownGenre = await t.inject('/api/search?q=x&genre=polka-core');
    expect(unknownGenre.statusCode).toBe(404);
  });
});

describe('GET /api/search, people and collections', () => {
  const as = (person: TestUser | undefined, query: string) =>
    t.inject({ url: `/api/search?${query}`, headers: person ? { cookie: person.cookie } : {} }).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchResult>();
    });
  const send = async (person: TestUser, method: 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const response = await t.inject({ method, url, headers: { cookie: person.cookie }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  };
  const names = (result: SearchResult) => result.users.map((user) => user.name);
  const titles = (result: SearchResult) => result.collections.map((collection) => collection.title);

  // Signed in: a visitor's answers are cached for a few seconds.
  it('keeps people current: a new name, a new username, a deleted account', async () => {
    const [person, watcher] = await Promise.all([createUser(t, { name: 'Quentin Marlowe' }), createUser(t, { name: 'Watching Person' })]);
    expect(names(await as(watcher, 'q=quentin&type=users'))).toEqual(['Quentin Marlowe']);
    expect(names(await as(watcher, 'q=brightw&type=users'))).toEqual([]);
    await send(person!, 'PUT', '/api/auth/profile', { name: 'Quilla Brightwater' });
    expect(names(await as(watcher, 'q=brightw&type=users'))).toEqual(['Quilla Brightwater']);
    // Still found by the username made from the first name, until that changes too.
    expect(names(await as(watcher, 'q=quentin&type=users'))).toEqual(['Quilla Brightwater']);
    await send(person!, 'PUT', '/api/me/username', { username: 'zephyrine_q', password: person!.password });
    expect(names(await as(watcher, 'q=quentin&type=users'))).toEqual([]);
    expect((await as(watcher, 'q=zephyrine&type=users')).users.map((user) => user.username)).toEqual(['zephyrine_q']);
    await send(person!, 'DELETE', '/api/me', { password: person!.password });
    expect(await as(watcher, 'q=brightwater&type=users')).toMatchObject({ users: [], counts: { users: 0 } });
  });

  it('leaves out private profiles and people blocked either way', async () => {
    const [viewer, closed, blocked, blocker] = await Promise.all(
      ['Oswin Viewer', 'Oswin Private', 'Oswin Blocked', 'Oswin Blocker'].map((name) => createUser(t, { name })),
    );
    await send(closed!, 'PUT', '/api/me/visibility', { visibility: 'private' });
    await send(viewer!, 'PUT', `/api/users/${blocked!.user.username}/block`);
    await send(blocker!, 'PUT', `/api/users/${viewer!.user.username}/block`);
    const seen = await as(viewer, 'q=oswin&type=users');
    expect(names(seen)).toEqual(['Oswin Viewer']);
    expect(seen.counts.users).toBe(1);
    expect(names(await as(closed, 'q=oswin&type=users')).sort()).toEqual([
      'Oswin Blocked',
      'Oswin Blocker',
      'Oswin Private',
      'Oswin Viewer',
    ]);
    expect(names(await as(undefined, 'q=oswin&type=users')).sort()).toEqual(['Oswin Blocked', 'Oswin Blocker', 'Oswin Viewer']);
  });

  it('keeps collections current: created, renamed, made private and public again, deleted', async () => {
    const [owner, watcher] = await Promise.all([
      createUser(t, { name: 'Collector Person' }),
      createUser(t, { name: 'Watching Collector' }),
    ]);
    const albumId = await buildAlbum(t.db, { title: 'Collected Work' });
    const created = await send(owner!, 'POST', '/api/collections', { name: 'Sunday Vinylmornings', albumIds: [albumId] });
    const id = created.json<{ id: string }>().id;
    expect(titles(await as(watcher, 'q=vinylmorn&type=collections'))).toEqual(['Sunday Vinylmornings']);
    await send(owner!, 'PATCH', `/api/collections/${id}`, { name: 'Midweek Tapedecks' });
    expect(titles(await as(watcher, 'q=vinylmorn&type=collections'))).toEqual([]);
    expect(titles(await as(watcher, 'q=tapedeck&type=collections'))).toEqual(['Midweek Tapedecks']);
    await send(owner!, 'PATCH', `/api/collections/${id}`, { isPrivate: true });
    expect(await as(watcher, 'q=tapedeck&type=collections')).toMatchObject({ collections: [], counts: { collections: 0 } });
    // Search lists public collections only, the owner's own private ones included.
    expect(await as(owner, 'q=tapedeck&type=collections')).toMatchObject({ collections: [], counts: { collections: 0 } });
    await send(owner!, 'PATCH', `/api/collections/${id}`, { isPrivate: false });
    expect(titles(await as(watcher, 'q=tapedeck&type=collections'))).toEqual(['Midweek Tapedecks']);
    await send(owner!, 'DELETE', `/api/collections/${id}`);
    expect(titles(await as(watcher, 'q=tapedeck&type=collections'))).toEqual([]);
  });

  it('leaves out collections of closed profiles and of people blocked either way', async () => {
    const [viewer, closed, follower, blocked] = await Promise.all(
      ['Viewer Crate', 'Closed Crate', 'Follower Crate', 'Blocked Crate'].map((name) => createUser(t, { name })),
    );
    const albumId = await buildAlbum(t.db, { title: 'Crated Sounds' });
    for (const person of [closed!, blocked!])
      await send(person, 'POST', '/api/collections', { name: `Quixotic ${person.user.name}`, albumIds: [albumId] });
    await send(closed!, 'PUT', '/api/me/visibility', { visibility: 'followers' });
    await send(viewer!, 'PUT', `/api/users/${blocked!.user.username}/block`);
    expect(await as(viewer, 'q=quixotic&type=collections')).toMatchObject({ collections: [], counts: { collections: 0 } });
    expect(titles(await as(undefined, 'q=quixotic&type=collections'))).toEqual(['Quixotic Blocked Crate']);
    // A follower the owner approved sees a followers-only profile's collections.
    await send(follower!, 'PUT', `/api/users/${closed!.user.username}/follow`);
    await send(closed!, 'PUT', `/api/me/follow-requests/${follower!.user.username}`);
    expect(titles(await as(follower, 'q=quixotic&type=collections')).sort()).toEqual(['Quixotic Blocked Crate', 'Quixotic Closed Crate']);
  });

  it(`stops counting at ${SEARCH_COUNT_LIMIT} and says there are more`, async () => {
    await buildAlbums(t.db, SEARCH_COUNT_LIMIT + 5, 'Plentiful', 'Plentiful Orchestra');
    await buildAlbum(t.db, { title: 'Plentiful', artist: 'Someone Else' });
    const result = await search('q=plentiful&limit=10');
    expect(result.counts.albums).toBe(SEARCH_COUNT_LIMIT);
    expect(result.more).toMatchObject({ albums: true, artists: false });
    expect(result.total).toBe(SEARCH_COUNT_LIMIT);
    // Past the limit the ranking is of the first matches; more words find the one meant.
    expect((await search('q=plentiful+someone')).albums[0]?.title).toBe('Plentiful');
    const few = await search('q=radiohead');
    expect(few.more).toEqual({ albums: false, artists: false, users: false, collections: false });
  });

  // On PostgreSQL each statement is a round trip: the albums, artists, people and collections a search finds as typed
  // are one statement, its cards another. SQLite reads each on its own (no round trips), past the limit only.
  it('reads what a search finds as typed in one statement on PostgreSQL', async () => {
    await buildAlbums(t.db, 5, 'Ocelot Hour', 'The Ocelots');
    const { result, statements } = await countStatements(t, () => search('q=ocelot'));
    expect(result.counts).toEqual({ albums: 5, artists: 1, users: 0, collections: 0 });
    expect(statements).toBe(usingPostgres ? 2 : 5);
  });

  it(`finds the album named as typed among more than ${SEARCH_COUNT_LIMIT} matches, even one added after them`, async () => {
    await buildAlbums(t.db, SEARCH_COUNT_LIMIT + 5, 'Suite', 'Quillwort Orchestra');
    // Added last, so not among the first matches the index gives: found because its name begins with the word.
    await buildAlbum(t.db, { title: 'Quillwort', artist: 'Aster' });
    const result = await search('q=quillwort&limit=5');
    expect(result.more.albums).toBe(true);
    expect(result.albums[0]?.title).toBe('Quillwort');
  });

  it('pages through every match once, ranking a whole word above names that only begin with it', async () => {
    const many = await buildAlbums(t.db, 260, 'Quasarian', 'Quasarian Choir');
    const buried = await buildAlbum(t.db, { title: 'Night of the Quasar', artist: 'Late Addition' });
    const first = await search('q=quasar&limit=100');
    expect(first.counts.albums).toBe(many.length + 1);
    expect(first.more.albums).toBe(false);
    // Indexed last, found first.
    expect(first.albums[0]?.id).toBe(buried);
    const seen = first.albums.map((album) => album.id);
    for (let page = 2; page <= first.totalPages; page++)
      seen.push(...(await search(`q=quasar&limit=100&page=${page}`)).albums.map((album) => album.id));
    expect(seen).toHaveLength(many.length + 1);
    expect(new Set(seen)).toEqual(new Set([...many, buried]));

    // A filter or a sort looks at every match.
    await seedRatings(t.db, many.at(-1)!, [10, 10, 10]);
    expect((await search('q=quasar&sort=rating')).albums[0]?.id).toBe(many.at(-1));
    expect((await search('q=quasar&minRating=9')).counts.albums).toBe(1);
  });

  // Each engine's search indexes in the shape a lookup reads fastest. PostgreSQL: a pending list is read whole by every
  // search until VACUUM merges it (a cost measured in docs/benchmarks.md's history), and a text's beginning has an index of
  // its own. SQLite: every segment is looked up, so they merge as soon as two share a level (the upkeep thread does it;
  // upkeep-thread.test.ts).
  it('keeps every search index in the shape a lookup reads fastest', async () => {
    if (usingPostgres) {
      const { rows } = await sql<{ index: string; options: string[] | null }>`
        SELECT i.relname AS index, i.reloptions AS options FROM pg_index x
        JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_am a ON a.oid = i.relam
        WHERE a.amname = 'gin' AND t.relname LIKE 'search%'`.execute(t.db);
      expect(rows.map((row) => row.index).sort()).toEqual([
        'search_artist_tsv_idx',
        'search_collection_tsv_idx',
        'search_document_tsv_idx',
        'search_person_tsv_idx',
        'search_term_trgm_idx',
      ]);
      for (const row of rows) expect(row.options, row.index).toContain('fastupdate=off');
      // The albums and artists beginning with the words come from a range of a B-tree, not from every match's bitmap.
      for (const table of ['search_document', 'search_artist'])
        expect(await postgresIndexDefinition(t.db, `${table}_text_prefix_idx`)).toMatch(/USING btree \(text COLLATE "C"\)$/);
    } else {
      for (const table of SQLITE_SEARCH_TABLES) {
        const { rows } = await sql<{ v: number }>`SELECT v FROM ${sql.table(`${table}_config`)} WHERE k = 'usermerge'`.execute(t.db);
        expect(rows, table).toEqual([{ v: 2 }]);
      }
    }
  });

  // A typed word's spelling candidates (same first letter, similar length: about 600 words on a catalog of 100,000
  // albums) come from the index alone, not from one lookup in the table for each.
  it('reads the spelling candidates of a word from their index alone', async () => {
    if (usingPostgres) {
      expect(await postgresIndexDefinition(t.db, 'search_term_initial_length_idx')).toMatch(/\(initial, length, term\)$/);
    } else {
      const candidates = t.db
        .selectFrom('search_term')
        .select('term')
        .where('initial', '=', 'r')
        .where('length', '>=', 6)
        .where('length', '<=', 10);
      expect(await sqlitePlan(t.db, candidates)).toEqual([expect.stringContaining('USING COVERING INDEX search_term_initial_length_idx')]);
    }
  });
});

// The names beginning with the words, as a range of the text's B-tree keys on PostgreSQL: every text from the words
// up to, not including, the words with their last letter's code point one higher.
describe('prefixRange', () => {
  it('spans exactly the texts beginning with the words, in any script', () => {
    expect(prefixRange('the')).toEqual({ from: 'the', to: 'thf' });
    expect(prefixRange('ok comp')).toEqual({ from: 'ok comp', to: 'ok comq' });
    expect(prefixRange('кино')).toEqual({ from: 'кино', to: 'кинп' });
    expect(prefixRange('木')).toEqual({ from: '木', to: '朩' });
    expect(prefixRange('\u{1f600}').to).toBe('\u{1f601}');
    expect(prefixRange('a\ud7ff').to).toBe('a\ue000');
    const { from, to } = prefixRange('quill');
    const inside = (text: string) =>
      Buffer.compare(Buffer.from(text), Buffer.from(from)) >= 0 && Buffer.compare(Buffer.from(text), Buffer.from(to)) < 0;
    expect(['quill', 'quill a', 'quillwort aster', 'quillz'].every(inside)).toBe(true);
    expect(['quilk', 'quilm', 'quil', 'qwill'].some(inside)).toBe(false);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps', () => {
    expect(editDistance('radiohed', 'radiohead', 2)).toBe(1);
    expect(editDistance('beatels', 'beatles', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });

  // Past the limit it answers any number above it.
  it('answers as the full table does for every pair, however far apart their letters are', () => {
    // The full Damerau–Levenshtein table, with no shortcut.
    const reference = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
        }
      return d[a.length]![b.length]!;
    };
    const words = [
      'radiohead',
      'radiohed',
      'raidohead',
      'radioheads',
      'headradio',
      'beatles',
      'beatels',
      'betales',
      'aaaa',
      'aaab',
      'abab',
      'baba',
      'björk',
      'bjork',
      'sigur',
      'sugar',
      'rós',
      'ros',
    ];
    for (const a of words)
      for (const b of words)
        for (const limit of [0, 1, 2])
          expect(Math.min(editDistance(a, b, limit), limit + 1), `${a} ${b} ${limit}`).toBe(Math.min(reference(a, b), limit + 1));
  });
});

describe('nameTier and rankByName', () => {
  it('rank the whole name, then its beginning, whole words, a cut-short beginning, then the rest', () => {
    const tokens = ['ok', 'comp'];
    expect(nameTier('ok comp', tokens)).toBe(0);
    expect(nameTier('ok comp radiohead', tokens)).toBe(1);
    expect(nameTier('not ok at all comp', tokens)).toBe(2);
    expect(nameTier('ok computer radiohead', tokens)).toBe(3);
    expect(nameTier('okay compilation', tokens)).toBe(4);
    expect(nameTier('bookcomp ok', tokens)).toBe(4);
    const ranked = rankByName(
      [
        { refId: 'e', text: 'okay compilation' },
        { refId: 'd', text: 'ok computer radiohead' },
        { refId: 'c', text: 'comp ok' },
        { refId: 'b', text: 'ok comp radiohead and more' },
        { refId: 'a', text: 'ok comp radiohead' },
      ],
      tokens,
    );
    expect(ranked.map((match) => match.refId)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
