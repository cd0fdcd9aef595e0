import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { downloadExport, exportData } from '../../../test/exports.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { importHearsayExport } from '../../../test/imports.ts';
import { errorAnswer, requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  // Albums sent back to pending below are read again rather than from the cards' cache.
  t = await createTestApp({ env: { CACHES: 'off' } });
});
afterAll(() => t.close());

const { call, act } = requestsTo(() => t);
const name = (person: TestUser) => person.user.username!;
const titles = (answer: { items: { title: string }[] }) => answer.items.map((album) => album.title);
const setFavourites = (person: TestUser, albumIds: string[]) => call('PUT', '/api/me/favourite-albums', person, { albumIds });
const favouritesOf = (person: TestUser, viewer: TestUser | null) => call('GET', `/api/users/${name(person)}/favourite-albums`, viewer);

async function albums(label: string, count: number) {
  return Promise.all(Array.from({ length: count }, (_, index) => buildAlbum(t.db, { title: `${label} ${index + 1}` })));
}

describe('four favourite albums', () => {
  it('are chosen, reordered and removed by their member, and shown in that order at their profile', async () => {
    const [member, visitorLike] = await Promise.all([createUser(t), createUser(t)]);
    const [first, second, third, fourth] = await albums('Loved', 4);
    expect((await favouritesOf(member, visitorLike)).json()).toEqual({ items: [] });

    const chosen = await act('PUT', '/api/me/favourite-albums', member, { albumIds: [first, second, third, fourth] });
    expect(titles(chosen)).toEqual(['Loved 1', 'Loved 2', 'Loved 3', 'Loved 4']);
    expect(titles((await favouritesOf(member, null)).json())).toEqual(['Loved 1', 'Loved 2', 'Loved 3', 'Loved 4']);

    // Reordered and one removed in one save; a slug names an album as its id does.
    const slug = (await call('GET', `/api/albums/${third}`, null)).json().slug as string;
    await act('PUT', '/api/me/favourite-albums', member, { albumIds: [fourth, slug, first] });
    expect(titles((await favouritesOf(member, visitorLike)).json())).toEqual(['Loved 4', 'Loved 3', 'Loved 1']);
    expect(titles((await call('GET', '/api/users/me/favourite-albums', member)).json())).toEqual(['Loved 4', 'Loved 3', 'Loved 1']);

    await act('PUT', '/api/me/favourite-albums', member, { albumIds: [] });
    expect((await favouritesOf(member, visitorLike)).json()).toEqual({ items: [] });
  });

  it('refuses a fifth, an unknown album, the same album twice and one waiting for confirmation, keeping the choice before', async () => {
    const member = await createUser(t);
    const [a, b, c, d, e] = await albums('Choice', 5);
    await act('PUT', '/api/me/favourite-albums', member, { albumIds: [a, b] });

    const fifth = await setFavourites(member, [a!, b!, c!, d!, e!]);
    expect(fifth.statusCode).toBe(400);
    expect((errorAnswer(fifth) as { issues: unknown }).issues).toEqual([
      expect.objectContaining({ path: 'body.albumIds', code: 'favourite_albums_over_limit' }),
    ]);

    const unknown = await setFavourites(member, [a!, 'no-such-album']);
    expect(unknown.statusCode).toBe(400);
    expect(errorAnswer(unknown)).toMatchObject({ code: 'album_not_found', message: 'There is no album "no-such-album".' });

    const twice = await setFavourites(member, [a!, a!]);
    expect(twice.statusCode).toBe(400);
    expect((errorAnswer(twice) as { issues: unknown }).issues).toEqual([expect.objectContaining({ code: 'favourite_albums_duplicate' })]);

    // The same album by its id and by its slug is still one album.
    const slug = (await call('GET', `/api/albums/${c}`, null)).json().slug as string;
    const sameByTwoNames = await setFavourites(member, [c!, slug]);
    expect(sameByTwoNames.statusCode).toBe(400);
    expect(errorAnswer(sameByTwoNames)).toMatchObject({ code: 'favourite_albums_duplicate' });

    const pending = await buildAlbum(t.db, { title: 'Not Yet Confirmed' });
    await t.db.updateTable('album').set({ status: 'pending' }).where('id', '=', pending).execute();
    const waiting = await setFavourites(member, [pending]);
    expect(waiting.statusCode).toBe(400);
    expect(errorAnswer(waiting)).toMatchObject({ code: 'favourite_album_not_listed' });

    expect((await setFavourites(member, ['x'.repeat(201)])).statusCode).toBe(400);
    expect((await call('PUT', '/api/me/favourite-albums', member, { albumIds: 'all' })).statusCode).toBe(400);
    expect((await setFavourites({ ...member, cookie: '' }, [a!])).statusCode).toBe(401);
    expect(titles((await favouritesOf(member, member)).json())).toEqual(['Choice 1', 'Choice 2']);
  });

  it('follow the profile’s visibility: a private profile and a block hide them, followers see a followers-only one', async () => {
    const [owner, follower, stranger, blocked] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    const [loved] = await albums('Guarded', 1);
    await act('PUT', '/api/me/favourite-albums', owner, { albumIds: [loved] });
    await act('PUT', `/api/users/${name(owner)}/follow`, follower);
    await act('PUT', `/api/users/${name(blocked)}/block`, owner);

    expect((await favouritesOf(owner, blocked)).statusCode).toBe(404);
    await act('PUT', '/api/me/visibility', owner, { visibility: 'followers' });
    expect(titles((await favouritesOf(owner, follower)).json())).toEqual(['Guarded 1']);
    expect((await favouritesOf(owner, stranger)).statusCode).toBe(403);
    expect((await favouritesOf(owner, null)).statusCode).toBe(401);

    await act('PUT', '/api/me/visibility', owner, { visibility: 'private' });
    expect((await favouritesOf(owner, follower)).statusCode).toBe(403);
    expect(titles((await favouritesOf(owner, owner)).json())).toEqual(['Guarded 1']);
  });

  it('leave an album out of the profile once the catalog no longer lists it publicly', async () => {
    const member = await createUser(t);
    const [kept, sentBack] = await albums('Listed', 2);
    await act('PUT', '/api/me/favourite-albums', member, { albumIds: [kept, sentBack] });
    await t.db.updateTable('album').set({ status: 'pending' }).where('id', '=', sentBack!).execute();
    expect(titles((await favouritesOf(member, null)).json())).toEqual(['Listed 1']);
  });
});

