import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum, buildMember } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { SHARE_STARTS, shareRange, SITEMAP_URLS_MAX } from './sitemaps.routes.ts';

let t: TestApp;
const PUBLIC_URL = 'https://music.example.org';

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

/** Every page the sitemaps of one kind list, read share by share. */
async function listedIn(kind: string): Promise<string[]> {
  const index = locs((await t.inject('/sitemap.xml')).body).filter((loc) => loc.startsWith(`${PUBLIC_URL}/sitemaps/${kind}-`));
  expect(index).toHaveLength(1024);
  const listed: string[] = [];
  for (const sitemap of index) {
    const answer = await t.inject(sitemap.slice(PUBLIC_URL.length));
    expect(answer.statusCode, sitemap).toBe(200);
    listed.push(...locs(answer.body).map((loc) => loc.slice(PUBLIC_URL.length)));
  }
  return listed;
}

describe('sitemaps', () => {
  it('list every confirmed album and artist once, and the site’s own pages, for search engines', async () => {
    await buildAlbum(t.db, { title: 'Ünïcode & <Ampersands>', artist: 'Sitemap Singer' });
    const pendingId = await buildAlbum(t.db, { title: 'Still Pending', artist: 'Pending Person' });
    await t.db.updateTable('album').set({ status: 'pending' }).where('id', '=', pendingId).execute();
    await t.db.updateTable('artist').set({ status: 'pending' }).where('name', '=', 'Pending Person').execute();

    const index = await t.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const sitemaps = locs(index.body);
    expect(sitemaps).toHaveLength(1 + 2 * 1024);
    expect(sitemaps.every((loc) => loc.startsWith(`${PUBLIC_URL}/sitemaps/`))).toBe(true);

    const listed: string[] = [];
    for (const sitemap of sitemaps) {
      const answer = await t.inject(sitemap.slice(PUBLIC_URL.length));
      expect(answer.statusCode, sitemap).toBe(200);
      expect(answer.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      listed.push(...locs(answer.body).map((loc) => loc.slice(PUBLIC_URL.length)));
    }
    expect(listed).toEqual(expect.arrayContaining(['/', '/trending', '/explore', '/lists']));

    const albums = await t.db.selectFrom('album').select(['slug', 'status']).execute();
    const artists = await t.db.selectFrom('artist').select(['slug', 'status']).execute();
    const expected = [
      ...albums.filter((album) => album.status === 'confirmed').map((album) => `/album/${encodeURIComponent(album.slug)}`),
      ...artists.filter((artist) => artist.status === 'confirmed').map((artist) => `/artist/${encodeURIComponent(artist.slug)}`),
    ];
    const catalogListed = listed.filter((path) => /^\/(album|artist)\//.test(path));
    expect(catalogListed.sort()).toEqual(expected.sort());
    // What is waiting for confirmation is not announced.
    expect(catalogListed.some((path) => path.includes('still-pending') || path.includes('pending-person'))).toBe(false);
    // Every listed page is there (XML-escaped in the file, a real address once read).
    const album = albums.find((row) => row.slug.includes('unicode') || row.slug.includes('ampersands'));
    expect(album).toBeDefined();
    expect((await t.inject(`/api/albums/${album!.slug}`)).statusCode).toBe(200);
  });

  it('list every review and list a visitor may read once, and none that a visitor may not', async () => {
    const slug = (await t.db.selectFrom('album').select('slug').where('status', '=', 'confirmed').executeTakeFirstOrThrow()).slug;
    const review = async (person: TestUser) => {
      const answer = await t.inject({
        method: 'POST',
        url: `/api/albums/${slug}/reviews`,
        payload: { rating: 7, content: `<p>${'A record that rewards a second and a third listen. '.repeat(2)}</p>` },
        headers: { cookie: person.cookie },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().id as string;
    };
    const list = async (person: TestUser, isPrivate: boolean) => {
      const answer = await t.inject({
        method: 'POST',
        url: '/api/collections',
        payload: { name: isPrivate ? 'Mine alone' : 'For everyone', isPrivate, albumIds: [slug] },
        headers: { cookie: person.cookie },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().id as string;
    };
    const open = await createUser(t);
    const closed = await createUser(t);
    const shown = [`/review/${await review(open)}`, `/lists/${await list(open, false)}`];
    const hiddenReview = await review(await createUser(t));
    await t.db.updateTable('review').set({ hidden_reason: 'Spam' }).where('id', '=', hiddenReview).execute();
    const notShown = [
      `/review/${hiddenReview}`,
      `/lists/${await list(open, true)}`,
      `/review/${await review(closed)}`,
      `/lists/${await list(closed, false)}`,
    ];
    await t.inject({ method: 'PUT', url: '/api/me/visibility', payload: { visibility: 'followers' }, headers: { cookie: closed.cookie } });

    const listed = await listedIn('community');
    for (const path of shown) expect(listed.filter((entry) => entry === path)).toEqual([path]);
    for (const path of notShown) expect(listed, path).not.toContain(path);
    // What is listed is what a visitor reads; what is left out is not found for them.
    const readByVisitor = async (path: string) =>
      (await t.inject(`/api${path.replace(/^\/lists\//, '/collections/').replace(/^\/review\//, '/reviews/')}`)).statusCode;
    for (const path of shown) expect(await readByVisitor(path), path).toBe(200);
    for (const path of notShown) expect(await readByVisitor(path), path).toBe(404);
  });

  it('list the first addresses of a share that holds more than a sitemap may (ids not written at random)', async () => {
    const owner = await buildMember(t.db);
    const now = new Date().toISOString();
    const ids = Array.from({ length: SITEMAP_URLS_MAX + 1 }, (_, index) => `zz-imported-${String(index).padStart(6, '0')}`);
    for (let start = 0; start < ids.length; start += 2000) {
      const rows = ids.slice(start, start + 2000).map((id) => ({ id, user_id: owner, name: 'Imported', created_at: now, updated_at: now }));
      await t.db.insertInto('collection').values(rows).execute();
    }
    const share = await t.inject('/sitemaps/community-zz.xml');
    expect(share.statusCode).toBe(200);
    const listed = locs(share.body);
    expect(listed).toHaveLength(SITEMAP_URLS_MAX);
    expect(listed[0]).toBe(`${PUBLIC_URL}/lists/zz-imported-000000`);
    expect(listed).not.toContain(`${PUBLIC_URL}/lists/${ids.at(-1)}`);
    await t.db.deleteFrom('collection').where('user_id', '=', owner).execute();
  }, 60_000);

  it('split every possible id into exactly one share', () => {
    for (const id of ['', '0', '00000000', 'zz', 'zzzzzzzz', '~', 'ABC', 'scale-review-1', 'il', 'i9x', 'uuuu', 'k0', 'jz~']) {
      const shares = SHARE_STARTS.map((_, index) => shareRange(index)).filter(({ from, to }) => id >= from && (to === null || id < to));
      expect(shares, id).toHaveLength(1);
    }
  });

  it('answer 404 for a share that does not exist, and point crawlers at the index', async () => {
    for (const kind of ['catalog', 'community']) {
      expect((await t.inject(`/sitemaps/${kind}-il.xml`)).statusCode).toBe(404);
      expect((await t.inject(`/sitemaps/${kind}-abc.xml`)).statusCode).toBe(400);
      expect((await t.inject(`/sitemaps/${kind}-%00.xml`)).statusCode).toBe(400);
    }
    expect((await t.inject('/robots.txt')).body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
