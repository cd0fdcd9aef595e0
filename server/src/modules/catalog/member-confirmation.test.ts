import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { importExport } from '../../../test/imports.ts';
import { sessionCookie, type TestUser } from '../../../test/users.ts';

/**
 * Security finding 2 of issue #64 (decision 058): a second account importing the same file used to confirm the first
 * account's pending albums, so two accounts put junk and SEO spam into search, Explore, charts, stats and the sitemap.
 * Members now confirm a pending album only when enough independent members with standing have found it.
 */

const PUBLIC_URL = 'https://music.example.org';
const OPERATOR = 'vouch-operator@example.com';
const DAY = 24 * 60 * 60_000;

const HEADER =
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review';

/** What an attacker imports: titles a spreadsheet runs, markup for a page's title, and plain advertising. */
const JUNK = [
  { artist: 'Vipspam Pharmacy', title: '=HYPERLINK("http://vipspam.example/pills","Vipspam pills cheap")' },
  { artist: 'Vipspam Injector', title: '</title><script>location="//vipspam.example"</script>' },
  { artist: 'Vipspam Followers', title: 'Vipspam Buy Followers Today' },
  { artist: 'Vipspam Casino', title: 'Vipspam Casino Bonus Codes' },
];

const csvCell = (value: string) => `"${value.replace(/"/g, '""')}"`;

function exportOf(albums: readonly { artist: string; title: string }[], year = 2024): string {
  return [
    HEADER,
    ...albums.map((album, index) =>
      [`${500 + index}`, '', album.artist, '', '', album.title, `${year}`, '10', '', '', '', ''].map(csvCell).join(','),
    ),
  ].join('\n');
}

interface Member extends TestUser {
  /** The address (and with it the address range) the member's requests come from. */
  address: string;
  /** The browser's device cookie (name=value). */
  device: string;
}

let sequence = 0;

/** Signs someone up from `address`, in a browser of their own or in `browser`'s (whose device cookie it sends). */
async function signUp(t: TestApp, address: string, browser?: Member, email?: string): Promise<Member> {
  sequence++;
  const password = 'Correct-Horse-Battery-9';
  email ??= `voucher${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await t.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: `Voucher ${sequence}`, email, password },
    remoteAddress: address,
    headers: browser ? { cookie: browser.device } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = response.headers['set-cookie'];
  const device = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((cookie) => /^(__Secure-)?hearsay\.device=/.test(cookie));
  expect(device, `a device cookie in ${JSON.stringify(setCookie)}`).toBeDefined();
  const deviceCookie = device!.split(';')[0]!;
  return {
    user: response.json().user,
    cookie: `${sessionCookie(setCookie)}; ${deviceCookie}`,
    password,
    address,
    device: deviceCookie,
  };
}

async function call(t: TestApp, method: 'GET' | 'PUT' | 'POST', url: string, as?: Member, payload?: object) {
  return t.inject({ method, url, payload, headers: as ? { cookie: as.cookie } : {}, ...(as ? { remoteAddress: as.address } : {}) });
}

async function get(t: TestApp, url: string, as?: Member) {
  const response = await call(t, 'GET', url, as);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** Imports the file as the member, from their address and browser; expects every row to be imported. */
async function importAs(t: TestApp, member: Member, csv: string) {
  const job = await importExport(t, member, csv, 'export.csv', member.address);
  expect(job.status, JSON.stringify(job.summary)).toBe('done');
  expect(job.summary.skipped).toBe(0);
  return job;
}

/** The albums of these titles as the importer's ratings list them. */
async function albumIdsOf(t: TestApp, member: Member, titles: readonly string[]): Promise<string[]> {
  const mine = await get(t, '/api/me/ratings?limit=100', member);
  return titles.map((title) => {
    const item = mine.items.find((entry: { album: { title: string } }) => entry.album.title === title);
    expect(item, `${title} in ${member.user.username}'s ratings`).toBeDefined();
    return item.album.id as string;
  });
}

/** Every page the catalog sitemaps list. */
async function sitemapPages(t: TestApp): Promise<string> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
  const shares = locs((await t.inject('/sitemap.xml')).body).filter((loc) => loc.startsWith(`${PUBLIC_URL}/sitemaps/catalog-`));
  expect(shares.length).toBeGreaterThan(0);
  const pages: string[] = [];
  for (const share of shares) pages.push(...locs((await t.inject(share.slice(PUBLIC_URL.length))).body));
  return pages.join('\n');
}

/**
 * Which of the albums a stranger (and a visitor) comes across anywhere public: search by title words and artist,
 * Explore, Discover, the week's chart, the landing page, the site's album count, and the sitemap when asked.
 */