describe('an album page’s lists and the people you follow who rated it', () => {
  it('shows public lists and your own private ones, never someone else’s private list nor a blocked or private person’s', async () => {
    const [viewer, author, privateAuthor, blocker, other] = await Promise.all([
      createUser(t, { name: 'Viewer' }),
      createUser(t, { name: 'Author' }),
      createUser(t, { name: 'Private Author' }),
      createUser(t, { name: 'Blocker' }),
      createUser(t, { name: 'Other' }),
    ]);
    const albumId = await buildAlbum(t.db, { title: 'Listed Everywhere' });
    const list = async (person: TestUser, listName: string, isPrivate = false) =>
      (await act('POST', '/api/collections', person, { name: listName, albumIds: [albumId], isPrivate })).id as string;
    await list(author, 'Public Shelf');
    await list(viewer, 'My Secret Shelf', true);
    await list(other, 'Their Secret Shelf', true);
    await list(privateAuthor, 'Behind A Private Profile');
    await list(blocker, 'From Someone Who Blocked You');
    await act('PUT', '/api/me/visibility', privateAuthor, { visibility: 'private' });
    await act('PUT', `/api/users/${name(viewer)}/block`, blocker);

    const names = (answer: { items: { title: string }[] }) => answer.items.map((item) => item.title).sort();
    const circle = (await call('GET', `/api/albums/${albumId}/circle`, viewer)).json();
    expect(names(circle.lists)).toEqual(['My Secret Shelf', 'Public Shelf']);
    expect(circle.lists.total).toBe(2);
    const all = (await call('GET', `/api/albums/${albumId}/lists?page=1&limit=20`, viewer)).json();
    expect(names(all)).toEqual(['My Secret Shelf', 'Public Shelf']);
    expect(all.total).toBe(2);

    const asVisitor = (await call('GET', `/api/albums/${albumId}/circle`, null)).json();
    expect(names(asVisitor.lists)).toEqual(['From Someone Who Blocked You', 'Public Shelf']);
    expect(asVisitor.followedRatings).toEqual({ items: [], total: 0 });
    expect(names((await call('GET', `/api/albums/${albumId}/circle`, other)).json().lists)).toEqual([
      'From Someone Who Blocked You',
      'Public Shelf',
      'Their Secret Shelf',
    ]);
    expect((await call('GET', '/api/albums/no-such-album/circle', viewer)).statusCode).toBe(404);
    expect((await call('GET', '/api/albums/no-such-album/lists', viewer)).statusCode).toBe(404);
  });

  it('names the people you follow who rated it, with their ratings; not the blocked, muted, private or unshared', async () => {
    const viewer = await createUser(t, { name: 'Circle Viewer' });
    const people = await Promise.all(
      ['Friend', 'Close Friend', 'Muted Friend', 'Blocked Friend', 'Locked Friend', 'Quiet Friend', 'Stranger'].map((label) =>
        createUser(t, { name: label }),
      ),
    );
    // Everyone rates it; the viewer follows all but the stranger, the last.
    const [friend, , muted, blocked, locked, quiet] = people as [TestUser, ...TestUser[]];
    const albumId = await buildAlbum(t.db, { title: 'Rated Around You' });
    for (const person of people.slice(0, 6)) await act('PUT', `/api/users/${name(person)}/follow`, viewer);
    for (const [index, person] of people.entries()) await act('PUT', `/api/albums/${albumId}/rating`, person, { rating: 4 + index });
    await act('PUT', `/api/users/${name(muted!)}/mute`, viewer);
    await act('PUT', `/api/users/${name(viewer)}/block`, blocked!);
    await act('PUT', '/api/me/visibility', locked!, { visibility: 'private' });
    await act('PATCH', '/api/me/settings', quiet!, { sharing: { ratings: false } });

    const circle = (await call('GET', `/api/albums/${albumId}/circle`, viewer)).json();
    expect(
      circle.followedRatings.items.map((item: { person: { name: string }; rating: number }) => [item.person.name, item.rating]).sort(),
    ).toEqual([
      ['Close Friend', 5],
      ['Friend', 4],
    ]);
    expect(circle.followedRatings.total).toBe(2);
    expect(circle.followedRatings.items[0].person).toEqual({
      id: expect.any(String),
      username: expect.any(String),
      name: expect.any(String),
      avatarUrl: null,
    });

    // A followers-only profile shows its rating to whoever follows it.
    await act('PUT', '/api/me/visibility', friend, { visibility: 'followers' });
    const stillThere = (await call('GET', `/api/albums/${albumId}/circle`, viewer)).json();
    expect(stillThere.followedRatings.total).toBe(2);
  });
});

