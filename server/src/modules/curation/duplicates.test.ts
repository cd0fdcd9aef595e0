import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum, seedStarterCatalog } from '../../../test/factories.ts';
import { importExport } from '../../../test/imports.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const OPERATOR = 'duplicates-operator@example.com';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

let t: TestApp;
let operator: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: OPERATOR } });
  operator = await createUser(t, { name: 'Queue Keeper', email: OPERATOR });
  // The site's starter catalog, and two real RateYourMusic exports imported by two members (fixtures/SOURCES.md).
  await seedStarterCatalog(t.db);
  await importExport(t, await createUser(t), fixture('llcampos-musicdigger-user_albums_export.csv'));
  await importExport(t, await createUser(t), fixture('mbaratta96-musicscraper-user_albums_export.csv'));
}, 300_000);
afterAll(() => t.close());

const { call, act } = requestsTo(() => t);

interface Pair {
  albums: { id: string; title: string; artistCredit: string; year: number | null }[];
  reason: string;
}
const queue = async (): Promise<Pair[]> => (await act('GET', '/api/curation/duplicates?limit=100', operator)).items;
const named = (pair: Pair) => pair.albums.map((album) => `${album.artistCredit} – ${album.title} (${album.year})`).sort();

describe('the possible duplicates queue', () => {
  it('holds the real variants the job finds and none of the real albums that only look alike', async () => {
    await t.app.duplicatesPass();
    const pairs = await queue();
    expect(pairs.map(named).sort()).toEqual([
      ['Curtis Mayfield – Super Fly (The Original Motion Picture Soundtrack) (1972)', 'Curtis Mayfield – Superfly (1972)'],
      ['X-Ray Spex – Germ Free Adolescents (1978)', 'X-Ray Spex – Germfree Adolescents (1978)'],
    ]);
    expect(pairs.every((pair) => pair.reason === 'names')).toBe(true);
    // Alike but different: self-titled albums years apart (Peter Gabriel, Weezer, Crystal Castles' second), the
    // two Boris records called Heavy Rocks, and Battles' Mirrored, in both exports, which the import found once.
    const titles = (
      await t.db.selectFrom('album').select(['title', 'artist_credit']).where('title', 'in', ['Mirrored', 'Heavy Rocks']).execute()
    )
      .map((album) => `${album.artist_credit} – ${album.title}`)
      .sort();
    expect(titles).toEqual(['Battles – Mirrored', 'Boris – Heavy Rocks', 'Boris – Heavy Rocks']);
  });

  it('puts albums of one MusicBrainz release group together; a dismissed pair does not return; a merged pair leaves', async () => {
    // Enrichment matched the second album to the release group the first holds (ids are unique: it records so, in
    // catalog-musicbrainz.ts's words).
    const first = await buildAlbum(t.db, {
      title: 'Ágætis byrjun',
      artist: 'Sigur Rós',
      releaseDate: '1999',
      mbid: '6f6b0b7e-0b5b-4c70-8b7e-3f0a5a6a2c11',
    });
    const second = await buildAlbum(t.db, { title: 'Ágætis Byrjun: 20th Anniversary', artist: 'Sigurrós', releaseDate: '2019' });
    await t.db
      .insertInto('album_enrichment')
      .values({
        album_id: second,
        outcome: 'ambiguous',
        detail: `The catalog has this release group as album ${first}.`,
        checked_at: new Date().toISOString(),
      })
      .execute();
    await t.app.duplicatesPass();
    const pairs = await queue();
    const byMbid = pairs.find((pair) => pair.reason === 'mbid');
    expect(byMbid && byMbid.albums.map((album) => album.id).sort()).toEqual([first, second].sort());

    const germfree = pairs.find((pair) => pair.albums.some((album) => album.title === 'Germfree Adolescents'))!;
    expect((await call('GET', '/api/curation/duplicates', await createUser(t))).statusCode).toBe(404);
    const dismissed = await call('POST', '/api/curation/duplicates/dismissals', operator, {
      albumIds: germfree.albums.map((album) => album.id),
    });
    expect(dismissed.statusCode).toBe(200);
    await act('POST', '/api/curation/merges', operator, { survivorId: first, retiredId: second });
    await t.app.duplicatesPass();
    expect((await queue()).map(named)).toEqual([
      ['Curtis Mayfield – Super Fly (The Original Motion Picture Soundtrack) (1972)', 'Curtis Mayfield – Superfly (1972)'],
    ]);
    const audit = (await call('GET', '/api/moderation/audit', operator)).json();
    expect(audit.items.map((item: { action: string }) => item.action)).toEqual(expect.arrayContaining(['not_duplicate', 'merge']));
  });
});