async function publicTraces(t: TestApp, albumIds: readonly string[], words: readonly string[], stranger: Member, sitemap = false) {
  const searches = await Promise.all(
    words.flatMap((word) => [
      get(t, `/api/search?q=${encodeURIComponent(word)}`, stranger),
      get(t, `/api/search?q=${encodeURIComponent(word)}`),
    ]),
  );
  const [explore, discover, recent, chart, landing, stats] = await Promise.all([
    get(t, '/api/albums?sort=recent&limit=100', stranger),
    get(t, '/api/discover?limit=100', stranger),
    get(t, '/api/discover?tab=recent&limit=100'),
    get(t, '/api/charts?period=week&limit=100'),
    get(t, '/api/site/landing'),
    get(t, '/api/site/stats'),
  ]);
  const slugs = await Promise.all(albumIds.map(async (id) => (await get(t, `/api/albums/${id}`)).slug as string));
  const pages = sitemap ? await sitemapPages(t) : '';
  const seenIn = (body: unknown) => albumIds.filter((id) => JSON.stringify(body).includes(id));
  return {
    search: seenIn(searches.map((search) => [search.albums, search.artists])),
    explore: seenIn(explore.items),
    discover: seenIn([discover.items, recent.items]),
    chart: seenIn(chart.items),
    landing: seenIn(landing.featuredAlbums),
    sitemap: slugs.filter((slug) => pages.includes(`/album/${encodeURIComponent(slug)}`)),
    albums: stats.albums as number,
  };
}

const nowhere = { search: [], explore: [], discover: [], chart: [], landing: [], sitemap: [] };