describe('favourite albums leaving with Download my data', () => {
  let siteB: TestApp;
  beforeAll(async () => {
    siteB = await createTestApp({ env: { CACHES: 'off' } });
  });
  afterAll(() => siteB.close());

  it('are in the export in order, and an import on another site chooses them again, unless the member already chose', async () => {
    const member = await createUser(t, { name: 'Leaving A' });
    const shared = [
      { title: 'Spiderland', artist: 'Slint' },
      { title: 'Loveless', artist: 'My Bloody Valentine' },
      { title: 'Laughing Stock', artist: 'Talk Talk' },
    ];
    const onA = await Promise.all(shared.map((album) => buildAlbum(t.db, album)));
    const onlyOnA = await buildAlbum(t.db, { title: 'Songs Nobody Else Has', artist: 'Nobody Else' });
    await Promise.all(shared.map((album) => buildAlbum(siteB.db, album)));
    await act('PUT', '/api/me/favourite-albums', member, { albumIds: [onA[2], onlyOnA, onA[0], onA[1]] });

    const done = await exportData(t, member);
    const { files, zip } = await downloadExport(t, member, done.id);
    const exported = JSON.parse(files['hearsay.json']!) as { favouriteAlbums: { album: { title: string }; position: number }[] };
    expect(exported.favouriteAlbums.map((entry) => [entry.position, entry.album.title])).toEqual([
      [1, 'Laughing Stock'],
      [2, 'Songs Nobody Else Has'],
      [3, 'Spiderland'],
      [4, 'Loveless'],
    ]);

    // On B the album B lacks is added for confirmation, so it cannot be a favourite there yet; the others keep their order.
    const arriving = await createUser(siteB, { name: 'Arriving at B' });
    const job = await importHearsayExport(siteB, arriving, new Uint8Array(zip), 'hearsay.zip');
    expect(job.summary).toMatchObject({ favouriteAlbums: 3, skipped: 0 });
    const onB = (await siteB.inject({ url: '/api/users/me/favourite-albums', headers: { cookie: arriving.cookie } })).json();
    expect(titles(onB)).toEqual(['Laughing Stock', 'Spiderland', 'Loveless']);

    // Someone who already chose on B keeps their own choice.
    const settled = await createUser(siteB, { name: 'Settled at B' });
    const [theirOwn] = await Promise.all([buildAlbum(siteB.db, { title: 'Their Own Pick' })]);
    await siteB.inject({
      method: 'PUT',
      url: '/api/me/favourite-albums',
      payload: { albumIds: [theirOwn] },
      headers: { cookie: settled.cookie },
    });
    const again = await importHearsayExport(siteB, settled, new Uint8Array(zip), 'hearsay.zip');
    expect(again.summary.favouriteAlbums).toBe(0);
    const kept = (await siteB.inject({ url: '/api/users/me/favourite-albums', headers: { cookie: settled.cookie } })).json();
    expect(titles(kept)).toEqual(['Their Own Pick']);
  }, 180_000);
});