describe('two accounts flooding the public catalog (fresh accounts)', () => {
  let t: TestApp;
  let stranger: Member;

  beforeAll(async () => {
    // One rating puts an album in the chart, so a rated junk album would show there at once.
    t = await createTestApp({ env: { CHART_MIN_RATINGS: '1', PUBLIC_URL, ADMIN_EMAILS: OPERATOR } });
    for (let index = 0; index < 3; index++) await buildAlbum(t.db, { title: `Honest Catalog Record ${index}`, artist: 'Honest Band' });
    stranger = await signUp(t, '192.0.2.200');
  });
  afterAll(() => t.close());

  it('a second account in the same browser importing the same file makes none of it public', async () => {
    const before = (await get(t, '/api/site/stats')).albums;
    const first = await signUp(t, '203.0.113.7');
    const second = await signUp(t, '203.0.113.7', first);
    const csv = exportOf(JUNK);
    expect((await importAs(t, first, csv)).summary.created).toBe(JUNK.length);
    expect((await importAs(t, second, csv)).summary.matched).toBe(JUNK.length);
    const ids = await albumIdsOf(
      t,
      first,
      JUNK.map((album) => album.title),
    );
    expect(
      await albumIdsOf(
        t,
        second,
        JUNK.map((album) => album.title),
      ),
    ).toEqual(ids);

    expect(await publicTraces(t, ids, ['vipspam', 'vipspam pills', 'buy followers', 'casino bonus'], stranger, true)).toEqual({
      ...nowhere,
      albums: before,
    });
  });

  it('nor does a second account from another browser and address, while both are new', async () => {
    const before = (await get(t, '/api/site/stats')).albums;
    const junk = JUNK.map((album) => ({ ...album, title: `${album.title} Two` }));
    const first = await signUp(t, '198.51.100.20');
    const second = await signUp(t, '2001:db8:77::5');
    await importAs(t, first, exportOf(junk));
    await importAs(t, second, exportOf(junk));
    const ids = await albumIdsOf(
      t,
      second,
      junk.map((album) => album.title),
    );
    expect(await publicTraces(t, ids, ['vipspam two', 'buy followers two'], stranger)).toEqual({ ...nowhere, albums: before });
  });

  it('nor do ten fresh accounts from one address range; a moderator still confirms one at once', async () => {
    const before = (await get(t, '/api/site/stats')).albums;
    const junk = JUNK.map((album) => ({ ...album, title: `${album.title} Ten` }));
    const csv = exportOf(junk);
    const accounts: Member[] = [];
    for (let index = 0; index < 10; index++) {
      const account = await signUp(t, `198.51.100.${30 + index}`);
      await importAs(t, account, csv);
      accounts.push(account);
    }
    const ids = await albumIdsOf(
      t,
      accounts[0]!,
      junk.map((album) => album.title),
    );
    expect(
      await albumIdsOf(
        t,
        accounts[9]!,
        junk.map((album) => album.title),
      ),
    ).toEqual(ids);
    expect(await publicTraces(t, ids, ['vipspam ten', 'buy followers ten', 'casino bonus ten'], stranger, true)).toEqual({
      ...nowhere,
      albums: before,
    });

    const moderator = await signUp(t, '192.0.2.250', undefined, OPERATOR);
    const decided = await call(t, 'POST', '/api/moderation/decisions', moderator, {
      subjectType: 'album',
      subjectId: ids[2],
      action: 'confirm',
      reason: 'A real release',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const traces = await publicTraces(t, ids, ['buy followers ten'], stranger);
    expect(traces.search).toEqual([ids[2]]);
    expect(traces.albums).toBe(before + 1);
  });
});

describe('members with standing', () => {
  const clock = manualClock();
  let t: TestApp;
  let stranger: Member;
  let confirmedAlbums: string[];

  beforeAll(async () => {
    // Imports run between requests here, on the test's clock (a job thread keeps the real one).
    t = await createTestApp({ clock: clock.now, env: { CHART_MIN_RATINGS: '1', PUBLIC_URL, JOB_THREAD: 'false' } });
    confirmedAlbums = [];
    for (let index = 0; index < 20; index++) {
      confirmedAlbums.push(await buildAlbum(t.db, { title: `Well Known Record ${index}`, artist: `Well Known Band ${index % 4}` }));
    }
    stranger = await signUp(t, '192.0.2.201');
  });
  afterAll(() => t.close());

  /** Members who joined 15 days ago and rated 20 albums of the catalog since: what standing asks by default. */
  async function seasoned(addresses: readonly string[], sameBrowser = false): Promise<Member[]> {
    const members: Member[] = [];
    for (const address of addresses) members.push(await signUp(t, address, sameBrowser ? members[0] : undefined));
    clock.advance(15 * DAY);
    for (const member of members) {
      for (const albumId of confirmedAlbums) {
        const rated = await call(t, 'PUT', `/api/albums/${albumId}/rating`, member, { rating: 7 });
        expect(rated.statusCode, rated.body).toBe(200);
      }
    }
    return members;
  }

  it('two independent members who found the same album confirm it: it enters search', async () => {
    const [first, second] = await seasoned(['203.0.113.40', '2001:db8:1234::40']);
    const album = { artist: 'Quiet Basement Quartet', title: 'Songs Nobody Indexed' };
    await importAs(t, first!, exportOf([album], 2019));
    const [id] = await albumIdsOf(t, first!, [album.title]);
    // Their own find counts once, however often they import it.
    await importAs(t, first!, exportOf([album], 2019).replace('"500"', '"501"'));
    expect((await publicTraces(t, [id!], ['nobody indexed'], stranger)).search).toEqual([]);

    await importAs(t, second!, exportOf([album], 2019));
    const stored = await t.db.selectFrom('album').select(['status', 'confirmed_by']).where('id', '=', id!).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'confirmed', confirmed_by: 'member' });
    const traces = await publicTraces(t, [id!], ['nobody indexed', 'quiet basement'], stranger);
    expect(traces.search).toEqual([id]);
    expect(traces.explore).toEqual([id]);
    expect(traces.chart).toEqual([id]);
  });

  it('two accounts with standing in one browser, or from one address range the same day, are one person', async () => {
    const sameBrowser = JUNK.map((album) => ({ ...album, title: `${album.title} Browser` }));
    const [owner, sock] = await seasoned(['203.0.113.60', '192.0.2.61'], true);
    await importAs(t, owner!, exportOf(sameBrowser));
    await importAs(t, sock!, exportOf(sameBrowser));

    const sameRange = JUNK.map((album) => ({ ...album, title: `${album.title} Range` }));
    const [near, neighbour] = await seasoned(['198.51.100.60', '198.51.100.99']);
    await importAs(t, near!, exportOf(sameRange));
    await importAs(t, neighbour!, exportOf(sameRange));

    const ids = [
      ...(await albumIdsOf(
        t,
        sock!,
        sameBrowser.map((album) => album.title),
      )),
      ...(await albumIdsOf(
        t,
        neighbour!,
        sameRange.map((album) => album.title),
      )),
    ];
    const before = (await get(t, '/api/site/stats')).albums;
    expect(await publicTraces(t, ids, ['vipspam browser', 'vipspam range', 'casino bonus'], stranger)).toEqual({
      ...nowhere,
      albums: before,
    });

    // Someone else with standing, from elsewhere, makes two people.
    const [other] = await seasoned(['2001:db8:99::1']);
    await importAs(t, other!, exportOf(sameRange));
    expect((await publicTraces(t, ids, ['vipspam range'], stranger)).search.sort()).toEqual(ids.slice(JUNK.length).sort());
  });
});
